import {
  errorDetailSchema,
  fieldErrorsSchema,
  idParamsSchema,
  enquiryBodySchema,
  enquirySchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enquirySourceOf } from './attribution.ts';
import { storeEnquiry } from './store.ts';

export { GENERAL_REQUEST } from './store.ts';

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
      const { phone, email, description } = request.body;
      // Read first, then the enquiry and its outbox rows committed together (store.ts); the
      // first-touch cookie the storefront's pages set is where the visitor came from (attribution.ts).
      const { order, follow, kinds } = await storeEnquiry(app, {
        productId: request.params.id,
        lang,
        userId: userId ?? null,
        phone,
        email,
        description,
        source: enquirySourceOf(request.headers.cookie),
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
