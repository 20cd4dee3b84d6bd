import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  smsKinds,
  smsProviderNames,
  type BotChannel,
  type SmsKind,
  type SmsProviderName,
} from '@storefront/contracts/admin';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { Settings } from '../settings/repository.ts';
import { botClient, type BotClient, type BotResult, type BotUser } from './bots.ts';
import { smsProviderFor } from './sms.ts';
import type { Balance, SmsProvider, SmsSettings } from './types.ts';

/**
 * `app.channels`: the channels as they are set up now. The owner's values (the back office's settings
 * page, kept in `meta` by modules/settings) merged with the environment's (SMS_*, BALE_*, TELEGRAM_*),
 * which win field by field and show as locked. Every reader (the outbox's worker, one-time codes,
 * chat linking, the settings page, the dashboard) asks here, never `meta` or the config directly.
 */

/** The SMS gateway as stored by the back office (`meta.sms_settings`). */
export interface StoredSms {
  provider: SmsProviderName | null;
  api_key: string;
  sender: string;
  templates: Partial<Record<SmsKind, string>>;
}

/** The bots as stored by the back office (`meta.bot_settings`). */
export interface StoredBots {
  bale_token: string;
  telegram_token: string;
  telegram_proxy_url: string;
}

/** One bot as it is set up now. */
export interface BotSetup {
  token: string;
  apiUrl: string | undefined;
  proxyUrl: string | undefined;
}

/** The channels as they are now, with which fields the environment fixes. */
export interface ChannelSetup {
  /** The gateway when a provider and its key are both set; undefined: SMS is not set up (no SMS rows). */
  sms: SmsSettings | undefined;
  /** What the back office shows and edits: the merged values, even when incomplete. */
  smsFields: {
    provider: SmsProviderName | null;
    apiKey: string;
    sender: string;
    templates: Partial<Record<SmsKind, string>>;
    baseUrl: string | undefined;
  };
  smsLocks: { provider: boolean; apiKey: boolean; sender: boolean; templates: boolean };
  bots: Record<BotChannel, BotSetup | undefined>;
  botLocks: { bale: boolean; telegram: boolean; telegramProxy: boolean };
  /** The stored (not the environment's) Telegram proxy, for the settings page. */
  telegramProxyUrl: string | undefined;
}

const EMPTY_SMS: StoredSms = { provider: null, api_key: '', sender: '', templates: {} };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored SMS settings, read defensively (a hand-edited row never breaks a send or a page). */
export function parseStoredSms(raw: string | undefined): StoredSms {
  if (raw === undefined) return { ...EMPTY_SMS, templates: {} };
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    value = {};
  }
  const provider = (smsProviderNames as readonly string[]).includes(text(value.provider))
    ? (value.provider as SmsProviderName)
    : null;
  const templates: Partial<Record<SmsKind, string>> = {};
  const storedTemplates = value.templates && typeof value.templates === 'object' ? value.templates : {};
  for (const kind of smsKinds) {
    const template = text((storedTemplates as Record<string, unknown>)[kind]).trim();
    if (template) templates[kind] = template;
  }
  return { provider, api_key: text(value.api_key), sender: text(value.sender), templates };
}

export function parseStoredBots(raw: string | undefined): StoredBots {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === undefined ? {} : JSON.parse(raw);
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    value = {};
  }
  return {
    bale_token: text(value.bale_token),
    telegram_token: text(value.telegram_token),
    telegram_proxy_url: text(value.telegram_proxy_url),
  };
}

/** The environment's values over the stored ones, field by field. */
export function mergeChannels(
  config: Pick<AppConfig, 'smsOverrides' | 'bale' | 'telegram'>,
  storedSms: StoredSms,
  storedBots: StoredBots,
): ChannelSetup {
  const env = config.smsOverrides;
  const templatesLocked = Object.keys(env.templates).length > 0;
  const smsFields = {
    provider: env.provider ?? storedSms.provider,
    apiKey: env.apiKey ?? storedSms.api_key,
    sender: env.sender ?? storedSms.sender,
    templates: templatesLocked ? { ...env.templates } : { ...storedSms.templates },
    baseUrl: env.baseUrl,
  };
  const sms: SmsSettings | undefined =
    smsFields.provider && smsFields.apiKey
      ? {
          provider: smsFields.provider,
          apiKey: smsFields.apiKey,
          sender: smsFields.sender || undefined,
          baseUrl: smsFields.baseUrl,
          templates: smsFields.templates,
        }
      : undefined;
  const baleToken = config.bale.token ?? storedBots.bale_token;
  const telegramToken = config.telegram.token ?? storedBots.telegram_token;
  const telegramProxy = config.telegram.proxyUrl ?? (storedBots.telegram_proxy_url || undefined);
  return {
    sms,
    smsFields,
    smsLocks: {
      provider: env.provider !== undefined,
      apiKey: env.apiKey !== undefined,
      sender: env.sender !== undefined,
      templates: templatesLocked,
    },
    bots: {
      bale: baleToken ? { token: baleToken, apiUrl: config.bale.apiUrl, proxyUrl: undefined } : undefined,
      telegram: telegramToken
        ? { token: telegramToken, apiUrl: config.telegram.apiUrl, proxyUrl: telegramProxy }
        : undefined,
    },
    botLocks: {
      bale: config.bale.token !== undefined,
      telegram: config.telegram.token !== undefined,
      telegramProxy: config.telegram.proxyUrl !== undefined,
    },
    telegramProxyUrl: storedBots.telegram_proxy_url || undefined,
  };
}

