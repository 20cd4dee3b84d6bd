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
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { listDeliveries, mailStatus, retryDelivery } from '../outbox/notify.ts';
import { WebhookRepository } from '../outbox/webhooks.ts';
import { reviewPolicy, setReviewPolicy } from '../reviews/moderation.ts';
import { ALL_ROLES, OWNER_ONLY, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/**
 * Settings under /admin/api: each staff member's notification choices (mail language, new
 * enquiries, reviews waiting), the store's review policy and mail status (SMTP set up or not, what
 * waits in the outbox), webhooks (owners) and the outbox's delivery history with retry (owners).
 */

const errors = adminErrors;

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const webhooks = new WebhookRepository(db);
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
      await app.staff.setNotifications(staff.id, request.body);
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
    async () => webhooks.list(),
  );

  app.post(
    '/webhooks',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: createWebhookBodySchema, response: { 201: createdWebhookSchema, ...errors } },
    },
    async (request, reply) => {
      const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
      const row = { id: await webhooks.create(request.body.url, secret) };
      await recordAudit(db, staffOf(request).staff, {
        action: 'create',
        entity: 'webhook',
        entityId: row.id,
        summary: { url: request.body.url },
      });
      const [webhook] = await webhooks.list(row.id);
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
      if (!(await webhooks.setActive(request.params.id, request.body.active)))
        throw notFound('No such webhook.');
      await recordAudit(db, staffOf(request).staff, {
        action: request.body.active ? 'enable' : 'disable',
        entity: 'webhook',
        entityId: request.params.id,
        summary: {},
      });
      return (await webhooks.list(request.params.id))[0]!;
    },
  );

  app.delete(
    '/webhooks/:id',
    { config: { roles: OWNER_ONLY }, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const url = await webhooks.url(request.params.id);
      if (url === undefined) throw notFound('No such webhook.');
      // Its deliveries stay in the history (webhook_id set null); ones still waiting are not sent.
      await webhooks.remove(request.params.id, (trx) =>
        recordAudit(trx, staffOf(request).staff, {
          action: 'delete',
          entity: 'webhook',
          entityId: request.params.id,
          summary: { url },
        }),
      );
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
