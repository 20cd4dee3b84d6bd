import { createHash } from 'node:crypto';
import type { PermanentReason, SmsKind } from '@storefront/contracts/admin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { DialectName } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { OutboxTable } from '../../db/tables/outbox.ts';
import { templateFor, type Channels } from '../channels/registry.ts';
import type { ChannelKind } from '../channels/status.ts';
import type { SendOutcome } from '../channels/types.ts';
import { linkBase } from './link-base.ts';
import {
  CHANNEL_KINDS,
  mailContentOf,
  notifyChannelFailing,
  signWebhook,
  type BotPayload,
  type EmailPayload,
  type SmsPayload,
} from './notify.ts';

/**
 * The outbox's worker: sends the rows notify.ts and the one-time codes wrote (emails through SMTP,
 * webhook POSTs, SMS through the gateway and bot messages through Bale or Telegram, both as
 * `app.channels` has them set up at send time).
 *
 * - A row is claimed by one atomic conditional UPDATE that sets `locked_until` (a lease) and counts
 *   the attempt; only the worker whose UPDATE changed the row sends it. Several instances on one
 *   PostgreSQL (or processes on one SQLite file) share the outbox this way.
 * - Sent: `status = 'sent'`. Failed: retried after an exponential delay with jitter (OUTBOX_BACKOFF_MS
 *   doubled per attempt, at most OUTBOX_BACKOFF_MAX_MS); after OUTBOX_MAX_ATTEMPTS, `failed` (kept,
 *   retryable from the back office).
 * - A worker that dies holding a row leaves its lease to run out; the row is then sent again. An email
 *   carries a Message-ID made from the row (the same on every attempt) and a webhook the delivery id
 *   (`X-Storefront-Delivery`), so the receiving side can tell the copy from a new message.
 * - Without SMTP_URL, emails are not touched: they wait (pending) until mail is configured. SMS and bot
 *   rows are always claimed: they are only written while their channel is set up, so one whose
 *   channel is gone by its turn fails at once (`reason` not_configured) instead of waiting forever.
 * - A channel's answer decides alone: sent; transient (retried with backoff, never before the
 *   provider's Retry-After); permanent (failed at once with its `reason`, never retried). An SMS past
 *   its `expires_at` (a one-time code) fails as `expired` without being sent.
 * - When an SMS or bot row is given up on, the staff who chose `channel_failing` are told through
 *   their other channels (notify.ts, notifyChannelFailing; at most once an hour per channel).
 */

export type OutboxRow = Selectable<OutboxTable>;

export interface OutboxOptions {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  pollMs: number;
  maxAttempts: number;
  backoffMs: number;
  backoffMaxMs: number;
  /** Sent rows are deleted this many days after sending (they hold visitors' personal data). */
  keepDays: number;
  /** How often the worker deletes the sent rows past keepDays. */
  pruneEveryMs?: number;
  /** How long a claimed row stays ours; longer than any send may take. */
  leaseMs?: number;
  /** Rows sent at the same time. */
  concurrency?: number;
  webhookTimeoutMs?: number;
  /** On stop: how long in-flight sends may finish before they are cancelled. */
  stopGraceMs?: number;
  /** PUBLIC_URL: the base of the deliveries link in a channel-failing notice (link-base.ts). */
  publicUrl?: string | undefined;
  /** The database's kind: on PostgreSQL a failing channel's notice is written under an advisory lock. */
  dialect?: DialectName;
}

/** What the app exposes as `app.outbox`. */
export interface Outbox {
  /**
   * Look for due rows now (after an enqueue committed); does nothing when the worker is not running.
   * `kinds`: what was just written; when none of it is a kind this worker sends now (emails without
   * SMTP_URL), there is nothing to look for.
   */
  kick(kinds?: readonly string[]): void;
  /** Sends everything due now (claims as the worker does); the number of rows attempted. */
  runOnce(): Promise<number>;
  /** Stops the worker: no new claims; waits for the sends in flight. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications' outbox worker (modules/outbox/outbox.ts). */
    outbox: Outbox;
  }
}

/** The kinds the worker sends when mail is not configured (every kind but email). */
const SENT_WITHOUT_MAIL = ['webhook', ...CHANNEL_KINDS];

/** Sent rows deleted per statement by prune(). */
const PRUNE_BATCH = 1000;

