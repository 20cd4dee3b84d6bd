import {
  aboutUsSchema,
  bannerSchema,
  collectionSchema,
  collectionsQuerySchema,
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  industrySchema,
  listQuerySchema,
  pageSchema,
  postSchema,
  productSchema,
  productsQuerySchema,
  reviewSchema,
  searchListQuerySchema,
  subcollectionSchema,
  type ListQuery,
} from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { mediaUrlFor, type LocaleContext } from '../../lib/translate.ts';
import type { ListResult, Paging } from './repository.ts';
import type { ResponseCache } from './response-cache.ts';

export interface StoreRoutesOptions {
  lang: string;
  /** Shared by every language's routes. */
  cache: ResponseCache;
}

const errors = { 400: fieldErrorsSchema, 404: errorDetailSchema };
const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);

/** The read side of the store under /{lang}/api/. Registered once per configured language. */
export const storeRoutes: FastifyPluginAsyncZod<StoreRoutesOptions> = async (app, { lang, cache }) => {
  const { config } = app;
  const repo = app.storeRepository;

  const baseUrl = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const context = async (request: FastifyRequest): Promise<LocaleContext> => ({
    lang,
    fallback: config.defaultLanguage,
    media: mediaUrlFor(baseUrl(request)),
    showPhone: (await app.viewerId(request)) !== undefined,
  });
  const paging = (query: ListQuery): Paging => ({
    limit: query.limit,
    offset: query.offset,
    ordering: query.ordering,
    paged: query.limit !== undefined || query.offset !== undefined,
  });
  /**
   * Answers a catalogue read from the response cache, or computes, serialises and caches it.
   * A read depends only on the catalogue's version, the language, the base URL for images, whether
   * the reader is signed in (supplier phones) and the URL. Errors (404) are never cached.
   */
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (ctx: LocaleContext) => Promise<unknown>,
  ): Promise<FastifyReply> => {
    const ctx = await context(request);
    reply.type('application/json; charset=utf-8');
    if (!cache.enabled) return reply.send(JSON.stringify(await compute(ctx)));
    const version = await repo.version.get();
    const key = `${lang} ${ctx.showPhone ? 'user' : 'visitor'} ${baseUrl(request)} ${request.url}`;
    let body = cache.get(key, version);
    if (body === undefined) {
      body = Buffer.from(JSON.stringify(await compute(ctx)));
      cache.set(key, version, body);
    }
    return reply.send(body);
  };

  /** A plain array, or {count, next, previous, results} when the client asked for a page. */
  const respond = <T>(request: FastifyRequest, query: ListQuery, result: ListResult<T>) => {
    const p = paging(query);
    if (!p.paged) return result.items;
    const limit = p.limit ?? 24;
    const offset = p.offset ?? 0;
    const count = result.count ?? result.items.length;
    const link = (newOffset: number) => {
      const url = new URL(request.url, baseUrl(request));
      url.searchParams.set('limit', String(limit));
      if (newOffset > 0) url.searchParams.set('offset', String(newOffset));
      else url.searchParams.delete('offset');
      return url.toString();
    };
    return {
      count,
      next: offset + limit < count ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results: result.items,
    };
  };

  app.get(
    '/store/collections/',
    {
      schema: { querystring: collectionsQuerySchema, response: { 200: listOf(collectionSchema), ...errors } },
    },
    async (request, reply) => {
      const { query } = request;
      return cached(request, reply, async (ctx) =>
        respond(request, query, await repo.listCollections({ footer: query.footer }, paging(query), ctx)),
      );
    },
  );

  app.get(
    '/store/subcollections/',
    {
      schema: {
        querystring: searchListQuerySchema,
        response: { 200: listOf(subcollectionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      return cached(request, reply, async (ctx) =>
        respond(request, query, await repo.listSubcollections({ search: query.search }, paging(query), ctx)),
      );
    },
  );

  app.get(
    '/store/industries/',
    { schema: { querystring: searchListQuerySchema, response: { 200: listOf(industrySchema), ...errors } } },
    async (request, reply) => {
      const { query } = request;
      return cached(request, reply, async (ctx) =>
        respond(request, query, await repo.listIndustries({ search: query.search }, paging(query), ctx)),
      );
    },
  );

  app.get(
    '/store/products/',
    { schema: { querystring: productsQuerySchema, response: { 200: listOf(productSchema), ...errors } } },
    async (request, reply) => {
      const { query } = request;
      return cached(request, reply, async (ctx) =>
        respond(request, query, await repo.listProducts(query, paging(query), ctx)),
      );
    },
  );

  app.get(
    '/store/products/:id/',
    { schema: { params: idParamsSchema, response: { 200: productSchema, ...errors } } },
    async (request, reply) =>
      cached(request, reply, async (ctx) => {
        const product = await repo.getProduct(request.params.id, ctx);
        if (!product) throw notFound('No Product matches the given query.');
        return product;
      }),
  );

  // Reviews change whenever someone writes one: not cached.
  app.get(
    '/store/products/:id/reviews/',
    {
      schema: {
        params: idParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listOf(reviewSchema), ...errors },
      },
    },
    async (request) => {
      if (!(await repo.productExists(request.params.id))) {
        throw notFound('No Product matches the given query.');
      }
      return respond(
        request,
        request.query,
        await repo.listReviews(request.params.id, paging(request.query)),
      );
    },
  );

  app.get(
    '/store/image-banners/',
    { schema: { querystring: listQuerySchema, response: { 200: listOf(bannerSchema), ...errors } } },
    async (request, reply) =>
      cached(request, reply, async (ctx) =>
        respond(request, request.query, await repo.listBanners(paging(request.query), ctx)),
      ),
  );

  app.get(
    '/store/posts/',
    { schema: { querystring: listQuerySchema, response: { 200: listOf(postSchema), ...errors } } },
    async (request, reply) =>
      cached(request, reply, async (ctx) =>
        respond(request, request.query, await repo.listPosts(paging(request.query), ctx)),
      ),
  );

  app.get(
    '/store/posts/:id/',
    { schema: { params: idParamsSchema, response: { 200: postSchema, ...errors } } },
    async (request, reply) =>
      cached(request, reply, async (ctx) => {
        const post = await repo.getPost(request.params.id, ctx);
        if (!post) throw notFound('No Post matches the given query.');
        return post;
      }),
  );

  app.get(
    '/store/about-us/',
    { schema: { response: { 200: z.array(aboutUsSchema), ...errors } } },
    async (request, reply) => cached(request, reply, (ctx) => repo.listAboutUs(ctx)),
  );
};
