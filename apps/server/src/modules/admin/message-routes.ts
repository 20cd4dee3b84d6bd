import {
  ATTACHMENT_MAX_BYTES,
  enquiryMessageSchema,
  errorDetailSchema,
  staffMessageBodySchema,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { readMessageForm, sendAttachment } from '../enquiries/attachments.ts';
import { EnquiryMessages } from '../enquiries/messages.ts';
import { SALES_ROLES, staffOf } from './access.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/**
 * An enquiry's thread in the back office (owners and sales staff), under /admin/api/enquiries/{id}:
 * the messages (oldest first), a reply (JSON `{body}`, or multipart with `body` and one
 * `attachment`: the buyer is told by SMS and mail with a signed link to the page), and a message's
 * file, served as a download that no browser runs. Every read goes through the enquiry in the path:
 * another enquiry's attachment id answers 404.
 */

const errors = { ...adminErrors, 413: errorDetailSchema, 415: errorDetailSchema };
const attachmentParams = idParams.extend({
  aid: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = EnquiryMessages.of(app);
  const exists = async (id: number) =>
    (await app.database.db.selectFrom('enquiries').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  app.get(
    '/enquiries/:id/messages',
    {
      config: { roles: SALES_ROLES },
      schema: {
        params: idParams,
        response: { 200: z.object({ results: z.array(enquiryMessageSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await exists(id))) throw notFound('No such enquiry.');
      void reply.header('cache-control', 'no-store');
      return { results: await messages.list(id) };
    },
  );

  app.post(
    '/enquiries/:id/messages',
    {
      config: { roles: SALES_ROLES },
      // JSON bodies stay small; a multipart body is bounded by its own limits (attachments.ts).
      bodyLimit: ATTACHMENT_MAX_BYTES + 64 * 1024,
      schema: {
        params: idParams,
        // Multipart forms have no parsed body here (readMessageForm reads them).
        body: staffMessageBodySchema.nullish(),
        response: { 201: enquiryMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const who = staffOf(request).staff;
      const form = request.isMultipart()
        ? await readMessageForm(request)
        : { body: request.body?.body ?? '' };
      const message = await messages.post(id, {
        author: 'staff',
        body: form.body,
        staffId: who.id,
        staffEmail: who.email,
        ...('attachment' in form && form.attachment ? { attachment: form.attachment } : {}),
      });
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/enquiries/:id/attachments/:aid',
    { config: { roles: SALES_ROLES }, schema: { params: attachmentParams, response: errors } },
    async (request, reply) => {
      const file = await messages.attachment(request.params.id, request.params.aid);
      if (!file) throw notFound('No such attachment.');
      return sendAttachment(reply, file);
    },
  );
};
