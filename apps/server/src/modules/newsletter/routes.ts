import {
  fieldErrorsSchema,
  newsletterBodySchema,
  newsletterSchema,
  errorDetailSchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
      await app.database.db
        .insertInto('newsletter_emails')
        .values({ email, language: lang, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return reply.status(201).send({ email });
    },
  );
};
