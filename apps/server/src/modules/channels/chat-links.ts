/**
 * Staff link their Bale or Telegram chat to their account with a one-time code (issue 24): the
 * account page asks for a code (`createLinkCode`), the staff member sends it to the store's bot, and
 * the poller here, reading the bot's updates by long polling, finds the code and keeps the chat's id
 * on their staff row (`redeemLinkCode`). Later notices reach them there through the outbox.
 *
 * Long polling rather than a webhook: a store behind NAT or without a public address (most Iranian
 * shops on a small server) cannot receive a webhook, and polling needs nothing set up at the provider.
 * Everything a bot's updates carry comes from strangers: the poller reads it defensively and never
 * lets an odd update stop it.
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { botChannels, type BotChannel } from '@storefront/contracts/admin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { Settings } from '../settings/repository.ts';
import type { BotClient, BotUpdate } from './bots.ts';
import type { BotSetup, Channels } from './registry.ts';

/** A link code's length: short enough to type on a phone, long enough not to be guessed in 10 minutes. */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_LIFETIME_SECONDS = 600;
/** Letters and digits that cannot be mistaken for one another (no I, L, O, 0 or 1). */
const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** How long the bot holds a getUpdates call open waiting for a message. */
export const POLL_TIMEOUT_SECONDS = 25;
/** The longest wait after failed polls (a provider that is down, a token that is wrong). */
const BACKOFF_MAX_MS = 60_000;
/** A failing poller says so at most this often, so that a long outage does not fill the log. */
const WARN_EVERY_MS = 60_000;
/** An empty answer quicker than this did not wait as asked: the next poll waits this long first. */
const MIN_EMPTY_POLL_MS = 1000;

/** The staff column that keeps each bot's linked chat. */
export const chatColumn = {
  bale: 'bale_chat_id',
  telegram: 'telegram_chat_id',
} as const satisfies Record<BotChannel, string>;

/** What the bot answers: in the staff member's language once they are known, in both before. */
export const linkReplies = {
  linked: {
    fa: 'متصل شد: اعلان‌های فروشگاه را از این پس همین‌جا دریافت می‌کنید.',
    en: "Linked: you will get the store's notices here.",
  },
  unknown:
    'این کد شناخته نشد یا منقضی شده است. از صفحهٔ حساب خود در پنل مدیریت کد تازه‌ای بگیرید.\n' +
    'This code is unknown or has expired. Get a new code on your account page in the back office.',
} as const;

/** A new code, each character drawn uniformly from the unambiguous alphabet. */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++)
    code += LINK_CODE_ALPHABET[crypto.randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/** Codes are kept as SHA-256 (hex) of their upper-case form: a copy of the table links nobody. */
export function linkCodeHash(code: string): string {
  return crypto.createHash('sha256').update(code.toUpperCase()).digest('hex');
}

/**
 * The code a message carries: `/start <code>` (what the deep link sends, optionally
 * `/start@bot_name`) or the code alone, trimmed, in any case; undefined for anything else.
 */
export function codeInMessage(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > 200) return undefined;
  const trimmed = text.trim();
  const command = /^\/start(?:@\w+)?(?:\s+(\S+))?$/i.exec(trimmed);
  const candidate = (command ? command[1] : trimmed)?.toUpperCase();
  return candidate && /^[A-Z0-9]{8}$/.test(candidate) ? candidate : undefined;
}

/**
 * A new code for that staff member and bot, valid 10 minutes: their older codes for it end, and
 * every expired code of anyone goes with them (the table never grows).
 */
export async function createLinkCode(
  db: Kysely<DB>,
  staffId: number,
  channel: BotChannel,
  now = new Date(),
): Promise<string> {
  const code = newLinkCode();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chat_link_codes')
      .where((eb) =>
        eb.or([
          eb.and([eb('staff_id', '=', staffId), eb('channel', '=', channel)]),
          eb('expires_at', '<=', now.toISOString()),
        ]),
      )
      .execute();
    await trx
      .insertInto('chat_link_codes')
      .values({
        code_hash: linkCodeHash(code),
        staff_id: staffId,
        channel,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + LINK_CODE_LIFETIME_SECONDS * 1000).toISOString(),
      })
      .execute();
  });
  return code;
}

/**
 * Uses a code sent from `chatId`: when it is this bot's, unexpired and its staff member active, the
 * chat is linked to them (and unlinked from anyone it was linked to before: one chat, one person)
 * and the code is gone. Returns who was linked, or undefined.
 */
