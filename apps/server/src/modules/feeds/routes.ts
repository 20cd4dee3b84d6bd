import type { FeedForm, FeedName } from '@storefront/contracts/admin';
import type { RequestErrorCode } from '@storefront/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from '../../lib/plugins/error-handling.ts';
import {
  emallsAnswer,
  emallsParameters,
  emallsTokenMatches,
  EMALLS_PLUGIN_VERSION,
  parseEmallsRequest,
} from './emalls.ts';
import { FeedCatalogue } from './products.ts';
import { readFeedSettings, recordFeedRequest, type FeedSettings } from './settings.ts';
import { parseTorobRequest, torobAnswer } from './torob.ts';
import { TOROB_PUBLISHED_KEY, verifyTorobToken } from './torob-token.ts';

/**
 * The price-comparison engines' feeds (docs/server.md, "Feeds"): Torob's product API at TOROB_PATH
 * and Emalls' extractor at EMALLS_PATHS. Each is off until the owner turns it on (an off feed answers
 * 404, as if it were not there), checks its caller (Torob's signed token, Emalls' token), answers
 * in the engine's own format, errors included (`{"error": …}`, with our `code` beside it), and
 * records each request it answered for the back office. Absolute links start with PUBLIC_URL, else
 * with the origin the request was sent to: for Torob the token's audience pins that host, so it is
 * the address the store gave Torob (the back office's origin, which mail links fall back to, may be
 * an address only staff reach).
 */

export const TOROB_PATH = '/feeds/torob/v3/products';
export const EMALLS_PATHS = ['/feeds/emalls/products', '/wp-json/emalls_ext/v1/products'] as const;

/** What each request of a feed carries from its hooks to its answer. */
interface FeedCall {
  settings: FeedSettings;
  form: FeedForm | null;
}
const calls = new WeakMap<FastifyRequest, FeedCall>();

/** The base of the feeds' absolute links. */
export function feedBase(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** An error in the engines' format: `{"error": message}`, with our stable code beside it. */
function sendError(reply: FastifyReply, status: number, error: string, code: RequestErrorCode, more = {}) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: error, code, ...more }));
}

/**
 * One feed's routes: an encapsulated plugin, so that its error handler (the engine's format) and
 * hooks apply to its routes only.
 */
function feedPlugin(
  feed: FeedName,
  paths: readonly string[],
  setup: (app: FastifyInstance) => void,
  answer: (request: FastifyRequest, reply: FastifyReply, call: FeedCall) => Promise<unknown>,
) {
  return async (app: FastifyInstance) => {
    const db = app.database.db;
    // Body errors (not JSON, too large, bad characters…) in the engine's format.
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = errorAnswer(error as Error);
      if (status >= 500) request.log.error({ err: error }, 'feed request failed');
      const message =
        status >= 500
          ? 'server error'
          : 'detail' in body && typeof body.detail === 'string'
            ? body.detail
            : 'invalid request body';
      return sendError(reply, status, message, (body.code as RequestErrorCode | undefined) ?? 'bad_request');
    });
    app.addHook('onRequest', async (request, reply) => {
      const settings = await readFeedSettings(db, feed);
      if (!settings.enabled) return sendError(reply, 404, 'Not found.', 'not_found');
      calls.set(request, { settings, form: null });
    });
    // After the hook above: the feed's own checks run on a feed that is on.
    setup(app);
    // Recorded before the answer leaves, so that the back office sees a request as soon as its caller has the answer.
    app.addHook('onSend', async (request, reply, payload) => {
      const call = calls.get(request);
      if (call) {
        calls.delete(request);
        await recordFeedRequest(db, feed, {
          form: call.form,
          status: reply.statusCode,
          ip: request.ip,
        }).catch((err: unknown) => request.log.warn({ err }, 'feed request not recorded'));
      }
      return payload;
    });
    for (const url of paths) {
      app.post(url, async (request, reply) => {
        const call = calls.get(request);
        if (!call) return sendError(reply, 404, 'Not found.', 'not_found');
        return answer(request, reply, call);
      });
    }
  };
}

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const catalogue = new FeedCatalogue(app.database.db, app.catalogueCache);
  const torobKey = app.config.torobPublicKey ?? TOROB_PUBLISHED_KEY;

  await app.register(
    feedPlugin(
      'torob',
      [TOROB_PATH],
      (feed) => {
        // The token is checked before the body is read: a caller without one costs no parsing.
        feed.addHook('onRequest', async (request, reply) => {
          if (!calls.has(request)) return;
          const check = verifyTorobToken(
            { token: request.headers['x-torob-token'], version: request.headers['x-torob-token-version'] },
            request.host,
            torobKey,
          );
          if (!check.ok) return sendError(reply, 401, check.reason, 'not_authenticated');
        });
      },
      async (request, reply, call) => {
        const parsed = parseTorobRequest(request.body);
        call.form = parsed.form;
        if ('error' in parsed) return sendError(reply, 400, parsed.error, 'bad_request');
        const answer = await torobAnswer(
          parsed,
          catalogue,
          call.settings.priceOnRequest,
          feedBase(app, request),
        );
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      },
    ),
  );

  await app.register(
    feedPlugin(
      'emalls',
      EMALLS_PATHS,
      (feed) => {
        // The plugin's parameters may come as a form, as WordPress reads them.
        feed.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => {
            done(null, Object.fromEntries(new URLSearchParams(body as string)));
          },
        );
      },
      async (request, reply, call) => {
        const params = emallsParameters(request.query, request.body);
        if (!emallsTokenMatches(params.token, call.settings.token)) {
          return sendError(reply, 401, 'token is not valid', 'token_not_valid', {
            Version: EMALLS_PLUGIN_VERSION,
          });
        }
        const parsed = parseEmallsRequest(params);
        call.form = parsed.form;
        const answer = await emallsAnswer(
          parsed,
          catalogue,
          call.settings.priceOnRequest,
          feedBase(app, request),
        );
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      },
    ),
  );
}
