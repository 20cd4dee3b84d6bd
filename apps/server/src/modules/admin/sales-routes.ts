import {
  adminPageSchema,
  adminReviewSchema,
  customerDeletedSchema,
  customerDetailSchema,
  customerQuerySchema,
  customerSchema,
  reviewQuerySchema,
  subscriberQuerySchema,
  subscriberSchema,
  updateCustomerBodySchema,
  updateReviewBodySchema,
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { localDay } from '../../lib/time-zone.ts';
import { Customers } from './customers.ts';
import { Subscribers } from '../newsletter/subscribers.ts';
import { ReviewQueue } from '../reviews/moderation.ts';
import { SALES_ROLES, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/**
 * Review moderation, customers (registered storefront users) and the newsletter list under
 * /admin/api, for owners and sales staff. Every write is in the audit log.
 */

const errors = adminErrors;
const config = { roles: SALES_ROLES };

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const fallback = app.config.defaultLanguage;
  const reviews = new ReviewQueue(app.database, fallback);
  const customers = new Customers(app.database, app.users, fallback);
  const subscribers = new Subscribers(db, resolveJwtSecret(app.config.jwtSecret, app.config.dataDir));
  const base = (request: { protocol: string; host: string }) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  // ---- reviews ----
  app.get(
    '/reviews',
    {
      config,
      schema: {
        querystring: reviewQuerySchema,
        response: { 200: adminPageSchema(adminReviewSchema), ...errors },
      },
    },
    async (request) => ({ ...(await reviews.list(request.query)), page: request.query.page ?? 1 }),
  );

  app.patch(
    '/reviews/:id',
    {
      config,
      schema: {
        params: idParams,
        body: updateReviewBodySchema,
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    async (request) => {
      const before = await reviews.find(request.params.id);
      if (!before) throw notFound('No such review.');
      const found = await reviews.moderate(before.id, request.body.status, (trx) =>
        recordAudit(trx, staffOf(request).staff, {
          action: request.body.status === 'published' ? 'approve' : 'hide',
          entity: 'review',
          entityId: before.id,
          summary: { status: [before.status, request.body.status], product: before.product_id },
        }),
      );
      const after = found ? await reviews.find(before.id) : undefined;
      if (!after) throw notFound('No such review.');
      return after;
    },
  );

  app.delete(
    '/reviews/:id',
    { config, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const before = await reviews.find(request.params.id);
      if (!before) throw notFound('No such review.');
      const removed = await reviews.moderate(before.id, 'delete', (trx) =>
        recordAudit(trx, staffOf(request).staff, {
          action: 'delete',
          entity: 'review',
          entityId: before.id,
          summary: { product: before.product_id, name: before.name, status: before.status },
        }),
      );
      if (!removed) throw notFound('No such review.');
      return reply.status(204).send(null);
    },
  );

  // ---- customers ----
  app.get(
    '/customers',
    {
      config,
      schema: {
        querystring: customerQuerySchema,
        response: { 200: adminPageSchema(customerSchema), ...errors },
      },
    },
    async (request) => ({ ...(await customers.list(request.query)), page: request.query.page ?? 1 }),
  );

  app.get(
    '/customers/:id',
    { config, schema: { params: idParams, response: { 200: customerDetailSchema, ...errors } } },
    async (request) => {
      const detail = await customers.detail(request.params.id, staffOf(request).staff.language);
      if (!detail) throw notFound('No such customer.');
      return detail;
    },
  );

  app.patch(
    '/customers/:id',
    {
      config,
      schema: {
        params: idParams,
        body: updateCustomerBodySchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const before = await customers.find(request.params.id);
      if (!before) throw notFound('No such customer.');
      await customers.setActive(before.id, request.body.active);
      await recordAudit(db, staffOf(request).staff, {
        action: request.body.active ? 'enable' : 'disable',
        entity: 'customer',
        entityId: before.id,
        summary: { active: [before.active, request.body.active] },
      });
      return (await customers.find(before.id))!;
    },
  );

  app.delete(
    '/customers/:id',
    { config, schema: { params: idParams, response: { 200: customerDeletedSchema, ...errors } } },
    async (request) => {
      // The audit keeps what was done, never the personal data that went.
      const removed = await customers.remove(request.params.id, (trx, summary) =>
        recordAudit(trx, staffOf(request).staff, {
          action: 'delete',
          entity: 'customer',
          entityId: request.params.id,
          summary,
        }),
      );
      if (!removed) throw notFound('No such customer.');
      return removed;
    },
  );

  // ---- newsletter ----
  app.get(
    '/newsletter',
    {
      config,
      schema: {
        querystring: subscriberQuerySchema,
        response: { 200: adminPageSchema(subscriberSchema), ...errors },
      },
    },
    async (request) => ({
      ...(await subscribers.list(request.query, base(request))),
      page: request.query.page ?? 1,
    }),
  );

  app.delete(
    '/newsletter/:id',
    { config, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if ((await subscribers.remove(request.params.id)) === undefined) throw notFound('No such sign-up.');
      await recordAudit(db, staffOf(request).staff, {
        action: 'delete',
        entity: 'newsletter',
        entityId: request.params.id,
        summary: {},
      });
      return reply.status(204).send(null);
    },
  );

  app.get('/newsletter/export', { config }, async (request, reply) => {
    const from = base(request);
    async function* rows() {
      for await (const batch of subscribers.stream(from)) {
        yield batch.map((s) => [s.email, s.language, s.created_at, s.unsubscribe_url]);
      }
    }
    await recordAudit(db, staffOf(request).staff, { action: 'export', entity: 'newsletter', summary: {} });
    // Loaded on the first export: ExcelJS, imported beside it, costs ~11 MB in every server otherwise.
    const { csvStream } = await import('../enquiries/spreadsheet.ts');
    return reply
      .header(
        'content-disposition',
        `attachment; filename="newsletter-${localDay(app.config.storeTimeZone, new Date())}.csv"`,
      )
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(csvStream(['email', 'language', 'created_at', 'unsubscribe_url'], rows()));
  });
};