export const OUTBOX_DEFAULTS = {
  pruneEveryMs: 3_600_000,
  leaseMs: 120_000,
  concurrency: 4,
  webhookTimeoutMs: 10_000,
  stopGraceMs: 5_000,
  publicUrl: undefined,
  dialect: 'sqlite' as DialectName,
};

/** The advisory lock's key under which instances write a channel-failing notice one at a time. */
const CHANNEL_FAILING_LOCK = 240_024;

/** The delay before attempt `attempts + 1`: base·2^(attempts−1), capped, with "equal jitter" (½ to 1×). */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
  return Math.max(1, Math.round(exponential / 2 + (random() * exponential) / 2));
}

/** The domain of an address ("Shop <shop@example.ir>" → example.ir). */
export function addressDomain(address: string | undefined): string | undefined {
  const match = address ? /@([^\s<>@]+?)>?\s*$/.exec(address) : null;
  return match?.[1];
}

/**
 * A stable Message-ID for an email row: the same on every attempt, so that a copy sent again after
 * a crash (between the send and its mark) is recognised by mail clients.
 */
export function messageIdFor(row: Pick<OutboxRow, 'id' | 'created_at' | 'recipient'>, host: string): string {
  const hash = createHash('sha256').update(`${row.created_at}\n${row.recipient}`).digest('hex').slice(0, 16);
  return `<outbox-${row.id}.${hash}@${host}>`;
}

interface Outcome {
  ok: boolean;
  error?: string;
  status?: number | null;
  /** Not worth retrying (the webhook was deleted or disabled, a channel's permanent refusal). */
  final?: boolean;
  /** Why a final failure is final, shown in the deliveries list (outbox.reason). */
  reason?: PermanentReason;
  /** The provider asked not to be called again before this many ms (Retry-After). */
  retryAfterMs?: number;
}

/** A failure that is never retried, with its reason. */
const permanent = (reason: PermanentReason, error: string): Outcome => ({
  ok: false,
  final: true,
  reason,
  error,
});

/** A channel's classified answer as the worker records it. */
function outcomeOfSend(outcome: SendOutcome): Outcome {
  if (outcome.status === 'sent') return { ok: true, status: null };
  if (outcome.status === 'permanent') return permanent(outcome.reason, outcome.detail);
  return {
    ok: false,
    error: outcome.detail,
    ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
  };
}

const isChannelKind = (kind: string): kind is ChannelKind =>
  (CHANNEL_KINDS as readonly string[]).includes(kind);

