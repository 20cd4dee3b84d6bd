import {
  aboutUsSchema,
  storeIdentitySchema,
  bannerSchema,
  collectionSchema,
  collectionsQuerySchema,
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  industryRefSchema,
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
  type Product,
} from '@storefront/contracts';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import { keptHeads, keptVariants, sendEncoded, writeKept } from '../../lib/plugins/compression.ts';
import { notFound } from '../../lib/errors.ts';
import { SerializedJson, serializerFor } from '../../lib/plugins/serializer.ts';
import { mediaUrlFor, type LocaleContext } from '../../lib/translate.ts';
import { bearer } from '../auth/viewer.ts';
import type { ListResult, Paging } from './repository.ts';
import { joinedPieces, writeProduct } from '../catalogue/product-view.ts';

export interface StoreRoutesOptions {
  lang: string;
}

const errors = { 400: fieldErrorsSchema, 404: errorDetailSchema };
/** Unpaginated product lists longer than this are streamed. */
export const STREAM_FROM = 100;
/** An industry's own fields (its products are streamed after them). */
const writeIndustryRef = serializerFor(industryRefSchema);
/** A subcollection's own fields (its products are streamed after them). */
const writeSubcollectionHead = serializerFor(subcollectionSchema.omit({ products: true }));
const JSON_TYPE = 'application/json; charset=utf-8';
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const END = Buffer.from('}');
const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);

