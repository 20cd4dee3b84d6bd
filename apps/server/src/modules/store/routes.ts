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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { mediaUrlFor, type LocaleContext } from '../../lib/translate.ts';
import type { ListResult, Paging } from './repository.ts';

export interface StoreRoutesOptions {
  lang: string;
}

const errors = { 400: fieldErrorsSchema, 404: errorDetailSchema };
const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);

/** The read side of the store under /{lang}/api/. Registered once per configured language. */
export const storeRoutes: FastifyPluginAsyncZod<StoreRoutesOptions> = async (app, { lang }) => {
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
    async (request) => {
      const { query } = request;
      return respond(
        request,
        query,
        await repo.listCollections({ footer: query.footer }, paging(query), await context(request)),
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
    async (request) => {
      const { query } = request;
      return respond(
        request,
        query,
        await repo.listSubcollections({ search: query.search }, paging(query), await context(request)),
      );
    },
  );

  app.get(
    '/store/industries/',
    { schema: { querystring: searchListQuerySchema, response: { 200: listOf(industrySchema), ...errors } } },
    async (request) => {
      const { query } = request;
      return respond(
        request,
        query,
        await repo.listIndustries({ search: query.search }, paging(query), await context(request)),
      );
    },
  );

  app.get(
    '/store/products/',
    { schema: { querystring: productsQuerySchema, response: { 200: listOf(productSchema), ...errors } } },
    async (request) => {
      const { query } = request;
      return respond(request, query, await repo.listProducts(query, paging(query), await context(request)));
    },
  );

  app.get(
    '/store/products/:id/',
    { schema: { params: idParamsSchema, response: { 200: productSchema, ...errors } } },
    async (request) => {
      const product = await repo.getProduct(request.params.id, await context(request));
      if (!product) throw notFound('No Product matches the given query.');
      return product;
    },
  );

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
      if (!(await repo.productExists(request.params.id)))
        throw notFound('No Product matches the given query.');
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
    async (request) =>
      respond(request, request.query, await repo.listBanners(paging(request.query), await context(request))),
  );

  app.get(
    '/store/posts/',
    { schema: { querystring: listQuerySchema, response: { 200: listOf(postSchema), ...errors } } },
    async (request) =>
      respond(request, request.query, await repo.listPosts(paging(request.query), await context(request))),
  );

  app.get(
    '/store/posts/:id/',
    { schema: { params: idParamsSchema, response: { 200: postSchema, ...errors } } },
    async (request) => {
      const post = await repo.getPost(request.params.id, await context(request));
      if (!post) throw notFound('No Post matches the given query.');
      return post;
    },
  );

  app.get(
    '/store/about-us/',
    { schema: { response: { 200: z.array(aboutUsSchema), ...errors } } },
    async (request) => repo.listAboutUs(await context(request)),
  );
};