export async function redeemLinkCode(
  db: Kysely<DB>,
  channel: BotChannel,
  code: string,
  chatId: string,
  now = new Date(),
): Promise<{ id: number; language: string } | undefined> {
  const column = chatColumn[channel];
  return db.transaction().execute(async (trx) => {
    // Deleting it first makes it single-use even if the same code arrives twice at once.
    const used = await trx
      .deleteFrom('chat_link_codes')
      .where('code_hash', '=', linkCodeHash(code))
      .where('channel', '=', channel)
      .where('expires_at', '>', now.toISOString())
      .returning('staff_id')
      .executeTakeFirst();
    if (!used) return undefined;
    const staff = await trx
      .selectFrom('staff')
      .select(['id', 'language', 'is_active'])
      .where('id', '=', used.staff_id)
      .executeTakeFirst();
    if (!staff || staff.is_active !== 1) return undefined;
    await trx
      .updateTable('staff')
      .set({ [column]: null })
      .where(column, '=', chatId)
      .where('id', '!=', staff.id)
      .execute();
    await trx
      .updateTable('staff')
      .set({ [column]: chatId })
      .where('id', '=', staff.id)
      .execute();
    return { id: staff.id, language: staff.language };
  });
}

/** A short, stable fingerprint of a bot's token: offsets are kept per bot, never with the token. */
function tokenFingerprint(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex').slice(0, 16);
}

const offsetSetting = {
  bale: 'baleUpdateOffset',
  telegram: 'telegramUpdateOffset',
} as const satisfies Record<BotChannel, string>;

/**
 * The next update to ask for, as stored for this bot: `{"bot": fingerprint, "offset": n}`. Another
 * bot's offset (the token was changed) is not this one's: update ids are per bot, and a too-high
 * offset would confirm the new bot's first messages unread.
 */
async function readOffset(db: Kysely<DB>, channel: BotChannel, bot: string): Promise<number | undefined> {
  const text = await new Settings(db).text(offsetSetting[channel]);
  if (text === undefined) return undefined;
  try {
    const stored = JSON.parse(text) as { bot?: unknown; offset?: unknown } | null;
    return stored?.bot === bot && Number.isSafeInteger(stored.offset) ? (stored.offset as number) : undefined;
  } catch {
    return undefined;
  }
}

async function writeOffset(db: Kysely<DB>, channel: BotChannel, bot: string, offset: number): Promise<void> {
  await new Settings(db).put(offsetSetting[channel], JSON.stringify({ bot, offset }));
}

/** What identifies a bot's setup: a change of any of it is another poll target. */
const setupKey = (setup: BotSetup | undefined) =>
  setup ? JSON.stringify([setup.token, setup.apiUrl, setup.proxyUrl]) : '';

export interface ChatLinkPollerOptions {
  /** How often the setup is read again while a bot has no token, and during a backoff. */
  idleMs: number;
  timeoutSeconds?: number;
}

/**
 * Reads each configured bot's updates by long polling, one loop per bot. Each loop reads the
 * channels' setup before every poll, so a token added, changed or removed in the back office
 * starts, moves or stops it without a restart. The offset after each handled update is kept in
 * `meta` at once: a restart does not handle an update twice.
 */
export class ChatLinkPoller {
  private readonly db: Kysely<DB>;
  private readonly channels: Channels;
  private readonly log: FastifyBaseLogger;
  private readonly options: Required<ChatLinkPollerOptions>;
  private controller: AbortController | undefined;
  private loops: Promise<void>[] = [];

