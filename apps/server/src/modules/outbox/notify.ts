import { createHmac } from 'node:crypto';
import { isMobile } from '@storefront/contracts';
import {
  botChannels,
  deliveryKinds,
  permanentReasons,
  rolesThatMay,
  staffChannels,
  type BotChannel,
  type Delivery,
  type DeliveryKind,
  type PermanentReason,
  type SmsKind,
  type StaffChannel,
  type StaffEvent,
} from '@storefront/contracts/admin';
import { sql, type Kysely, type Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { OutboxTable } from '../../db/tables/outbox.ts';
import { templateFor, type ChannelSetup } from '../channels/registry.ts';
import type { ChannelKind } from '../channels/status.ts';
import { followUrl } from '../enquiries/follow-link.ts';
import type { StoredEnquiry } from '../enquiries/repository.ts';
import { parseStoreIdentity, Settings, type ReviewPolicy } from '../settings/repository.ts';
import { linkBaseOf } from './link-base.ts';
import { deliveryStatus } from './status.ts';
import {
  channelFailingMail,
  channelFailingText,
  confirmationMail,
  enquiryReference,
  mailLanguage,
  staffEnquiryMail,
  staffEnquiryText,
  staffReviewMail,
  staffReviewText,
  type EnquiryForMail,
  type MailContent,
  type MailLanguage,
} from './messages.ts';

/**
 * The notifications' public side: what the enquiry and review routes call inside their transaction
 * (`notifyNewEnquiry`, `notifyHeldReview`: rows written to the outbox, committed or rolled back with
 * the enquiry), what the worker writes when a channel fails (`notifyChannelFailing`), and what the
 * back office reads (`mailStatus`, `listDeliveries`, `retryDelivery`). Which staff member hears of
 * what by which channel is decided here; the channels' setup is taken as an argument (the caller
 * reads `app.channels.setup()` once), so nothing here needs the app.
 * The outbox's worker (outbox.ts) sends the rows; after its transaction commits, the caller calls
 * `app.outbox.kick()` so that they leave at once.
 */

/** The topics (outbox.topic), and the webhook's `event`. */
export const TOPICS = {
  enquiryStaff: 'enquiry.created',
  enquiryConfirmation: 'enquiry.confirmation',
  reviewHeld: 'review.held',
  otp: 'otp',
  channelFailing: 'channel.failing',
  channelTest: 'channel.test',
  /** To staff: the visitor wrote, accepted or declined (notify-thread.ts). */
  thread: 'enquiry.thread',
  /** To the visitor: the store replied or sent a quote (notify-thread.ts). */
  reply: 'enquiry.reply',
} as const;

/** The outbox's kinds that go through the channels module (modules/channels). */
export const CHANNEL_KINDS = ['sms', 'bale', 'telegram'] as const satisfies readonly ChannelKind[];

/**
 * An email's payload in the outbox: its texts, and the host its Message-ID ends with. `failing`: the
 * channel a channel-failing notice is about (first in the JSON, so the hourly check can match it).
 * A new enquiry's mails keep what they are written from instead (EnquiryMailPayload).
 */
export type EmailPayload = (MailContent & { failing?: ChannelKind; host?: string }) | EnquiryMailPayload;

/**
 * A new enquiry's mail as the outbox keeps it: what it is written from, in the order's transaction,
 * and rendered into its texts and HTML when the worker sends it (`mailContentOf`), not in the
 * request (issue 22: rendering both mails was about a tenth of an order's CPU). Everything it is
 * rendered from is in the row (the enquiry's fields, the store's name, the link), so a mail sent
 * late or again reads as it would have at the order: "nothing lost" holds, the row commits with
 * the enquiry. `link`: the back office's link (`enquiry.staff`) or the visitor's follow link
 * (`enquiry.confirmation`).
 */
export interface EnquiryMailPayload {
  mail: 'enquiry.staff' | 'enquiry.confirmation';
  language: MailLanguage;
  enquiry: EnquiryForMail;
  store: string;
  link: string;
  host?: string;
}

/** An email payload's subject, text and HTML: as stored, or rendered now from a new enquiry's data. */
export function mailContentOf(payload: EmailPayload): MailContent {
  if (!('mail' in payload)) return payload;
  const { language, enquiry, store, link } = payload;
  return payload.mail === 'enquiry.staff'
    ? staffEnquiryMail(language, enquiry, link, store)
    : confirmationMail(language, enquiry, store, link);
}

/**
 * An SMS's payload: the kind of message (its template is looked up when it is sent, so a template the
 * owner corrects applies to the messages still waiting), the language, the template's parameters in
 * order, and for a message worthless when late (a one-time code) when it expires.
 */
export interface SmsPayload {
  kind: SmsKind;
  language: MailLanguage;
  params: [name: string, value: string][];
  expires_at?: string;
}

/** A bot message's payload: the text as it is sent (`failing`: as in EmailPayload). */
export interface BotPayload {
  failing?: ChannelKind;
  text: string;
}

/** An enquiry as its notices tell it: the columns the enquiry routes answer with. */
export type EnquiryNotice = StoredEnquiry;

export interface ReviewNotice {
  id: number;
  product_id: number;
  product_title: string;
  name: string;
  email: string;
  content: string;
  creation_date: string;
}

/** The webhook body of a new enquiry (fixed at enqueue time: retries send the same bytes). */
export interface EnquiryWebhookBody {
  event: 'enquiry.created';
  delivery: number;
  enquiry: EnquiryNotice & { reference: string };
}

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`: the X-Storefront-Signature header. */
export function signWebhook(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function hostOf(baseUrl: string): string | undefined {
  // No base yet (no PUBLIC_URL, nobody signed in): no host, without the cost of a thrown TypeError.
  if (baseUrl === '') return undefined;
  try {
    const host = new URL(baseUrl).hostname;
    // A Message-ID's right side must be a plain domain (not an IPv6 literal).
    return /^[a-z0-9.-]+$/i.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The store's name in each language (the back office's store identity), '' when it has none. */
export async function storeNames(
  trx: Kysely<DB>,
  given: string | undefined,
): Promise<(lang: MailLanguage) => string> {
  if (given !== undefined) return () => given.trim();
  return storeNamesOf(await new Settings(trx).text('storeIdentity'));
}

/** The store's name in a mail's language (else the Persian one), from the identity as stored. */
function storeNamesOf(identity: string | undefined): (lang: MailLanguage) => string {
  let name: Record<string, string> = {};
  try {
    if (identity !== undefined) name = parseStoreIdentity(identity).name ?? {};
  } catch {
    // An unreadable identity: neutral texts.
  }
  return (lang) => (name[lang] || name.fa || '').trim();
}

export interface NewRow {
  kind: DeliveryKind;
  topic: string;
  recipient: string;
  webhook_id: number | null;
  payload: string;
}

type OutboxValues = NewRow & { next_attempt_at: string; created_at: string };

/** The outbox INSERT's columns, in the order its compiled text binds them. */
const OUTBOX_COLUMNS = [
  'kind',
  'topic',
  'recipient',
  'webhook_id',
  'payload',
  'next_attempt_at',
  'created_at',
] as const satisfies readonly (keyof OutboxValues)[];

/** A stand-in outbox row, its keys in OUTBOX_COLUMNS' order (the order the builder binds them in). */
const STAND_IN: OutboxValues = {
  kind: 'email',
  topic: '',
  recipient: '',
  webhook_id: null,
  payload: '',
  next_attempt_at: '',
  created_at: '',
};

/** The multi-row outbox INSERT per row count, its text built once per database (db/compiled.ts). */
const outboxInserts = new Map<number, ReturnType<typeof compiledOnce>>();

/**
 * Outbox rows in one INSERT whose text the query builder compiles once per row count (issue 22:
 * building it each time cost more than running it); the values bound in OUTBOX_COLUMNS' order.
 */
async function insertCompiled(trx: Kysely<DB>, values: OutboxValues[]): Promise<void> {
  const rows = values.length;
  let insert = outboxInserts.get(rows);
  if (!insert) {
    insert = compiledOnce((db) =>
      db.insertInto('outbox').values(Array.from({ length: rows }, () => STAND_IN)),
    );
    outboxInserts.set(rows, insert);
  }
  await insert(
    trx,
    values.flatMap((row) => OUTBOX_COLUMNS.map((c) => row[c])),
  );
}

export async function insertRows(trx: Kysely<DB>, rows: NewRow[], now: string): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(rows.map((row) => ({ ...row, next_attempt_at: now, created_at: now })))
    .execute();
}

/** Active staff with what decides which channels reach them; `roles`: only these roles. */
export async function staffFor(trx: Kysely<DB>, roles?: readonly string[]) {
  let query = trx
    .selectFrom('staff')
    .select([
      'id',
      'email',
      'language',
      'notify_enquiries',
      'notify_reviews',
      'phone',
      'bale_chat_id',
      'telegram_chat_id',
      'notify_channels',
    ])
    .where('is_active', '=', 1);
  if (roles) query = query.where('role', 'in', roles);
  return query.orderBy('id').execute();
}

export type StaffMember = Awaited<ReturnType<typeof staffFor>>[number];

/**
 * The channels other than email a staff member chose for an event (`staff.notify_channels`, JSON
 * {event: channels[]}); for `channel_failing`, email too. Read defensively: a value that is not such
 * JSON is no choice at all, never an error in the enquiry's transaction.
 */
export function chosenChannels(raw: string | null | undefined, event: StaffEvent): Set<StaffChannel> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '{}');
  } catch {
    return new Set();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return new Set();
  const list: unknown = Object.hasOwn(parsed, event) ? (parsed as Record<string, unknown>)[event] : undefined;
  if (!Array.isArray(list)) return new Set();
  return new Set(staffChannels.filter((channel) => list.includes(channel)));
}

export const smsRow = (topic: string, recipient: string, payload: SmsPayload): NewRow => ({
  kind: 'sms',
  topic,
  recipient,
  webhook_id: null,
  payload: JSON.stringify(payload),
});

const botRow = (kind: BotChannel, topic: string, recipient: string, payload: BotPayload): NewRow => ({
  kind,
  topic,
  recipient,
  webhook_id: null,
  payload: JSON.stringify(payload),
});

/**
 * A staff member's SMS and bot messages about an event, for the channels they chose that can reach
 * them now: SMS when they have a mobile and SMS is set up with a template for `sms.kind`; a bot when
 * its chat is linked and the bot is set up. `except`: a channel never used (the failing one).
 */
export function staffChannelRows(
  staff: StaffMember,
  event: StaffEvent,
  setup: ChannelSetup,
  message: {
    topic: string;
    sms?: { kind: SmsKind; params: [string, string][] };
    text: (lang: MailLanguage) => string;
    except?: ChannelKind;
  },
): NewRow[] {
  const lang = mailLanguage(staff.language);
  const chosen = chosenChannels(staff.notify_channels, event);
  const rows: NewRow[] = [];
  if (
    message.sms &&
    message.except !== 'sms' &&
    chosen.has('sms') &&
    isMobile(staff.phone) &&
    setup.sms &&
    templateFor(setup.sms, message.sms.kind, lang) !== undefined
  ) {
    rows.push(
      smsRow(message.topic, staff.phone, {
        kind: message.sms.kind,
        language: lang,
        params: message.sms.params,
      }),
    );
  }
  for (const bot of botChannels) {
    const chat = bot === 'bale' ? staff.bale_chat_id : staff.telegram_chat_id;
    if (message.except === bot || !chosen.has(bot) || !chat || !setup.bots[bot]) continue;
    const text = message.text(lang);
    rows.push(
      botRow(bot, message.topic, chat, message.except ? { failing: message.except, text } : { text }),
    );
  }
  return rows;
}

/**
 * A link for an SMS parameter: absolute on a known base; without one (no PUBLIC_URL, nobody signed in
 * yet) the path alone, so that the template still gets every parameter it was approved with.
 */
export const linkOn = (baseUrl: string, path: string) => `${baseUrl}${path}`;

/** The active webhooks a new enquiry is POSTed to. */
export async function activeWebhooks(db: Kysely<DB>): Promise<{ id: number; url: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'url']).where('active', '=', 1).orderBy('id').execute();
}

/**
 * Who hears of a new enquiry, and how its notices are written: the active owner and sales staff, the
 * active webhooks, the store's name the mails are signed with and the base of their links
 * (link-base.ts: PUBLIC_URL, else the origin staff last signed in from), and the review policy (the
 * review route's). Read before the write's transaction (settings and staff are not what "nothing
 * lost" needs: the enquiry and the rows written with it are), and kept per process: see keptAudience.
 */
export interface EnquiryAudience {
  staff: StaffMember[];
  webhooks: { id: number; url: string }[];
  storeName: (lang: MailLanguage) => string;
  baseUrl: string;
  reviewPolicy: ReviewPolicy;
}

export async function enquiryAudience(
  db: Kysely<DB>,
  config: Pick<AppConfig, 'publicUrl'>,
): Promise<EnquiryAudience> {
  const [staff, webhooks, stored] = await Promise.all([
    staffFor(db, rolesThatMay.seeSales),
    activeWebhooks(db),
    new Settings(db).texts(
      config.publicUrl ? ['storeIdentity', 'reviewPolicy'] : ['storeIdentity', 'staffOrigin', 'reviewPolicy'],
    ),
  ]);
  return {
    staff,
    webhooks,
    storeName: storeNamesOf(stored.storeIdentity),
    baseUrl: linkBaseOf(config, stored.staffOrigin),
    reviewPolicy: reviewPolicyOf(stored.reviewPolicy),
  };
}

/** The review policy as stored (the same rule as Settings.reviewPolicy): `hold`, else `publish`. */
const reviewPolicyOf = (stored: string | undefined): ReviewPolicy => (stored === 'hold' ? 'hold' : 'publish');

/**
 * The audience's version (migration 0020's `audience_version`): moved by triggers on every change
 * to the staff's audience columns, to `webhooks` and to the `meta` keys the audience reads, by any
 * writer and any process. `db` may be a transaction; a string, as PostgreSQL gives a bigint.
 */
export async function audienceVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ version: string | number }>`
    SELECT version FROM audience_version WHERE id = 1`.execute(db);
  return String(rows[0]?.version ?? '');
}

interface Kept {
  version: string;
  publicUrl: string | undefined;
  audience: Promise<EnquiryAudience>;
}

/** Per database (a process may hold several in tests): the audience last read, with its version. */
const keptAudiences = new WeakMap<Kysely<DB>, Kept>();

/**
 * The enquiry audience, kept per process: read again only when `version` (audienceVersion, read by
 * the caller before this, usually in a statement it makes anyway) differs from the one it was read
 * at. The version is read before the audience, so an audience kept under a version is at least as
 * new as that version (a change committed in between makes the next version differ, and the next
 * request reads it again). Requests that see the same new version share one read.
 */
export function keptAudience(
  db: Kysely<DB>,
  config: Pick<AppConfig, 'publicUrl'>,
  version: string,
): Promise<EnquiryAudience> {
  const kept = keptAudiences.get(db);
  if (kept && kept.version === version && kept.publicUrl === config.publicUrl) return kept.audience;
  const audience = enquiryAudience(db, config);
  const entry: Kept = { version, publicUrl: config.publicUrl, audience };
  keptAudiences.set(db, entry);
  // A failed read is not kept: the next request reads again.
  audience.catch(() => {
    if (keptAudiences.get(db) === entry) keptAudiences.delete(db);
  });
  return audience;
}

/**
 * The audience this process read last for `db`, with the version it was read at, without reading
 * anything: for a write that checks the version inside its own statement (a review published at once
 * on PostgreSQL, reviews/changes.ts) and reads again only when it moved.
 */
export function lastKeptAudience(
  db: Kysely<DB>,
  config: Pick<AppConfig, 'publicUrl'>,
): { version: string; audience: Promise<EnquiryAudience> } | undefined {
  const kept = keptAudiences.get(db);
  return kept && kept.publicUrl === config.publicUrl ? kept : undefined;
}

/** The webhook body of a new enquiry as the text before and after its delivery id (the outbox row's id). */
export function enquiryWebhookBody(order: EnquiryNotice): { before: string; after: string } {
  const enquiry: EnquiryWebhookBody['enquiry'] = {
    id: order.id,
    reference: enquiryReference(order.id),
    product_id: order.product_id,
    product_title: order.product_title,
    phone: order.phone,
    email: order.email,
    description: order.description,
    language: order.language,
    created_at: order.created_at,
  };
  // JSON.stringify of {event, delivery, enquiry}, in that order, with the delivery between the parts.
  return {
    before: '{"event":"enquiry.created","delivery":',
    after: `,"enquiry":${JSON.stringify(enquiry)}}`,
  };
}

/**
 * A new enquiry's outbox rows, written by the caller: to each active owner and sales member, a mail
 * when they asked for them (in their language) and an SMS or bot message on each other channel they
 * chose that can reach them; to the visitor, a confirmation in the enquiry's language by mail when
 * they left an email and by SMS when they left a mobile and SMS is set up with an `enquiry` template,
 * both with the private link to follow the request. `webhooks`: the active webhooks, a POST to each
 * (a row whose body names its own id: `enquiryWebhookBody`).
 */
export function enquiryNoticeRows(input: {
  order: EnquiryNotice;
  baseUrl: string;
  followToken: string;
  channels: ChannelSetup;
  audience: Omit<EnquiryAudience, 'baseUrl' | 'reviewPolicy'>;
}): { rows: NewRow[]; webhooks: { id: number; url: string }[] } {
  const { order, channels: setup } = input;
  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const { staff: everyone, webhooks, storeName } = input.audience;
  const link = linkOn(baseUrl, `/admin/enquiries/${order.id}`);
  const reference = enquiryReference(order.id);
  // What the mails are rendered from when they are sent (EnquiryMailPayload): the enquiry's fields.
  const forMail: EnquiryForMail = {
    id: order.id,
    product_title: order.product_title,
    phone: order.phone,
    email: order.email,
    description: order.description,
    language: order.language,
  };
  const email = (
    recipient: string,
    topic: string,
    mail: EnquiryMailPayload['mail'],
    language: MailLanguage,
    store: string,
    link: string,
  ): NewRow => ({
    kind: 'email',
    topic,
    recipient,
    webhook_id: null,
    payload: JSON.stringify({
      mail,
      language,
      enquiry: forMail,
      store,
      link,
      ...(host === undefined ? {} : { host }),
    } satisfies EnquiryMailPayload),
  });

  const rows: NewRow[] = [];
  for (const staff of everyone) {
    const lang = mailLanguage(staff.language);
    if (staff.notify_enquiries === 1)
      rows.push(email(staff.email, TOPICS.enquiryStaff, 'enquiry.staff', lang, storeName(lang), link));
    rows.push(
      ...staffChannelRows(staff, 'enquiry', setup, {
        topic: TOPICS.enquiryStaff,
        sms: {
          kind: 'staff_enquiry',
          params: [
            ['reference', reference],
            ['link', link],
          ],
        },
        text: (language) => staffEnquiryText(language, order, link),
      }),
    );
  }
  const visitorLang = mailLanguage(order.language);
  const follow = followUrl(baseUrl, input.followToken, visitorLang);
  if (order.email.trim() !== '') {
    rows.push(
      email(
        order.email.trim(),
        TOPICS.enquiryConfirmation,
        'enquiry.confirmation',
        visitorLang,
        storeName(visitorLang),
        follow,
      ),
    );
  }
  if (isMobile(order.phone) && setup.sms && templateFor(setup.sms, 'enquiry', visitorLang) !== undefined) {
    rows.push(
      smsRow(TOPICS.enquiryConfirmation, order.phone, {
        kind: 'enquiry',
        language: visitorLang,
        params: [
          ['reference', reference],
          ['link', follow],
        ],
      }),
    );
  }
  return { rows, webhooks };
}

/**
 * A new enquiry's notices (enquiryNoticeRows), written to the outbox with `trx`, the enquiry's
 * transaction, in one multi-row INSERT (and, per webhook, the UPDATE that puts its delivery id in its
 * body). `channels`: the setup read once by the caller (`await app.channels.setup()`); `audience`:
 * keptAudience or enquiryAudience, read by the caller before the transaction (read here with `trx`
 * without it). Returns the kinds of the rows written (for `app.outbox.kick`). On PostgreSQL the
 * enquiry route writes the same rows with the enquiry in one statement instead (enquiries/store.ts).
 */
export async function notifyNewEnquiry(
  trx: Kysely<DB>,
  input: {
    order: EnquiryNotice;
    baseUrl: string;
    /** The enquiry's follow token (enquiries/follow-link.ts; its hash is what the enquiry keeps). */
    followToken: string;
    channels: ChannelSetup;
    storeName?: string;
    audience?: EnquiryAudience;
  },
): Promise<DeliveryKind[]> {
  const { order } = input;
  const now = new Date().toISOString();
  let audience: Omit<EnquiryAudience, 'baseUrl' | 'reviewPolicy'>;
  if (input.audience && input.storeName === undefined) audience = input.audience;
  else {
    const [staff, webhooks, storeName] = await Promise.all([
      staffFor(trx, rolesThatMay.seeSales),
      activeWebhooks(trx),
      storeNames(trx, input.storeName),
    ]);
    audience = { staff, webhooks, storeName };
  }
  const { rows, webhooks } = enquiryNoticeRows({ ...input, audience });
  // Each webhook's body names its delivery (the outbox row's id): the row is written with the others,
  // then its body, once its id is known.
  for (const webhook of webhooks) {
    rows.push({
      kind: 'webhook',
      topic: TOPICS.enquiryStaff,
      recipient: webhook.url,
      webhook_id: webhook.id,
      payload: '',
    });
  }
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({ ...row, next_attempt_at: now, created_at: now }));
  if (webhooks.length === 0) {
    await insertCompiled(trx, values);
    return rows.map((row) => row.kind);
  }
  const written = await trx.insertInto('outbox').values(values).returning(['id', 'webhook_id']).execute();
  const body = enquiryWebhookBody(order);
  for (const { id, webhook_id } of written) {
    // Only the webhook rows carry a webhook_id, one per webhook in this statement.
    if (webhook_id === null) continue;
    await trx
      .updateTable('outbox')
      .set({ payload: `${body.before}${id}${body.after}` })
      .where('id', '=', id)
      .execute();
  }
  return rows.map((row) => row.kind);
}

/**
 * A review held for moderation: to each active owner and sales member, a mail when they asked for
 * them and an SMS or bot message on each other channel they chose, with a link to the reviews
 * waiting. Written to the outbox with `trx`, the review's transaction; `channels` as in
 * notifyNewEnquiry.
 */
export async function notifyHeldReview(
  trx: Kysely<DB>,
  input: { review: ReviewNotice; baseUrl: string; channels: ChannelSetup; storeName?: string },
): Promise<void> {
  const now = new Date().toISOString();
  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const storeName = await storeNames(trx, input.storeName);
  const link = linkOn(baseUrl, '/admin/reviews?status=held');
  const rows: NewRow[] = [];
  for (const staff of await staffFor(trx, rolesThatMay.seeSales)) {
    const lang = mailLanguage(staff.language);
    if (staff.notify_reviews === 1) {
      const mail = staffReviewMail(lang, input.review, link, storeName(lang));
      rows.push({
        kind: 'email',
        topic: TOPICS.reviewHeld,
        recipient: staff.email,
        webhook_id: null,
        payload: JSON.stringify({ ...mail, host } satisfies EmailPayload),
      });
    }
    rows.push(
      ...staffChannelRows(staff, 'review', input.channels, {
        topic: TOPICS.reviewHeld,
        sms: { kind: 'staff_review', params: [['link', link]] },
        text: (language) => staffReviewText(language, input.review, link),
      }),
    );
  }
  await insertRows(trx, rows, now);
}

/** How long after a channel-failing notice the same channel's failures are not told again. */
export const CHANNEL_FAILING_QUIET_MS = 3_600_000;

/**
 * A channel gave up on a message: each active staff member who chose `channel_failing` is told on
 * the other channels they chose (never the failing one): by mail, or by a bot. SMS carries no such
 * notice (no template kind for it exists; the operators allow only approved templates). Nothing is
 * written when a notice about this channel was written in the last hour. Returns the rows written.
 */
export async function notifyChannelFailing(
  trx: Kysely<DB>,
  input: {
    channel: ChannelKind;
    reason: PermanentReason | null;
    detail: string;
    baseUrl: string;
    channels: ChannelSetup;
    storeName?: string;
    now?: Date;
  },
): Promise<number> {
  const at = input.now ?? new Date();
  const now = at.toISOString();
  const { channel } = input;
  const recent = await trx
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', TOPICS.channelFailing)
    .where('created_at', '>=', new Date(at.getTime() - CHANNEL_FAILING_QUIET_MS).toISOString())
    .where('payload', 'like', `{"failing":"${channel}"%`)
    .limit(1)
    .executeTakeFirst();
  if (recent) return 0;

  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const storeName = await storeNames(trx, input.storeName);
  // The deliveries list is a section of the back office's settings page (apps/admin: /settings).
  const link = linkOn(baseUrl, `/admin/settings?kind=${channel}&status=failed#deliveries`);
  const failure = { channel, reason: input.reason, detail: input.detail };
  const rows: NewRow[] = [];
  for (const staff of await staffFor(trx)) {
    const lang = mailLanguage(staff.language);
    if (chosenChannels(staff.notify_channels, 'channel_failing').has('email')) {
      const mail = channelFailingMail(lang, failure, link, storeName(lang));
      rows.push({
        kind: 'email',
        topic: TOPICS.channelFailing,
        recipient: staff.email,
        webhook_id: null,
        payload: JSON.stringify({ failing: channel, ...mail, host } satisfies EmailPayload),
      });
    }
    rows.push(
      ...staffChannelRows(staff, 'channel_failing', input.channels, {
        topic: TOPICS.channelFailing,
        text: (language) => channelFailingText(language, failure, link),
        except: channel,
      }),
    );
  }
  await insertRows(trx, rows, now);
  return rows.length;
}

