import {
  fieldErrorsSchema,
  newsletterBodySchema,
  newsletterSchema,
  errorDetailSchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addSubscriber } from './subscribers.ts';

/** POST store/emails/: newsletter sign-up; signing up again is not an error and adds nothing. */
export const newsletterRoutes: FastifyPluginAsyncZod<{ lang: string }> = async (app, { lang }) => {
  app.post(
    '/store/emails/',
    {
      schema: {
        body: newsletterBodySchema,
        response: { 201: newsletterSchema, 400: fieldErrorsSchema, 429: errorDetailSchema },
      },
      preValidation: app.limits.newsletter,
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await addSubscriber(app.database.db, email, lang);
      return reply.status(201).send({ email });
    },
  );
};