/** A row's JSON payload, or undefined when it is not an object (a row edited by hand). */
function parsePayload<T>(payload: string): Partial<T> | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Partial<T>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** An SMS payload's parameters, [name, value] pairs of text; undefined when they are anything else. */
function readParams(value: unknown): [string, string][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const pairs = value.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
  return pairs.length === value.length ? pairs : undefined;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export class OutboxWorker implements Outbox {
  private readonly db: Kysely<DB>;
  private readonly options: Required<OutboxOptions>;
  private readonly log: FastifyBaseLogger;
  private readonly transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  private readonly channels: Channels;
  /** Notices of failing channels written by this worker one after another (see channelFailed). */
  private noticeChain: Promise<unknown> = Promise.resolve();
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private prunedAt = 0;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(db: Kysely<DB>, options: OutboxOptions, log: FastifyBaseLogger, channels: Channels) {
    this.db = db;
    this.channels = channels;
    this.options = { ...OUTBOX_DEFAULTS, ...options } as Required<OutboxOptions>;
    this.log = log;
    if (options.smtpUrl && options.mailFrom) {
      this.transport = nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    }
  }

  /** Whether emails are sent (SMTP_URL and MAIL_FROM set). */
  get mailConfigured(): boolean {
    return this.transport !== undefined;
  }

  /** Polls every pollMs from now on (the timer does not keep the process alive). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    if (!this.mailConfigured) {
      this.log.warn('mail is not configured (SMTP_URL): emails wait in the outbox until it is');
    }
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(kinds?: readonly string[]): void {
    if (!this.started || this.stopped) return;
    if (kinds && !kinds.some((kind) => kind !== 'email' || this.mailConfigured)) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.loop();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        try {
          await this.runOnce();
          if (Date.now() - this.prunedAt >= this.options.pruneEveryMs) {
            this.prunedAt = Date.now();
            const pruned = await this.prune();
            if (pruned > 0) this.log.info({ pruned }, 'outbox: deleted sent messages past OUTBOX_KEEP_DAYS');
          }
        } catch (error) {
          this.log.error({ err: error }, 'outbox: a pass failed');
        }
      } while (this.again && !this.stopped);
    } finally {
      this.pass = undefined;
    }
  }

  async runOnce(): Promise<number> {
    // Rows due when the pass starts: a failed attempt is due again only after this instant, so a
    // pass ends even while a receiver keeps failing.
    const startedAt = new Date().toISOString();
    let attempted = 0;
    while (!this.stopped) {
      const now = new Date().toISOString();
      let query = this.db
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', startedAt)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
      // Without mail, the rows of the other kinds, found through the (kind, status) index: a
      // `kind != 'email'` filter walked every waiting email on each pass (and they pile up unsent
      // until mail is set up), a cost each enquiry paid again.
      if (!this.mailConfigured)
        query = query.where('id', 'in', (eb) =>
          eb
            .selectFrom('outbox as waiting')
            .select('waiting.id')
            .where('waiting.kind', 'in', SENT_WITHOUT_MAIL)
            .where('waiting.status', '=', 'pending'),
        );
      const due = await query
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(this.options.concurrency)
        .execute();
      if (due.length === 0) break;
      const results = await Promise.all(due.map((row) => this.track(this.attempt(row))));
      const claimed = results.filter(Boolean).length;
      attempted += claimed;
      // Every row of the batch taken by another worker: the next query finds others or none.
      if (claimed === 0 && due.length < this.options.concurrency) break;
    }
    return attempted;
  }

  /**
   * Deletes the rows sent more than keepDays ago, a batch at a time (their payloads hold visitors'
   * phones, emails and messages; the enquiry itself stays in `enquiries`). Pending and failed rows are
   * never deleted here: they have not reached anyone. Returns how many went.
   */
  async prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.options.keepDays * 86_400_000).toISOString();
    let total = 0;
    for (;;) {
      // A row is sent after it was due, so next_attempt_at < cutoff holds too: outbox_due_idx serves it.
      const batch = await this.db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'sent')
        .where('next_attempt_at', '<', cutoff)
        .where('sent_at', '<', cutoff)
        .limit(PRUNE_BATCH)
        .execute();
      if (batch.length === 0) return total;
      const ids = batch.map((row) => row.id);
      await this.db.deleteFrom('outbox').where('id', 'in', ids).where('status', '=', 'sent').execute();
      total += ids.length;
      if (batch.length < PRUNE_BATCH) return total;
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Claims, sends and records one row; false when another worker has it. Never throws for a send. */
  private async attempt(row: OutboxRow): Promise<boolean> {
    const now = new Date();
    const nowText = now.toISOString();
    const lease = new Date(now.getTime() + this.options.leaseMs).toISOString();
    const claimed = await this.db
      .updateTable('outbox')
      .set((eb) => ({ locked_until: lease, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowText)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowText)]))
      .returning(['attempts'])
      .executeTakeFirst();
    if (!claimed) return false;

    let outcome: Outcome;
    try {
      outcome = await this.send(row);
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      outcome = { ok: false, error: errorText(error), status: typeof code === 'number' ? code : null };
    }

    try {
      await this.record(row, claimed.attempts, lease, outcome);
    } catch (error) {
      // The lease runs out and the row is tried again (the same Message-ID / delivery id).
      this.log.error({ err: error, outbox: row.id }, 'outbox: could not record a send');
    }
    return true;
  }

  private async record(row: OutboxRow, attempts: number, lease: string, outcome: Outcome): Promise<void> {
    const done = new Date().toISOString();
    if (outcome.ok) {
      await this.db
        .updateTable('outbox')
        .set({
          status: 'sent',
          sent_at: done,
          locked_until: null,
          response_status: outcome.status ?? null,
          reason: null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      this.log.info({ outbox: row.id, kind: row.kind, topic: row.topic, attempts }, 'outbox: sent');
      return;
    }
    const giveUp = outcome.final === true || attempts >= this.options.maxAttempts;
    // A provider's Retry-After is a floor under the backoff: calling earlier only earns another refusal.
    const delay = Math.max(
      backoffDelay(attempts, this.options.backoffMs, this.options.backoffMaxMs),
      outcome.retryAfterMs ?? 0,
    );
    const next = giveUp ? row.next_attempt_at : new Date(Date.now() + delay).toISOString();
    const reason = giveUp ? (outcome.reason ?? null) : null;
    const updated = await this.db
      .updateTable('outbox')
      .set({
        status: giveUp ? 'failed' : 'pending',
        next_attempt_at: next,
        locked_until: null,
        last_error: outcome.error ?? 'failed',
        response_status: outcome.status ?? null,
        reason,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      // Still ours: a lease that ran out may have been taken by another worker, which records its own.
      .where('locked_until', '=', lease)
      .executeTakeFirst();
    this.log[giveUp ? 'error' : 'warn'](
      { outbox: row.id, kind: row.kind, topic: row.topic, attempts, error: outcome.error, reason, next },
      giveUp ? 'outbox: gave up on a message' : 'outbox: send failed, will retry',
    );
    if (giveUp && Number(updated.numUpdatedRows) > 0 && isChannelKind(row.kind)) {
      // A code that ran out of time on its first turn says the worker was late, not that the channel
      // fails; one that expired after failed sends says it does (a gateway down during a code's minutes).
      const failedBefore = row.last_error !== null;
      if (reason !== 'expired' || failedBefore)
        await this.channelFailed(row.kind, reason, outcome.error ?? '');
    }
  }

  /**
   * Tells the staff who chose `channel_failing` that a channel gave up on a message. Never throws: the
   * row is already recorded, and a notice that cannot be written must not undo that. The notices of one
   * worker are written one after another, and on PostgreSQL under an advisory lock, so that a batch of
   * rows failing together (no credit left) leaves one notice, not one per row.
   */
  private async channelFailed(channel: ChannelKind, reason: PermanentReason | null, detail: string) {
    const write = async () => {
      const setup = await this.channels.setup();
      const baseUrl = await linkBase(this.db, { publicUrl: this.options.publicUrl });
      return this.db.transaction().execute(async (trx) => {
        if (this.options.dialect === 'postgres')
          await sql`SELECT pg_advisory_xact_lock(${CHANNEL_FAILING_LOCK})`.execute(trx);
        return notifyChannelFailing(trx, { channel, reason, detail, baseUrl, channels: setup });
      });
    };
    const written = this.noticeChain.then(write);
    this.noticeChain = written.catch(() => undefined);
    try {
      const rows = await written;
      if (rows > 0) {
        this.log.warn({ channel, reason, notices: rows }, 'outbox: staff told that a channel is failing');
        this.kick();
      }
    } catch (error) {
      this.log.error({ err: error, channel }, 'outbox: could not write the failing channel notice');
    }
  }

  /** Sends one row by its kind; throws only for a mail or webhook failure the caller records. */
  private async send(row: OutboxRow): Promise<Outcome> {
    switch (row.kind) {
      case 'webhook':
        return this.postWebhook(row);
      case 'sms':
        return this.sendSms(row);
      case 'bale':
      case 'telegram':
        return this.sendBotMessage(row, row.kind);
      default:
        return this.sendMail(row);
    }
  }

  private async sendSms(row: OutboxRow): Promise<Outcome> {
    const payload = parsePayload<SmsPayload>(row.payload);
    const params = readParams(payload?.params);
    if (!payload || typeof payload.kind !== 'string' || !params)
      return permanent('rejected', 'The message could not be read.');
    if (payload.expires_at !== undefined) {
      const expires = typeof payload.expires_at === 'string' ? Date.parse(payload.expires_at) : Number.NaN;
      if (!Number.isFinite(expires) || Date.now() >= expires)
        return permanent('expired', 'The message expired before it could be sent.');
    }
    const sms = await this.channels.smsProvider();
    if (!sms) return permanent('not_configured', 'SMS is not set up.');
    const template = templateFor(sms.settings, payload.kind as SmsKind, payload.language ?? 'fa');
    if (!template) return permanent('template_refused', `No template is set for ${payload.kind}.`);
    return outcomeOfSend(await sms.provider.send({ to: row.recipient, template, params }, this.abort.signal));
  }

  private async sendBotMessage(row: OutboxRow, channel: 'bale' | 'telegram'): Promise<Outcome> {
    const payload = parsePayload<BotPayload>(row.payload);
    if (!payload || typeof payload.text !== 'string')
      return permanent('rejected', 'The message could not be read.');
    const bot = await this.channels.bot(channel);
    if (!bot)
      return permanent(
        'not_configured',
        `The ${channel === 'bale' ? 'Bale' : 'Telegram'} bot is not set up.`,
      );
    return outcomeOfSend(await bot.sendMessage(row.recipient, payload.text, this.abort.signal));
  }

  private async sendMail(row: OutboxRow): Promise<Outcome> {
    if (!this.transport) return { ok: false, error: 'mail is not configured (SMTP_URL)' };
    const payload = JSON.parse(row.payload) as EmailPayload;
    const host = payload.host ?? addressDomain(this.options.mailFrom) ?? 'localhost';
    // A new enquiry's mails are rendered here, when they are sent (notify.ts EnquiryMailPayload).
    const { subject, text, html } = mailContentOf(payload);
    const info = await this.transport.sendMail({
      from: this.options.mailFrom,
      to: row.recipient,
      subject,
      text,
      html,
      messageId: messageIdFor(row, host),
      date: new Date(row.created_at),
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      signal: this.abort.signal,
    });
    const code = /^(\d{3})\b/.exec(info.response ?? '')?.[1];
    return { ok: true, status: code ? Number(code) : null };
  }

  private async postWebhook(row: OutboxRow): Promise<Outcome> {
    const webhook =
      row.webhook_id === null
        ? undefined
        : await this.db
            .selectFrom('webhooks')
            .select(['url', 'secret', 'active'])
            .where('id', '=', row.webhook_id)
            .executeTakeFirst();
    if (!webhook) return { ok: false, final: true, error: 'The webhook was deleted.' };
    if (webhook.active !== 1) return { ok: false, final: true, error: 'The webhook is disabled.' };
    const timestamp = Math.floor(Date.now() / 1000);
    const body = row.payload;
    const response = await fetch(webhook.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'storefront-webhooks',
        'X-Storefront-Event': row.topic,
        'X-Storefront-Delivery': String(row.id),
        'X-Storefront-Timestamp': String(timestamp),
        'X-Storefront-Signature': signWebhook(webhook.secret, timestamp, body),
      },
      signal: AbortSignal.any([AbortSignal.timeout(this.options.webhookTimeoutMs), this.abort.signal]),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const settled = Promise.allSettled([...this.inFlight, this.pass]);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        // Cancelled sends are recorded as failed attempts; they go again later (same ids).
        this.abort.abort(new Error('the server is stopping'));
        resolve();
      }, this.options.stopGraceMs);
    });
    await Promise.race([settled, grace]);
    await settled;
    clearTimeout(timer);
    this.transport?.close();
  }
}