  constructor(db: Kysely<DB>, channels: Channels, log: FastifyBaseLogger, options: ChatLinkPollerOptions) {
    this.db = db;
    this.channels = channels;
    this.log = log;
    this.options = { timeoutSeconds: POLL_TIMEOUT_SECONDS, ...options };
  }

  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.loops = botChannels.map((channel) =>
      this.run(channel, controller.signal).catch((error: unknown) => {
        // run() catches everything per poll; this is only a last guard against a stopped loop going unseen.
        this.log.error({ err: error, channel }, 'chat links: the poller stopped');
      }),
    );
  }

  /** Ends the polls in flight (their calls are aborted) and waits for the loops to return. */
  async stop(): Promise<void> {
    this.controller?.abort();
    await Promise.allSettled(this.loops);
    this.controller = undefined;
    this.loops = [];
  }

  private async run(channel: BotChannel, signal: AbortSignal): Promise<void> {
    let failures = 0;
    let lastWarnAt = -Infinity;
    let current: { key: string; bot: string; offset: number | undefined } | undefined;
    const warn = (detail: string) => {
      const now = Date.now();
      if (now - lastWarnAt < WARN_EVERY_MS) return;
      lastWarnAt = now;
      this.log.warn(
        { channel, failures },
        `chat links: reading the ${channel} bot's messages failed: ${detail}`,
      );
    };

    while (!signal.aborted) {
      let pauseMs = 0;
      let key = '';
      try {
        const setup = (await this.channels.setup()).bots[channel];
        key = setupKey(setup);
        const bot = setup ? await this.channels.bot(channel) : undefined;
        if (!setup || !bot) {
          current = undefined;
          failures = 0;
          await this.pause(channel, this.options.idleMs, key, signal);
          continue;
        }
        if (current?.key !== key) {
          const fingerprint = tokenFingerprint(setup.token);
          current = { key, bot: fingerprint, offset: await readOffset(this.db, channel, fingerprint) };
          failures = 0;
        }
        const started = Date.now();
        const result = await bot.getUpdates(current.offset, this.options.timeoutSeconds, signal);
        if (!result.ok) {
          failures += 1;
          warn(result.outcome.detail);
          pauseMs =
            result.outcome.status === 'permanent'
              ? BACKOFF_MAX_MS
              : (result.outcome.retryAfterMs ?? Math.min(1000 * 2 ** (failures - 1), BACKOFF_MAX_MS));
        } else {
          failures = 0;
          for (const update of result.value) {
            if (signal.aborted) break;
            if (!Number.isSafeInteger(update.update_id) || update.update_id < (current.offset ?? -Infinity))
              continue;
            await this.handle(channel, bot, update, signal);
            current.offset = update.update_id + 1;
            await writeOffset(this.db, channel, current.bot, current.offset);
          }
          if (result.value.length === 0 && Date.now() - started < MIN_EMPTY_POLL_MS)
            pauseMs = MIN_EMPTY_POLL_MS;
        }
      } catch (error) {
        if (signal.aborted) break;
        failures += 1;
        warn(error instanceof Error ? error.message : String(error));
        pauseMs = Math.min(1000 * 2 ** (failures - 1), BACKOFF_MAX_MS);
      }
      if (pauseMs > 0) await this.pause(channel, pauseMs, key, signal);
    }
  }

  /**
   * Waits `ms` (or until stopped), reading the setup every `idleMs` on the way: a new token ends the
   * wait at once, so the owner who fixes a wrong token does not wait out the backoff.
   */
  private async pause(channel: BotChannel, ms: number, key: string, signal: AbortSignal): Promise<void> {
    const until = Date.now() + ms;
    while (!signal.aborted) {
      const left = until - Date.now();
      if (left <= 0) return;
      try {
        await sleep(Math.min(left, this.options.idleMs), undefined, { signal });
      } catch {
        return;
      }
      try {
        if (setupKey((await this.channels.setup()).bots[channel]) !== key) return;
      } catch {
        // The database did not answer: keep waiting as planned.
      }
    }
  }

  /** One update: a text with a valid code links its chat; any other text is told the code is unknown. */
  private async handle(
    channel: BotChannel,
    bot: BotClient,
    update: BotUpdate,
    signal: AbortSignal,
  ): Promise<void> {
    const message = update.message;
    if (!message || typeof message.text !== 'string') return;
    const chatId = String(message.chat.id);
    if (chatId.length === 0 || chatId.length > 64) return;
    const code = codeInMessage(message.text);
    const linked = code ? await redeemLinkCode(this.db, channel, code, chatId) : undefined;
    if (linked) this.log.info({ channel, staffId: linked.id }, 'chat links: a staff chat was linked');
    const reply = linked ? linkReplies.linked[linked.language === 'en' ? 'en' : 'fa'] : linkReplies.unknown;
    const sent = await bot.sendMessage(chatId, reply, signal).catch((error: unknown) => {
      if (signal.aborted) return undefined;
      throw error;
    });
    if (sent && sent.status !== 'sent')
      this.log.info({ channel, detail: sent.detail }, 'chat links: the bot could not answer a message');
  }
}

/** The link that opens the bot with the code filled in, where the messenger has one. */
export function chatLink(channel: BotChannel, username: string | null, code: string): string | null {
  if (!username) return null;
  const host = channel === 'telegram' ? 'https://t.me' : 'https://ble.ir';
  return `${host}/${encodeURIComponent(username)}?start=${code}`;
}

/**
 * The poller, in the process that runs the outbox's worker only (several instances must not read the
 * same bot's updates: each update goes to one caller). Register it after the database's onClose hook:
 * onClose hooks run last-added first, so the poll stops before the database closes.
 */
export function registerChatLinks(app: FastifyInstance): ChatLinkPoller {
  const poller = new ChatLinkPoller(app.database.db, app.channels, app.log, {
    idleMs: app.config.outboxPollMs,
  });
  if (app.config.outboxWorker) app.addHook('onReady', async () => poller.start());
  app.addHook('onClose', async () => poller.stop());
  return poller;
}
