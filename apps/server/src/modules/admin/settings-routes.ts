import crypto from 'node:crypto';
import {
  adminPageSchema,
  createWebhookBodySchema,
  createdWebhookSchema,
  deliveryQuerySchema,
  deliverySchema,
  notificationPreferencesSchema,
  settingsSchema,
  updateSettingsBodySchema,
  updateWebhookBodySchema,
  webhookSchema,
  type Webhook,
} from '@storefront/contracts/admin';
import { errorDetailSchema, fieldErrorsSchema } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { listDeliveries, mailStatus, retryDelivery } from '../outbox/notify.ts';
import { reviewPolicy, setReviewPolicy } from '../reviews/moderation.ts';
import { ALL_ROLES, OWNER_ONLY, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';

/**
 * Settings under /admin/api: each staff member's notification choices (mail language, new
 * enquiries, reviews waiting), the store's review policy and mail status (SMTP set up or not, what
 * waits in the outbox), webhooks (owners) and the outbox's delivery history with retry (owners).
 */

const errors = {
  400: fieldErrorsSchema,
  401: errorDetailSchema,
  403: errorDetailSchema,
  404: errorDetailSchema,
};
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

async function webhookViews(db: Kysely<DB>, id?: number): Promise<Webhook[]> {
  let query = db
    .selectFrom('webhooks')
    .select((eb) => [
      'webhooks.id',
      'webhooks.url',
      'webhooks.active',
      'webhooks.created_at',
      ...(['sent', 'pending', 'failed'] as const).map((status) =>
        eb
          .selectFrom('outbox')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('outbox.webhook_id', '=', 'webhooks.id')
          .where('outbox.status', '=', status)
          .as(status),
      ),
    ])
    .orderBy('webhooks.id');
  if (id !== undefined) query = query.where('webhooks.id', '=', id);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    active: r.active === 1,
    created_at: r.created_at,
    sent: Number(r.sent ?? 0),
    pending: Number(r.pending ?? 0),
    failed: Number(r.failed ?? 0),
  }));
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const settings = async () => ({
    reviews: await reviewPolicy(db),
    mail: await mailStatus(db, app.config),
  });

  app.get(
    '/account/notifications',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: notificationPreferencesSchema, ...errors } } },
    async (request) => {
      const staff = staffOf(request).staff;
      return {
        language: staff.language === 'en' ? ('en' as const) : ('fa' as const),
        notify_enquiries: staff.notify_enquiries === 1,
        notify_reviews: staff.notify_reviews === 1,
      };
    },
  );

  app.put(
    '/account/notifications',
    {
      config: { roles: ALL_ROLES },
      schema: {
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request).staff;
      const { language, notify_enquiries, notify_reviews } = request.body;
      await db
        .updateTable('staff')
        .set({ language, notify_enquiries: notify_enquiries ? 1 : 0, notify_reviews: notify_reviews ? 1 : 0 })
        .where('id', '=', staff.id)
        .execute();
      return request.body;
    },
  );

  app.get(
    '/settings',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: settingsSchema, ...errors } } },
    async () => settings(),
  );

  app.put(
    '/settings',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: updateSettingsBodySchema, response: { 200: settingsSchema, ...errors } },
    },
    async (request) => {
      const before = await reviewPolicy(db);
      await setReviewPolicy(db, request.body.reviews);
      if (before !== request.body.reviews) {
        await recordAudit(db, staffOf(request).staff, {
          action: 'update',
          entity: 'settings',
          summary: { reviews: [before, request.body.reviews] },
        });
      }
      return settings();
    },
  );

  app.get(
    '/webhooks',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: z.array(webhookSchema), ...errors } } },
    async () => webhookViews(db),
  );

  app.post(
    '/webhooks',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: createWebhookBodySchema, response: { 201: createdWebhookSchema, ...errors } },
    },
    async (request, reply) => {
      const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
      const row = await db
        .insertInto('webhooks')
        .values({ url: request.body.url, secret, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(db, staffOf(request).staff, {
        action: 'create',
        entity: 'webhook',
        entityId: row.id,
        summary: { url: request.body.url },
      });
      const [webhook] = await webhookViews(db, row.id);
      return reply.status(201).send({ webhook: webhook!, secret });
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { roles: OWNER_ONLY },
      schema: {
        params: idParams,
        body: updateWebhookBodySchema,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) => {
      const result = await db
        .updateTable('webhooks')
        .set({ active: request.body.active ? 1 : 0 })
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('No such webhook.');
      await recordAudit(db, staffOf(request).staff, {
        action: request.body.active ? 'enable' : 'disable',
        entity: 'webhook',
        entityId: request.params.id,
        summary: {},
      });
      return (await webhookViews(db, request.params.id))[0]!;
    },
  );

  app.delete(
    '/webhooks/:id',
    { config: { roles: OWNER_ONLY }, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const before = await db
        .selectFrom('webhooks')
        .select('url')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!before) throw notFound('No such webhook.');
      // Its deliveries stay in the history (webhook_id set null); ones still waiting are not sent.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('outbox')
          .set({ status: 'failed', last_error: 'The webhook was deleted.' })
          .where('webhook_id', '=', request.params.id)
          .where('status', '=', 'pending')
          .execute();
        await trx.deleteFrom('webhooks').where('id', '=', request.params.id).execute();
        await recordAudit(trx, staffOf(request).staff, {
          action: 'delete',
          entity: 'webhook',
          entityId: request.params.id,
          summary: { url: before.url },
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/deliveries',
    {
      config: { roles: OWNER_ONLY },
      schema: {
        querystring: deliveryQuerySchema,
        response: { 200: adminPageSchema(deliverySchema), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const result = await listDeliveries(db, {
        ...request.query,
        page,
        page_size: request.query.page_size ?? 25,
      });
      return { ...result, page };
    },
  );

  app.post(
    '/deliveries/:id/retry',
    {
      config: { roles: OWNER_ONLY },
      schema: { params: idParams, response: { 200: deliverySchema, ...errors } },
    },
    async (request) => {
      const delivery = await retryDelivery(db, request.params.id);
      if (!delivery) throw notFound('No such delivery.');
      await recordAudit(db, staffOf(request).staff, {
        action: 'retry',
        entity: 'delivery',
        entityId: request.params.id,
        summary: {},
      });
      app.outbox.kick();
      return delivery;
    },
  );
};
