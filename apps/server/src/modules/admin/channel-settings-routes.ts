import {
  botChannels,
  channelSettingsSchema,
  smsKinds,
  testSmsBodySchema,
  testSmsResultSchema,
  updateChannelSettingsBodySchema,
  type BotChannel,
  type ChannelSettings,
  type SmsKind,
} from '@storefront/contracts/admin';
import { errorDetailSchema, type FieldProblem } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailedError, fieldError, notFound, requestError } from '../../lib/errors.ts';
import { throttled } from '../../lib/plugins/rate-limit.ts';
import {
  maskSecret,
  templateFor,
  type ChannelSetup,
  type StoredBots,
  type StoredSms,
} from '../channels/registry.ts';
import { deliveryStatus } from '../outbox/status.ts';
import type { SendOutcome } from '../channels/types.ts';
import { OWNER_ONLY, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { adminErrors } from './route-schemas.ts';

/**
 * The channels' settings under /admin/api (owners only): the SMS gateway (provider, API key, sender
 * line, a template per kind of message) and the Bale and Telegram bots (token, Telegram's proxy),
 * as `app.channels` merges them (the environment's values win and show as locked); a test SMS sent
 * at once, and a bot's token checked. A key or token is never answered in full, nor written to the
 * audit log (docs/server.md, "Channels").
 */

/** Every answer's errors here: a locked field or a channel not set up (409), the provider's refusal (502). */
const errors = {
  ...adminErrors,
  409: errorDetailSchema.extend({ field: z.string().optional() }),
  429: errorDetailSchema,
  502: errorDetailSchema.extend({ reason: z.string().nullable() }),
};

/** Test messages one staff member may send an hour: each one costs the store credit. */
const TEST_SMS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;
/** The test template's parameter: a fixed code, so the owner recognises the message. */
const TEST_SMS_PARAMS = [['code', '12345']] as const;

/** The environment variable that fixes each lockable field (named in the 409's detail). */
const LOCKED_BY = {
  'sms.provider': 'SMS_PROVIDER',
  'sms.api_key': 'SMS_API_KEY',
  'sms.sender': 'SMS_SENDER',
  'sms.templates': 'SMS_TEMPLATES',
  'bots.bale.token': 'BALE_BOT_TOKEN',
  'bots.telegram.token': 'TELEGRAM_BOT_TOKEN',
  'bots.telegram.proxy_url': 'TELEGRAM_PROXY_URL',
} as const;
type LockableField = keyof typeof LOCKED_BY;

function locked(field: LockableField): Error {
  return detailedError(
    409,
    'setting_locked',
    `${field} is set by ${LOCKED_BY[field]} in the server's environment and cannot be changed here.`,
    { field },
  );
}

/** A URL with its password replaced by `••••` (a proxy's or a gateway's credentials are secrets too). */
export function maskUrlPassword(url: string | undefined): string | null {
  if (!url) return null;
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^@/]*@/i, '$1••••@');
}

/** The 502 of a send or a check the provider refused or did not answer. */
function sendFailed(outcome: Exclude<SendOutcome, { status: 'sent' }>): Error {
  return detailedError(502, 'channel_send_failed', outcome.detail, {
    reason: outcome.status === 'permanent' ? outcome.reason : null,
  });
}

/** The body's secret: undefined keeps the stored one, null or '' removes it. */
const secretChange = (sent: string | null | undefined): string | undefined =>
  sent === undefined ? undefined : (sent ?? '');

/** Keys and tokens are one word: whitespace inside one is a paste gone wrong, not a key. */
function checkSecret(path: string, value: string | undefined, problems: Record<string, FieldProblem[]>) {
  if (value && /\s/.test(value))
    problems[path] = [{ code: 'invalid', message: 'A key or token has no spaces or line breaks.' }];
}

/**
 * The proxy the bot client can use: an http(s) URL it can parse (the client tunnels through it
 * with CONNECT; a SOCKS proxy is not supported).
 */
function checkProxy(value: string | undefined, problems: Record<string, FieldProblem[]>) {
  if (!value) return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    problems['bots.telegram.proxy_url'] = [
      { code: 'url_invalid', message: 'Enter an http:// or https:// proxy URL (SOCKS is not supported).' },
    ];
  }
}

/** Per staff member, the times of their test messages in the last hour (this process's count). */
class TestSmsLimit {
  private readonly sent = new Map<number, number[]>();

  /** Counts one more test for the staff member, or answers how many seconds until they may. */
  take(staffId: number, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const recent = (this.sent.get(staffId) ?? []).filter((at) => now - at < HOUR_MS);
    if (recent.length >= TEST_SMS_PER_HOUR) {
      this.sent.set(staffId, recent);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + HOUR_MS - now) / 1000)),
      };
    }
    recent.push(now);
    this.sent.set(staffId, recent);
    return { allowed: true };
  }
}