/** The worker's options from the app's configuration. */
export function outboxOptions(config: AppConfig): OutboxOptions {
  return {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    pollMs: config.outboxPollMs,
    maxAttempts: config.outboxMaxAttempts,
    backoffMs: config.outboxBackoffMs,
    backoffMaxMs: config.outboxBackoffMaxMs,
    keepDays: config.outboxKeepDays,
    publicUrl: config.publicUrl,
    // As db/connection.ts decides: a DATABASE_URL is PostgreSQL.
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
  };
}

/**
 * `app.outbox`: the worker, started when the app is ready (unless OUTBOX_WORKER=false) and stopped on
 * close. Register it after the database's own onClose hook: onClose hooks run last-added first, so
 * the sends in flight are recorded before the database closes. `app.channels` (registered before)
 * is what SMS and bot rows go through.
 */
export function registerOutbox(app: FastifyInstance): OutboxWorker {
  const worker = new OutboxWorker(
    app.database.db,
    { ...outboxOptions(app.config), dialect: app.database.dialect },
    app.log,
    app.channels,
  );
  app.decorate('outbox', worker);
  if (app.config.outboxWorker) app.addHook('onReady', async () => worker.start());
  if (app.config.smtpUrl && !app.config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: links in notification mail use the address staff last signed in from (modules/outbox/link-base.ts); set PUBLIC_URL',
    );
  }
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