export interface MailStatus {
  /** SMTP_URL is set. */
  configured: boolean;
  /** MAIL_FROM. */
  from: string | null;
  /** Emails waiting (not yet sent, not given up). */
  pending: number;
  /** Emails given up on (kept; retryable). */
  failed: number;
  /** The latest error of an email not sent yet. */
  last_error: string | null;
}

/** The mail set-up and the emails waiting, for the back office's settings page. */
export async function mailStatus(
  db: Kysely<DB>,
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
): Promise<MailStatus> {
  const { pending, failed, last_error } = await deliveryStatus(db, 'email');
  return {
    configured: config.smtpUrl !== undefined,
    from: config.mailFrom ?? null,
    pending,
    failed,
    last_error,
  };
}

const DELIVERY_COLUMNS = [
  'id',
  'kind',
  'topic',
  'recipient',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'reason',
  'response_status',
  'created_at',
  'sent_at',
] as const;

type DeliveryRow = Pick<Selectable<OutboxTable>, (typeof DELIVERY_COLUMNS)[number]>;

const asKind = (kind: string): DeliveryKind =>
  (deliveryKinds as readonly string[]).includes(kind) ? (kind as DeliveryKind) : 'email';
const asReason = (reason: string | null): PermanentReason | null =>
  reason !== null && (permanentReasons as readonly string[]).includes(reason)
    ? (reason as PermanentReason)
    : null;

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    kind: asKind(row.kind),
    topic: row.topic,
    recipient: row.recipient,
    status: row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    reason: asReason(row.reason),
    response_status: row.response_status,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

export interface DeliveryFilter {
  page: number;
  page_size: number;
  kind?: DeliveryKind | undefined;
  status?: 'pending' | 'sent' | 'failed' | undefined;
  /** A webhook's id: its deliveries only. */
  webhook?: number | undefined;
}

/** The outbox as a delivery history, newest first. */
export async function listDeliveries(
  db: Kysely<DB>,
  filter: DeliveryFilter,
): Promise<{ count: number; results: Delivery[] }> {
  let query = db.selectFrom('outbox');
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.webhook !== undefined) query = query.where('webhook_id', '=', filter.webhook);
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(DELIVERY_COLUMNS)
    .orderBy('id', 'desc')
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
    .execute();
  return { count: Number(n), results: rows.map(toDelivery) };
}

/**
 * Sends a delivery again: a failed one becomes pending with its attempts reset and its reason
 * cleared, due now; a pending one is made due now. A sent one is left as it is. undefined: no such
 * delivery.
 */
export async function retryDelivery(db: Kysely<DB>, id: number): Promise<Delivery | undefined> {
  const now = new Date().toISOString();
  await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, reason: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .execute();
  const row = await db.selectFrom('outbox').select(DELIVERY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toDelivery(row) : undefined;
}
