import {
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  reviewBodySchema,
  reviewCreatedSchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { linkBase } from '../outbox/link-base.ts';
import { audienceVersion, keptAudience, lastKeptAudience, notifyHeldReview } from '../outbox/notify.ts';
import { publishReviewAtOnce, writeReviews } from './changes.ts';
import { insertReview } from './moderation.ts';
import { shownReview } from '../store/review-json.ts';

export interface LangOptions {
  lang: string;
}

/**
 * POST store/products/{id}/reviews/: anyone may review; stored as plain text, email never shown.
 * When the store holds reviews for approval (moderation.ts), the review is stored `held` (the answer
 * says so, and the storefront tells the reviewer it will appear after a check) and the staff who
 * asked for it are told by mail, through the outbox, in the same transaction.
 */
export const reviewRoutes: FastifyPluginAsyncZod<LangOptions> = async (app, { lang }) => {
  app.post(
    '/store/products/:id/reviews/',
    {
      schema: {
        params: idParamsSchema,
        body: reviewBodySchema,
        response: {
          201: reviewCreatedSchema,
          400: fieldErrorsSchema,
          404: errorDetailSchema,
          429: errorDetailSchema,
        },
      },
      preValidation: app.limits.review,
    },
    async (request, reply) => {
      const productId = request.params.id;
      const { name, email, content } = request.body;
      const { database } = app;
      const published = (id: number, creation_date: string) =>
        reply.status(201).send({ id, name, content, creation_date, status: 'published' });
      // PostgreSQL, the common case: the policy this process read last said "publish", so the review is
      // written at once, by one statement with the others that arrive together, which also checks that
      // the product is published and that the policy's version (migration 0020) has not moved since;
      // only when either fails does the review take the way below (a 404, or the policy read again).
      const kept = database.dialect === 'postgres' ? lastKeptAudience(database.db, app.config) : undefined;
      if (kept && (await kept.audience).reviewPolicy === 'publish') {
        const creationDate = new Date().toISOString();
        const id = await publishReviewAtOnce(database, {
          product_id: productId,
          name,
          email: email.toLowerCase(),
          content,
          language: lang,
          creation_date: creationDate,
          audienceVersion: kept.version,
        });
        if (id !== undefined) return published(id, creationDate);
      }
      const [productTitle, version] = await Promise.all([
        app.storeRepository.productTitle(productId, { lang, fallback: app.config.defaultLanguage }),
        audienceVersion(database.db),
      ]);
      if (productTitle === undefined) throw notFound('No Product matches the given query.');
      const held = (await keptAudience(database.db, app.config, version)).reviewPolicy === 'hold';
      // A held review's notices need the channels' setup and the link base: read before the
      // transaction (the setup may read `meta` itself), so that it holds the writes only; a
      // published review needs neither.
      const notices = held
        ? { channels: await app.channels.setup(), baseUrl: await linkBase(app.database.db, app.config) }
        : undefined;
      // A published review shows at once: its product's page and reviews list are dropped from the
      // caches, here and on every instance (changes.ts); the rest of the catalogue stays cached.
      const review = await writeReviews(app.database, async (trx, shown) => {
        const row = await insertReview(trx, {
          product_id: productId,
          name,
          email: email.toLowerCase(),
          content,
          language: lang,
          held,
        });
        if (notices) {
          await notifyHeldReview(trx, {
            review: { ...row, product_id: productId, product_title: productTitle },
            ...notices,
          });
        } else shown([productId], [shownReview({ ...row, product_id: productId })]);
        return row;
      });
      if (held) app.outbox.kick();
      return reply.status(201).send({
        id: review.id,
        name: review.name,
        content: review.content,
        creation_date: review.creation_date,
        status: held ? 'held' : 'published',
      });
    },
  );
};