/** The read side of the store under /{lang}/api/. Registered once per configured language. */
export const storeRoutes: FastifyPluginAsyncZod<StoreRoutesOptions> = async (app, { lang }) => {
  const { config } = app;
  const repo = app.storeRepository;
  /** Shared by every language's routes: the catalogue's version and the answers kept for it. */
  const cache = app.catalogueCache;

  const baseUrl = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const context = async (request: FastifyRequest): Promise<LocaleContext> => ({
    lang,
    fallback: config.defaultLanguage,
    media: mediaUrlFor(baseUrl(request)),
    mediaBase: baseUrl(request),
    showPhone: (await app.viewerId(request)) !== undefined,
  });
  const paging = (query: ListQuery): Paging => ({
    limit: query.limit,
    offset: query.offset,
    ordering: query.ordering,
    paged: query.limit !== undefined || query.offset !== undefined,
  });
  /**
   * The response cache's key. A read depends only on the catalogue's version (kept beside the
   * entry), the language, the base URL for images, whether the reader is signed in (supplier phones)
   * and the URL.
   */
  const cacheKey = (request: FastifyRequest, signedIn: boolean) =>
    `${lang} ${signedIn ? 'user' : 'visitor'} ${baseUrl(request)} ${request.url}`;

  /**
   * Answers a catalogue read from the response cache, or computes, serialises and caches it.
   * Errors (404) are never cached.
   */
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (ctx: LocaleContext) => Promise<unknown>,
    /** The product whose reviews the answer shows: kept under its reviews stamp too. */
    reviewsOf?: number,
  ): Promise<FastifyReply> => {
    const ctx = await context(request);
    reply.type(JSON_TYPE);
    // Serialised by the route's response schema (lib/plugins/serializer.ts): only the fields it names.
    // Pre-rendered JSON (SerializedJson) is sent as it is.
    const write = (value: unknown) =>
      value instanceof SerializedJson ? value.bytes : Buffer.from(reply.serialize(value) as string);
    if (!cache.responsesEnabled) return sendEncoded(request, reply, write(await compute(ctx)), notKept);
    const catalogueVersion = await cache.version();
    // Read before the answer is computed: a review committed meanwhile moves the stamp past it.
    const version =
      reviewsOf === undefined ? catalogueVersion : cache.withReviews(catalogueVersion, reviewsOf);
    const key = cacheKey(request, ctx.showPhone);
    const kept = cache.response(key, version);
    if (kept === undefined) {
      const body = write(await compute(ctx));
      // Kept only when it may be asked for again (its second request: CatalogueCache.admits) and is
      // not too large to keep. A miss is sent as the uncached application sends it (the hook of
      // lib/plugins/compression.ts compresses it in libuv's threads): the compressed variants are
      // made only when a hit asks for them, so an answer kept and never asked for again costs no
      // compression either.
      if (cache.responseFits(body.byteLength) && cache.admits(key)) cache.keepResponse(key, version, body);
      return sendEncoded(request, reply, body, notKept);
    }
    return sendEncoded(request, reply, kept, encoded(key, version, kept));
  };

  const encoded = (key: string, version: string, plain: Buffer) => keptVariants(cache, key, version, plain);
  /** An answer sent without kept variants: the compression hook compresses it for this request. */
  const notKept = () => undefined;

  /**
   * A hit is written straight to Node's response (`writeKept`) unless CORS is registered: its hook
   * puts Vary and Access-Control-Allow-Origin on the reply before this one runs, and those go out
   * only through Fastify's send.
   */
  const direct = config.corsOrigins.length === 0;
  /**
   * The security headers: with hits written straight to Node's response, this plugin's routes set
   * them themselves (lib/plugins/security-headers.ts), a hit in its one `writeHead`
   * (`KeptHeads`), every other request at the start of the route's first hook, in the same order as
   * the app's hook set them.
   */
  const ownHeaders = direct && cache.responsesEnabled;
  const security = app.securityHeaders;
  if (ownHeaders) security.setByRoutesOf(app);
  const heads = keptHeads(security);
  /**
   * A visitor's cache hit, answered as soon as the request arrives (an onRequest hook of each cached
   * route, after the app's own hooks: CORS when registered, the security headers when this plugin has
   * not taken them over): no validation, no handler, no promise.
   * The cached bytes are exactly what the handler sent for this URL, which passed validation then;
   * the answer's headers are the handler's too. Everything else goes on to the route as before: a
   * miss, a request with a token (which must be verified first), HEAD, and any request while the
   * catalogue's version is due to be read again.
   */
  const fromCacheUnder =
    (versionOf: (request: FastifyRequest, version: string) => string | undefined): onRequestHookHandler =>
    (request, reply, done) => {
      if (request.method === 'GET' && bearer(request) === undefined) {
        const catalogueVersion = cache.currentVersion();
        const version = catalogueVersion === undefined ? undefined : versionOf(request, catalogueVersion);
        if (version !== undefined) {
          const key = cacheKey(request, false);
          const body = cache.response(key, version);
          if (body !== undefined) {
            if (direct && writeKept(request, reply, cache, key, version, body, heads)) return;
            if (ownHeaders) security.set(reply.raw);
            sendEncoded(request, reply.type(JSON_TYPE), body, encoded(key, version, body));
            return;
          }
        }
      }
      if (ownHeaders) security.set(reply.raw);
      done();
    };
  const fromCache = fromCacheUnder((_request, version) => version);
  const early = cache.responsesEnabled ? { onRequest: fromCache } : {};
  /**
   * A product's reviews list: kept under the product's reviews stamp as well (`withReviews`), so that
   * a review published, hidden or deleted drops that product's lists only. The id is the path's as
   * the route reads it (only an answer that passed validation was ever kept for the URL).
   */
  const earlyReviews = cache.responsesEnabled
    ? {
        onRequest: fromCacheUnder((request, version) => {
          const id = (request.params as { id?: string }).id;
          return id !== undefined && /^\d{1,10}$/.test(id)
            ? cache.withReviews(version, Number(id))
            : undefined;
        }),
      }
    : {};

  /** A plain array, or {count, next, previous, results} when the client asked for a page. */
  const respond = <T>(request: FastifyRequest, query: ListQuery, result: ListResult<T>) => {
    const p = paging(query);
    // Items already written as JSON (pre-rendered products): the list's text is put together here,
    // exactly as the page schema's serialiser would write it.
    const json = result.json === undefined ? undefined : [OPEN, ...joinedPieces(result.json), CLOSE];
    if (!p.paged) return json === undefined ? result.items : new SerializedJson(Buffer.concat(json));
    const limit = p.limit ?? 24;
    const offset = p.offset ?? 0;
    const count = result.count ?? result.json?.length ?? result.items.length;
    const link = (newOffset: number) => {
      const url = new URL(request.url, baseUrl(request));
      url.searchParams.set('limit', String(limit));
      if (newOffset > 0) url.searchParams.set('offset', String(newOffset));
      else url.searchParams.delete('offset');
      return url.toString();
    };
    const next = offset + limit < count ? link(offset + limit) : null;
    const previous = offset > 0 ? link(Math.max(0, offset - limit)) : null;
    if (json !== undefined) {
      const head = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":`;
      return new SerializedJson(Buffer.concat([Buffer.from(head), ...json, END]));
    }
    return { count, next, previous, results: result.items };
  };

  /** Writes one product as its JSON text (the stored render of its language). */
  const writeOne = (product: Product) => writeProduct(product);

  /**
   * A list that may be long. Unpaginated and past STREAM_FROM products (the full list, a broad
   * search, the industries or subcollections with many products between them), it is streamed:
   * written in batches as it is read, never whole in memory, never cached (the cache keeps small
   * answers). Otherwise it is answered from the response cache or built and kept there.
   */
  const longList = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    query: ListQuery,
    list: {
      count: () => Promise<number>;
      stream: (ctx: LocaleContext) => AsyncIterable<string | Buffer>;
      list: (ctx: LocaleContext) => Promise<ListResult<T>>;
    },
  ): Promise<FastifyReply> => {
    if (!paging(query).paged && (await list.count()) > STREAM_FROM) {
      const body = list.stream(await context(request));
      // Bytes, not objects: the stream reads the next batch only once the last one is sent.
      return reply.type(JSON_TYPE).send(Readable.from(body, { objectMode: false }));
    }
    return cached(request, reply, async (ctx) => respond(request, query, await list.list(ctx)));
  };

  app.get(
    '/store/collections/',
    {
      ...early,
      schema: { querystring: collectionsQuerySchema, response: { 200: listOf(collectionSchema), ...errors } },
    },
    async (request, reply) => {
      const { query } = request;
      return cached(request, reply, async (ctx) =>
        respond(request, query, await repo.listCollections({ footer: query.footer }, paging(query), ctx)),
      );
    },
  );

  /** A list route whose answer may be long (longList): its URL, query, item and where its items come from. */
  const longListRoute = <Q extends ListQuery>(
    url: string,
    querystring: z.ZodType<Q>,
    item: z.ZodType,
    source: (query: Q) => Parameters<typeof longList>[3],
  ) =>
    app.get(
      url,
      { ...early, schema: { querystring, response: { 200: listOf(item), ...errors } } },
      async (request, reply) => longList(request, reply, request.query as Q, source(request.query as Q)),
    );

  // Subcollections and industries that list many products between them are streamed, as long
  // product lists are.
  longListRoute('/store/subcollections/', searchListQuerySchema, subcollectionSchema, (query) => ({
    count: () => repo.countSubcollectionProducts(query.search),
    stream: (ctx) => repo.streamSubcollections(query.search, ctx, writeSubcollectionHead, writeOne),
    list: (ctx) => repo.listSubcollections({ search: query.search }, paging(query), ctx),
  }));
  longListRoute('/store/industries/', searchListQuerySchema, industrySchema, (query) => ({
    count: () => repo.countIndustryProducts(query.search),
    stream: (ctx) => repo.streamIndustries(query.search, ctx, writeIndustryRef, writeOne),
    list: (ctx) => repo.listIndustries({ search: query.search }, paging(query), ctx),
  }));
  longListRoute('/store/products/', productsQuerySchema, productSchema, (query) => ({
    count: () => repo.countProducts(query),
    stream: (ctx) => repo.streamProducts(query, query.ordering ?? 'id', ctx, writeOne),
    list: (ctx) => repo.listProducts(query, paging(query), ctx),
  }));

  /** One item by its id, kept in the response cache; 404 with `missing` when there is none. */
  const oneRoute = (
    url: string,
    item: z.ZodType,
    read: (id: number, ctx: LocaleContext) => Promise<unknown>,
    missing: string,
  ) =>
    app.get(
      url,
      { ...early, schema: { params: idParamsSchema, response: { 200: item, ...errors } } },
      async (request, reply) =>
        cached(request, reply, async (ctx) => {
          const found = await read(request.params.id, ctx);
          if (!found) throw notFound(missing);
          return found;
        }),
    );

  oneRoute(
    '/store/products/:id/',
    productSchema,
    (id, ctx) => repo.productView(id, ctx),
    'No Product matches the given query.',
  );

  // Kept per catalogue version and the product's reviews stamp: a review published, hidden or
  // deleted (modules/reviews/changes.ts) drops this product's lists, and nothing else.
  app.get(
    '/store/products/:id/reviews/',
    {
      ...earlyReviews,
      schema: {
        params: idParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listOf(reviewSchema), ...errors },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        async () => {
          if (!(await repo.productExists(request.params.id))) {
            throw notFound('No Product matches the given query.');
          }
          // The product's reviews as JSON, kept once for both languages and every page (repository).
          return respond(
            request,
            request.query,
            await repo.listReviews(request.params.id, paging(request.query)),
          );
        },
        request.params.id,
      ),
  );

  app.get(
    '/store/image-banners/',
    {
      ...early,
      schema: { querystring: listQuerySchema, response: { 200: listOf(bannerSchema), ...errors } },
    },
    async (request, reply) =>
      cached(request, reply, async (ctx) =>
        respond(request, request.query, await repo.listBanners(paging(request.query), ctx)),
      ),
  );

  app.get(
    '/store/posts/',
    { ...early, schema: { querystring: listQuerySchema, response: { 200: listOf(postSchema), ...errors } } },
    async (request, reply) =>
      cached(request, reply, async (ctx) =>
        respond(request, request.query, await repo.listPosts(paging(request.query), ctx)),
      ),
  );

  oneRoute(
    '/store/posts/:id/',
    postSchema,
    (id, ctx) => repo.getPost(id, ctx),
    'No Post matches the given query.',
  );

  app.get(
    '/store/identity/',
    { ...early, schema: { response: { 200: storeIdentitySchema, ...errors } } },
    async (request, reply) => cached(request, reply, (ctx) => repo.storeIdentity(ctx)),
  );

  app.get(
    '/store/about-us/',
    { ...early, schema: { response: { 200: z.array(aboutUsSchema), ...errors } } },
    async (request, reply) => cached(request, reply, (ctx) => repo.listAboutUs(ctx)),
  );
};
