import {
  feedSettingsSchema,
  updateFeedSettingsBodySchema,
  type FeedName,
  type FeedSettings as FeedSettingsView,
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.ts';
import { OWNER_ONLY, staffOf } from '../admin/access.ts';
import { changes, recordAudit } from '../admin/audit.ts';
import { adminErrors } from '../admin/route-schemas.ts';
import { maskSecret } from '../channels/registry.ts';
import { EMALLS_PATHS, TOROB_PATH } from './routes.ts';
import { lastFeedRequests, readFeedSettings, writeFeedSettings, type FeedSettings } from './settings.ts';

/**
 * The feeds in the back office (owner only): GET /admin/api/feeds shows each feed's state, where the
 * engine is to call, and its last requests; PUT turns a feed on or off, sets what it does with
 * price-on-request products and Emalls' token. Each change is in the audit log (a token only as
 * "changed").
 */
export const feedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const absolute = (path: string) => (app.config.publicUrl ? `${app.config.publicUrl}${path}` : null);

  const view = async (): Promise<FeedSettingsView> => {
    const [torob, emalls, torobRequests, emallsRequests] = await Promise.all([
      readFeedSettings(db, 'torob'),
      readFeedSettings(db, 'emalls'),
      lastFeedRequests(db, 'torob'),
      lastFeedRequests(db, 'emalls'),
    ]);
    return {
      torob: {
        enabled: torob.enabled,
        path: TOROB_PATH,
        url: absolute(TOROB_PATH),
        price_on_request: torob.priceOnRequest,
        key: app.config.torobPublicKey ? 'environment' : 'published',
        last_requests: torobRequests,
      },
      emalls: {
        enabled: emalls.enabled,
        paths: [...EMALLS_PATHS],
        urls: app.config.publicUrl ? EMALLS_PATHS.map((p) => `${app.config.publicUrl}${p}`) : [],
        price_on_request: emalls.priceOnRequest,
        token: maskSecret(emalls.token),
        last_requests: emallsRequests,
      },
    };
  };

  app.get(
    '/feeds',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: feedSettingsSchema, ...adminErrors } } },
    async () => view(),
  );

  app.put(
    '/feeds',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: updateFeedSettingsBodySchema, response: { 200: feedSettingsSchema, ...adminErrors } },
    },
    async (request) => {
      const body = request.body;
      const before = {
        torob: await readFeedSettings(db, 'torob'),
        emalls: await readFeedSettings(db, 'emalls'),
      };
      const after: Record<FeedName, FeedSettings> = {
        torob: {
          enabled: body.torob?.enabled ?? before.torob.enabled,
          priceOnRequest: body.torob?.price_on_request ?? before.torob.priceOnRequest,
        },
        emalls: {
          enabled: body.emalls?.enabled ?? before.emalls.enabled,
          priceOnRequest: body.emalls?.price_on_request ?? before.emalls.priceOnRequest,
        },
      };
      const token = body.emalls?.token === undefined ? before.emalls.token : (body.emalls.token ?? undefined);
      if (token !== undefined) after.emalls.token = token;
      // Removing the token turns the feed off; it cannot be turned on without one.
      if (token === undefined) {
        if (body.emalls?.enabled === true) {
          throw fieldError({
            'emalls.token': [
              { code: 'required', message: 'Set the token Emalls sends before turning its feed on.' },
            ],
          });
        }
        after.emalls.enabled = false;
      }
      const staff = staffOf(request).staff;
      for (const feed of ['torob', 'emalls'] as const) {
        const summarise = (s: FeedSettings) => ({
          enabled: s.enabled,
          price_on_request: s.priceOnRequest,
          // The token itself never enters the log: only whether it changed.
          ...(feed === 'emalls' ? { token: s.token === undefined ? null : maskSecret(s.token) } : {}),
        });
        const changed = changes(summarise(before[feed]), summarise(after[feed]));
        const tokenChanged = feed === 'emalls' && before.emalls.token !== after.emalls.token;
        if (Object.keys(changed).length === 0 && !tokenChanged) continue;
        await writeFeedSettings(db, feed, after[feed]);
        await recordAudit(db, staff, {
          action: 'update',
          entity: 'settings',
          summary: {
            feed,
            ...changed,
            ...(tokenChanged && !changed.token ? { token: ['••••', '••••'] } : {}),
          },
        });
      }
      return view();
    },
  );
};