/**
 * The template for a kind of SMS in a language: `<kind>_en` for English where the owner set one,
 * else the kind's own (Persian) template; undefined when neither is set.
 */
export function templateFor(sms: SmsSettings, kind: SmsKind, language: string): string | undefined {
  const english = language === 'en' ? sms.templates[`${kind}_en` as SmsKind] : undefined;
  return english ?? sms.templates[kind];
}

/** `••••` and a secret's last four characters (all of it hidden when it is short). */
export function maskSecret(secret: string | undefined): string | null {
  if (!secret) return null;
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}

/** How long the setup read from `meta` serves before it is read again (another instance's change). */
const SETUP_TTL_MS = 2000;
/** How long an SMS account's credit is trusted before the provider is asked again. */
const BALANCE_TTL_MS = 300_000;
/** How long a bot's @username (getMe) is trusted: it changes only when the token does. */
const BOT_NAME_TTL_MS = 600_000;
/**
 * How long a failed getMe is remembered: short, so a messenger that was unreachable for a moment
 * shows the name again soon, yet pages that show it do not each wait for a time-out meanwhile.
 */
const BOT_NAME_FAILED_TTL_MS = 60_000;

export class Channels {
  private readonly db: Kysely<DB>;
  private readonly config: AppConfig;
  private readonly log: FastifyBaseLogger;
  private cached: { at: number; setup: Promise<ChannelSetup> } | undefined;
  /** Adapters by the settings they were made from, so a send reuses one while nothing changes. */
  private smsCache: { key: string; provider: SmsProvider } | undefined;
  private botCache = new Map<string, BotClient>();
  private balanceCache: { key: string; at: number; balance: Promise<Balance | undefined> } | undefined;
  /** Each bot's @username by its setup (channel, token, API, proxy), as getMe last told it. */
  private botNames = new Map<string, { at: number; ttl: number; name: Promise<string | null> }>();

  constructor(db: Kysely<DB>, config: AppConfig, log: FastifyBaseLogger) {
    this.db = db;
    this.config = config;
    this.log = log;
  }

