import {
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  enquiryBodySchema,
  enquirySchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { enquiryAudience, notifyNewEnquiry } from '../outbox/notify.ts';
import { enquirySourceOf } from './attribution.ts';
import { followUrl } from './follow-link.ts';
import { EnquiriesRepository } from './repository.ts';

/** The product id of a general request (the home page's quick form). */
export const GENERAL_REQUEST = -1;

/**
 * POST store/products/{id}/orders/: an enquiry about a product, or a general one with id -1.
 * The request is stored (committed) before the 201 is sent, with its notifications (staff mail, SMS
 * and bot messages, webhooks, the visitor's confirmation by mail and SMS with the follow link) written
 * to the outbox in the same transaction: they are sent by the outbox's worker, so a mail server or an
 * SMS gateway that is down delays them but loses nothing. The 201 carries `follow_url`, the request's
 * private page with its random token (absolute on the link base the notices use; the path alone
 * when the store knows no address yet), in the request's language.
 */
export const storefrontEnquiryRoutes: FastifyPluginAsyncZod<{ lang: string }> = async (app, { lang }) => {
  app.post(
    '/store/products/:id/orders/',
    {
      schema: {
        params: idParamsSchema,
        body: enquiryBodySchema,
        response: {
          201: enquirySchema,
          400: fieldErrorsSchema,
          401: errorDetailSchema,
          404: errorDetailSchema,
          429: errorDetailSchema,
        },
      },
      preValidation: app.limits.order,
    },
    async (request, reply) => {
      // A token that is no longer valid is refused (401) before anything is stored, rather than
      // stored under a user that is gone (which the database would refuse: a 500, the request lost).
      const userId = await app.optionalUser(request);
      const { id } = request.params;
      let productTitle = '';
      if (id !== GENERAL_REQUEST) {
        const title = await app.storeRepository.productTitle(id, {
          lang,
          fallback: app.config.defaultLanguage,
        });
        if (title === undefined) throw notFound('No Product matches the given query.');
        productTitle = title;
      }
      const { phone, email, description } = request.body;
      // The first-touch cookie the storefront's pages set (attribution.ts); the body is unchanged.
      const source = enquirySourceOf(request.headers.cookie);
      // Read before the transaction, together: the channels' setup (which may need a read of its own),
      // the link base and who hears of the enquiry. None of it is what "nothing lost" needs, so the
      // transaction holds only the two writes that are: the enquiry and the outbox rows that promise
      // its notices (docs/server.md, "The outbox").
      const { db } = app.database;
      const [channels, audience] = await Promise.all([app.channels.setup(), enquiryAudience(db, app.config)]);
      const { baseUrl } = audience;
      // In a transaction shared with the writes that arrive together on SQLite (db/group-commit.ts).
      const { order, follow, kinds } = await app.database.grouped(async (trx) => {
        const { enquiry: stored, followToken } = await new EnquiriesRepository(trx).create({
          productId: id === GENERAL_REQUEST ? null : id,
          productTitle,
          userId: userId ?? null,
          phone,
          email: email.toLowerCase(),
          description,
          language: lang,
          source,
        });
        const written = await notifyNewEnquiry(trx, {
          order: stored,
          baseUrl,
          followToken,
          channels,
          audience,
        });
        // The same link the visitor's SMS and mail carry (the token is never stored: only now is it known).
        return { order: stored, follow: followUrl(baseUrl, followToken, lang), kinds: written };
      });
      app.outbox.kick(kinds);
      request.log.info({ order: order.id, product: order.product_id }, 'order request stored');
      return reply.status(201).send({
        id: order.id,
        product: order.product_id,
        phone: order.phone,
        email: order.email,
        description: order.description,
        creation_date: order.created_at,
        follow_url: follow,
      });
    },
  );
};