export const channelSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const channels = app.channels;
  const testLimit = new TestSmsLimit();

  /** The settings page's view: the merged values, secrets masked, the SMS account and queue. */
  async function view(): Promise<ChannelSettings> {
    const setup = await channels.setup();
    const [balance, status, baleName, telegramName] = await Promise.all([
      channels.balance(),
      deliveryStatus(db, 'sms'),
      channels.botUsername('bale'),
      channels.botUsername('telegram'),
    ]);
    const { smsFields, smsLocks, bots, botLocks } = setup;
    const proxyUrl = botLocks.telegramProxy ? app.config.telegram.proxyUrl : setup.telegramProxyUrl;
    return {
      sms: {
        configured: setup.sms !== undefined,
        provider: smsFields.provider,
        provider_locked: smsLocks.provider,
        api_key: maskSecret(smsFields.apiKey),
        api_key_locked: smsLocks.apiKey,
        sender: smsFields.sender,
        sender_locked: smsLocks.sender,
        base_url: maskUrlPassword(smsFields.baseUrl),
        templates: smsFields.templates,
        templates_locked: smsLocks.templates,
        balance: balance ?? null,
        pending: status.pending,
        failed: status.failed,
        last_error: status.last_error,
      },
      bots: {
        bale: {
          configured: bots.bale !== undefined,
          token: maskSecret(bots.bale?.token),
          token_locked: botLocks.bale,
          bot_username: baleName,
        },
        telegram: {
          configured: bots.telegram !== undefined,
          token: maskSecret(bots.telegram?.token),
          token_locked: botLocks.telegram,
          proxy_url: maskUrlPassword(proxyUrl),
          proxy_locked: botLocks.telegramProxy,
          bot_username: telegramName,
        },
      },
    };
  }

  app.get(
    '/settings/channels',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: channelSettingsSchema, ...errors } } },
    async () => view(),
  );

  app.put(
    '/settings/channels',
    {
      config: { roles: OWNER_ONLY },
      schema: {
        body: updateChannelSettingsBodySchema,
        response: { 200: channelSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      // Invalid values first (400), then locks (409): a body is refused whole, nothing saved.
      const problems: Record<string, FieldProblem[]> = {};
      checkSecret('sms.api_key', body.sms?.api_key ?? undefined, problems);
      checkSecret('bots.bale.token', body.bots?.bale?.token ?? undefined, problems);
      checkSecret('bots.telegram.token', body.bots?.telegram?.token ?? undefined, problems);
      checkProxy(body.bots?.telegram?.proxy_url ?? undefined, problems);
      if (Object.keys(problems).length > 0) throw fieldError(problems);
      const setup = await channels.setup();
      const stored = await channels.stored();
      const sms = changedSms(body, stored.sms, setup);
      const bots = changedBots(body, stored.bots, setup, app.config.telegram.proxyUrl);

      const summary = auditSummary(stored.sms, sms, stored.bots, bots);
      if (Object.keys(summary).length === 0) return view();
      if (JSON.stringify(sms) !== JSON.stringify(stored.sms)) await channels.saveSms(sms);
      if (JSON.stringify(bots) !== JSON.stringify(stored.bots)) await channels.saveBots(bots);
      await recordAudit(db, staffOf(request).staff, {
        action: 'update',
        entity: 'settings',
        entityId: 'channels',
        summary,
      });
      return view();
    },
  );

  app.post(
    '/settings/channels/test-sms',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: testSmsBodySchema, response: { 200: testSmsResultSchema, ...errors } },
    },
    async (request, reply) => {
      const gateway = await channels.smsProvider();
      if (!gateway)
        throw requestError(
          409,
          'channel_not_configured',
          'SMS is not set up: choose a provider and enter its API key first.',
        );
      const template = templateFor(gateway.settings, 'test', 'fa');
      if (template === undefined)
        throw requestError(
          409,
          'channel_not_configured',
          'The test template is missing: enter the template id for "test" (one parameter, the code).',
        );
      const verdict = testLimit.take(staffOf(request).staff.id);
      if (!verdict.allowed) throw throttled(reply, verdict.retryAfterSeconds);
      const outcome = await gateway.provider.send({
        to: request.body.phone,
        template,
        params: TEST_SMS_PARAMS,
      });
      if (outcome.status !== 'sent') throw sendFailed(outcome);
      return { status: 'sent' as const, provider_id: outcome.providerId ?? null };
    },
  );

  app.post(
    '/settings/channels/bots/:channel/check',
    {
      config: { roles: OWNER_ONLY },
      schema: {
        params: z.object({ channel: z.string() }),
        response: { 200: z.object({ bot_username: z.string().nullable() }), ...errors },
      },
    },
    async (request) => {
      const channel = request.params.channel as BotChannel;
      if (!(botChannels as readonly string[]).includes(channel)) throw notFound('No such bot.');
      const result = await channels.checkBot(channel);
      if (!result)
        throw requestError(409, 'channel_not_configured', `The ${channel} bot has no token: enter it first.`);
      if (!result.ok) throw sendFailed(result.outcome);
      return { bot_username: result.value.username ?? null };
    },
  );
};

