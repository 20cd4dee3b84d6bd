import {
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  reviewBodySchema,
  reviewSchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';

export interface LangOptions {
  lang: string;
}

/** POST store/products/{id}/reviews/: anyone may review; stored as plain text, email never shown. */
export const reviewRoutes: FastifyPluginAsyncZod<LangOptions> = async (app, { lang }) => {
  app.post(
    '/store/products/:id/reviews/',
    {
      schema: {
        params: idParamsSchema,
        body: reviewBodySchema,
        response: {
          201: reviewSchema,
          400: fieldErrorsSchema,
          404: errorDetailSchema,
          429: errorDetailSchema,
        },
      },
      preValidation: app.limits.review,
    },
    async (request, reply) => {
      const productId = request.params.id;
      if (!(await app.storeRepository.productExists(productId)))
        throw notFound('No Product matches the given query.');
      const { name, email, content } = request.body;
      const review = await app.database.db
        .insertInto('reviews')
        .values({
          product_id: productId,
          name,
          email: email.toLowerCase(),
          content,
          language: lang,
          creation_date: new Date().toISOString(),
        })
        .returning(['id', 'name', 'content', 'creation_date'])
        .executeTakeFirstOrThrow();
      return reply.status(201).send(review);
    },
  );
};