  /** The setup now (read from `meta` at most every 2 s, at once after `changed()`). */
  setup(): Promise<ChannelSetup> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > SETUP_TTL_MS) {
      const setup = this.read();
      this.cached = { at: now, setup };
      // A failed read is not kept.
      setup.catch(() => {
        if (this.cached?.setup === setup) this.cached = undefined;
      });
    }
    return this.cached.setup;
  }

  /** The back office saved new values: the next read takes them. */
  changed(): void {
    this.cached = undefined;
    this.balanceCache = undefined;
  }

  /** The SMS gateway's adapter, or undefined when SMS is not set up. */
  async smsProvider(): Promise<{ provider: SmsProvider; settings: SmsSettings } | undefined> {
    const { sms } = await this.setup();
    if (!sms) return undefined;
    const key = JSON.stringify([sms.provider, sms.apiKey, sms.sender, sms.baseUrl]);
    if (this.smsCache?.key !== key) this.smsCache = { key, provider: smsProviderFor(sms) };
    return { provider: this.smsCache.provider, settings: sms };
  }

  /** A bot's client, or undefined when it has no token. */
  async bot(channel: BotChannel): Promise<BotClient | undefined> {
    const bot = (await this.setup()).bots[channel];
    if (!bot) return undefined;
    const key = JSON.stringify([channel, bot.token, bot.apiUrl, bot.proxyUrl]);
    let client = this.botCache.get(key);
    if (!client) {
      client = botClient({ kind: channel, token: bot.token, apiUrl: bot.apiUrl, proxyUrl: bot.proxyUrl });
      this.botCache.clear();
      this.botCache.set(key, client);
    }
    return client;
  }

  /**
   * The SMS account's credit, where the provider tells it: asked at most every 5 minutes (the
   * settings page and the dashboard read it), undefined when SMS is not set up or it is unknown.
   */
  async balance(): Promise<Balance | undefined> {
    const sms = await this.smsProvider();
    if (!sms?.provider.balance) return undefined;
    const key = JSON.stringify([sms.settings.provider, sms.settings.apiKey, sms.settings.baseUrl]);
    const now = Date.now();
    if (this.balanceCache?.key !== key || now - this.balanceCache.at > BALANCE_TTL_MS) {
      const provider = sms.provider;
      const asked = provider.balance!(AbortSignal.timeout(5000)).catch(() => undefined);
      this.balanceCache = { key, at: now, balance: asked };
    }
    return this.balanceCache.balance;
  }

  /**
   * The bot's @username (the settings and account pages show it; staff send the bot their code):
   * getMe's answer kept 10 minutes per token, null when the bot has no token or getMe failed.
   * Never throws.
   */
  async botUsername(channel: BotChannel): Promise<string | null> {
    const bot = (await this.setup()).bots[channel];
    if (!bot) return null;
    const cached = this.botNames.get(botKey(channel, bot));
    if (cached && Date.now() - cached.at <= cached.ttl) return cached.name;
    const checked = await this.checkBot(channel);
    return checked?.ok ? (checked.value.username ?? null) : null;
  }

  /**
   * Asks the bot's getMe now (the settings page's "check" button), and keeps the username it
   * answers for `botUsername`; undefined when the bot has no token.
   */
  async checkBot(channel: BotChannel): Promise<BotResult<BotUser> | undefined> {
    const bot = (await this.setup()).bots[channel];
    const client = await this.bot(channel);
    if (!bot || !client) return undefined;
    const key = botKey(channel, bot);
    // getMe answers its failures; a throw is unexpected, and its text is left out (it could hold the URL).
    const asked = client.getMe().catch((): BotResult<BotUser> => ({
      ok: false,
      outcome: { status: 'transient', detail: `${channel}: getMe failed` },
    }));
    const name = asked.then((result) => (result.ok ? (result.value.username ?? null) : null));
    // Only the current setup's entry is kept per channel: an old token's name is never read again.
    for (const old of this.botNames.keys()) if (old.startsWith(`["${channel}",`)) this.botNames.delete(old);
    this.botNames.set(key, { at: Date.now(), ttl: BOT_NAME_TTL_MS, name });
    const result = await asked;
    if (!result.ok) {
      const entry = this.botNames.get(key);
      if (entry?.name === name) entry.ttl = BOT_NAME_FAILED_TTL_MS;
    }
    return result;
  }

  /** Whether one-time codes can be sent (a gateway and an `otp` template are set). */
  async codesEnabled(): Promise<boolean> {
    const { sms } = await this.setup();
    return sms !== undefined && sms.templates.otp !== undefined;
  }

  private async read(): Promise<ChannelSetup> {
    const settings = new Settings(this.db);
    const stored = await settings.texts(['smsSettings', 'botSettings']);
    return mergeChannels(
      this.config,
      parseStoredSms(stored.smsSettings),
      parseStoredBots(stored.botSettings),
    );
  }

  /** Saves the owner's SMS values (the caller checked locks and validity). */
  async saveSms(stored: StoredSms): Promise<void> {
    await new Settings(this.db).put('smsSettings', JSON.stringify(stored));
    this.changed();
    this.log.info({ provider: stored.provider }, 'channels: SMS settings saved');
  }

  async saveBots(stored: StoredBots): Promise<void> {
    await new Settings(this.db).put('botSettings', JSON.stringify(stored));
    this.changed();
  }

  /** The stored values as they are (to change some fields and keep the rest). */
  async stored(): Promise<{ sms: StoredSms; bots: StoredBots }> {
    const stored = await new Settings(this.db).texts(['smsSettings', 'botSettings']);
    return { sms: parseStoredSms(stored.smsSettings), bots: parseStoredBots(stored.botSettings) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The channels as set up now (modules/channels/registry.ts). */
    channels: Channels;
  }
}

/** A bot's setup as a cache key: its username is asked again when any of it changes. */
const botKey = (channel: BotChannel, bot: BotSetup) =>
  JSON.stringify([channel, bot.token, bot.apiUrl, bot.proxyUrl]);

/** `app.channels`: registered before the outbox, whose worker sends through it. */
export function registerChannels(app: FastifyInstance): Channels {
  const channels = new Channels(app.database.db, app.config, app.log);
  app.decorate('channels', channels);
  return channels;
}