type Body = z.output<typeof updateChannelSettingsBodySchema>;

/**
 * The stored SMS settings with the body's changes (only what it sent). A field the environment fixes
 * is never stored: sent with its effective value it is a no-op, sent with another it is 409.
 */
function changedSms(body: Body, stored: StoredSms, setup: ChannelSetup): StoredSms {
  const sent = body.sms;
  if (!sent) return stored;
  const { smsFields, smsLocks } = setup;
  const next: StoredSms = { ...stored, templates: { ...stored.templates } };

  if (smsLocks.provider) {
    if (sent.provider !== smsFields.provider) throw locked('sms.provider');
  } else next.provider = sent.provider;

  const apiKey = secretChange(sent.api_key);
  if (apiKey !== undefined) {
    if (smsLocks.apiKey) {
      if (apiKey !== smsFields.apiKey) throw locked('sms.api_key');
    } else next.api_key = apiKey;
  }

  if (sent.sender !== undefined) {
    if (smsLocks.sender) {
      if (sent.sender !== smsFields.sender) throw locked('sms.sender');
    } else next.sender = sent.sender;
  }

  if (sent.templates !== undefined) {
    // Kinds sent are set ('' removes one); kinds not sent are kept.
    const templates = setup.smsLocks.templates ? { ...smsFields.templates } : next.templates;
    for (const kind of smsKinds) {
      const value = sent.templates[kind];
      if (value === undefined) continue;
      if (value === '') delete templates[kind];
      else templates[kind] = value;
    }
    if (smsLocks.templates) {
      if (!sameTemplates(templates, smsFields.templates)) throw locked('sms.templates');
    } else next.templates = templates;
  }
  return next;
}

function sameTemplates(a: Partial<Record<SmsKind, string>>, b: Partial<Record<SmsKind, string>>): boolean {
  return smsKinds.every((kind) => (a[kind] ?? '') === (b[kind] ?? ''));
}

/** The stored bots with the body's changes, under the same rules as `changedSms`. */
function changedBots(
  body: Body,
  stored: StoredBots,
  setup: ChannelSetup,
  envProxy: string | undefined,
): StoredBots {
  const next: StoredBots = { ...stored };
  const sent = body.bots;
  if (!sent) return next;
  const token = (channel: BotChannel, field: 'bots.bale.token' | 'bots.telegram.token', value: string) => {
    if (setup.botLocks[channel]) {
      if (value !== (setup.bots[channel]?.token ?? '')) throw locked(field);
      return undefined;
    }
    return value;
  };
  const bale = secretChange(sent.bale?.token);
  if (bale !== undefined) next.bale_token = token('bale', 'bots.bale.token', bale) ?? next.bale_token;
  const telegram = secretChange(sent.telegram?.token);
  if (telegram !== undefined)
    next.telegram_token = token('telegram', 'bots.telegram.token', telegram) ?? next.telegram_token;
  const proxy = secretChange(sent.telegram?.proxy_url);
  if (proxy !== undefined) {
    if (setup.botLocks.telegramProxy) {
      if (proxy !== (envProxy ?? '')) throw locked('bots.telegram.proxy_url');
    } else next.telegram_proxy_url = proxy;
  }
  return next;
}

/**
 * What an update changed, for the audit log: the provider, sender and templates as before/after,
 * the proxy with its password masked, and of a key or token only that it was set, changed or removed.
 */
function auditSummary(
  beforeSms: StoredSms,
  afterSms: StoredSms,
  beforeBots: StoredBots,
  afterBots: StoredBots,
): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  const pair = (field: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after)) summary[field] = [before, after];
  };
  const secret = (field: string, before: string, after: string) => {
    if (before === after) return;
    summary[field] = !after ? 'removed' : !before ? 'set' : 'changed';
  };
  pair('sms_provider', beforeSms.provider, afterSms.provider);
  secret('sms_api_key', beforeSms.api_key, afterSms.api_key);
  pair('sms_sender', beforeSms.sender, afterSms.sender);
  pair('sms_templates', beforeSms.templates, afterSms.templates);
  secret('bale_token', beforeBots.bale_token, afterBots.bale_token);
  secret('telegram_token', beforeBots.telegram_token, afterBots.telegram_token);
  pair(
    'telegram_proxy_url',
    maskUrlPassword(beforeBots.telegram_proxy_url),
    maskUrlPassword(afterBots.telegram_proxy_url),
  );
  // A proxy whose password alone changed shows no difference once masked: say so like a key.
  if (
    beforeBots.telegram_proxy_url !== afterBots.telegram_proxy_url &&
    summary.telegram_proxy_url === undefined
  )
    summary.telegram_proxy_url = 'changed';
  return summary;
}
