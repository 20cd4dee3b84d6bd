import {
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  likeResultSchema,
  likeSchema,
  productLikesSchema,
  queryBooleanSchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { LikesRepository } from './repository.ts';

const errors = { 400: fieldErrorsSchema, 401: errorDetailSchema, 404: errorDetailSchema };
const NO_PRODUCT = 'No Product matches the given query.';

/** Likes under /{lang}/api/store/. Liking needs a signed-in user; reading does not. */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const likes = new LikesRepository(app.database.db);
  const store = app.storeRepository;

  // The storefront posts likes with an empty body, whatever content type its client sets:
  // in this scope any body is accepted and ignored (still bounded by the body limit).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.post(
    '/store/products/:id/likes/',
    {
      schema: {
        params: idParamsSchema,
        querystring: z.object({ dislike: queryBooleanSchema.optional() }),
        response: { 201: likeResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await app.requireUser(request);
      const productId = request.params.id;
      if (!(await store.productExists(productId))) throw notFound(NO_PRODUCT);
      const liked = request.query.dislike !== true;
      if (liked) await likes.like(userId, productId);
      else await likes.unlike(userId, productId);
      return reply.status(201).send({ product: productId, liked });
    },
  );

  app.get(
    '/store/products/:id/likes/',
    { schema: { params: idParamsSchema, response: { 200: productLikesSchema, ...errors } } },
    async (request) => {
      const productId = request.params.id;
      if (!(await store.productExists(productId))) throw notFound(NO_PRODUCT);
      const userId = await app.viewerId(request);
      return {
        product: productId,
        count: await likes.count(productId),
        liked: userId === undefined ? false : await likes.liked(userId, productId),
      };
    },
  );

  app.get(
    '/store/likes/',
    { schema: { response: { 200: z.array(likeSchema), ...errors } } },
    async (request) => {
      const userId = await app.viewerId(request);
      if (userId === undefined) return [];
      return (await likes.productsLikedBy(userId)).map((product) => ({ product }));
    },
  );
};
