import { createHmac } from 'node:crypto';
import { rolesThatMay, type Delivery } from '@storefront/contracts/admin';
import type { Kysely, Selectable } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { OutboxTable } from '../../db/tables/outbox.ts';
import type { StoredEnquiry } from '../enquiries/repository.ts';
import { Settings } from '../settings/repository.ts';
import {
  confirmationMail,
  enquiryReference,
  mailLanguage,
  staffEnquiryMail,
  staffReviewMail,
  type MailContent,
  type MailLanguage,
} from './messages.ts';

/**
 * The notifications' public side: what the enquiry and review routes call inside their transaction
 * (`notifyNewEnquiry`, `notifyHeldReview`: rows written to the outbox, committed or rolled back with
 * the enquiry), and what the back office reads (`mailStatus`, `listDeliveries`, `retryDelivery`).
 * The outbox's worker (outbox.ts) sends the rows; after its transaction commits, the caller calls
 * `app.outbox.kick()` so that they leave at once.
 */

/** The topics (outbox.topic), and the webhook's `event`. */
export const TOPICS = {
  enquiryStaff: 'enquiry.created',
  enquiryConfirmation: 'enquiry.confirmation',
  reviewHeld: 'review.held',
} as const;

/** An email's payload in the outbox: its texts, and the host its Message-ID ends with. */
export interface EmailPayload extends MailContent {
  host?: string;
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

function hostOf(baseUrl: string): string | undefined {
  try {
    const host = new URL(baseUrl).hostname;
    // A Message-ID's right side must be a plain domain (not an IPv6 literal).
    return /^[a-z0-9.-]+$/i.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The store's name in each language (the back office's store identity), '' when it has none. */
async function storeNames(
  trx: Kysely<DB>,
  given: string | undefined,
): Promise<(lang: MailLanguage) => string> {
  if (given !== undefined) return () => given.trim();
  let name: Record<string, string> = {};
  try {
    name = (await new Settings(trx).storeIdentity())?.name ?? {};
  } catch {
    // An unreadable identity: neutral texts.
  }
  return (lang) => (name[lang] || name.fa || '').trim();
}

interface NewRow {
  kind: 'email' | 'webhook';
  topic: string;
  recipient: string;
  webhook_id: number | null;
  payload: string;
}

async function insertRows(trx: Kysely<DB>, rows: NewRow[], now: string): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(rows.map((row) => ({ ...row, next_attempt_at: now, created_at: now })))
    .execute();
}

async function staffFor(trx: Kysely<DB>, choice: 'notify_enquiries' | 'notify_reviews') {
  return trx
    .selectFrom('staff')
    .select(['email', 'language'])
    .where('is_active', '=', 1)
    .where('role', 'in', rolesThatMay.seeSales)
    .where(choice, '=', 1)
    .orderBy('id')
    .execute();
}

/**
 * A new enquiry: a mail to each active owner and sales member who asked for them (in their
 * language), a POST to each active webhook, and the visitor's confirmation (in the enquiry's
 * language) when they left an email. Written to the outbox with `trx`, the enquiry's transaction.
 */
export async function notifyNewEnquiry(
  trx: Kysely<DB>,
  input: { order: EnquiryNotice; baseUrl: string; storeName?: string },
): Promise<void> {
  const { order } = input;
  const now = new Date().toISOString();
  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const storeName = await storeNames(trx, input.storeName);
  const link = `${baseUrl}/admin/enquiries/${order.id}`;
  const email = (recipient: string, topic: string, mail: MailContent): NewRow => ({
    kind: 'email',
    topic,
    recipient,
    webhook_id: null,
    payload: JSON.stringify({ ...mail, host } satisfies EmailPayload),
  });

  const rows: NewRow[] = [];
  for (const staff of await staffFor(trx, 'notify_enquiries')) {
    const lang = mailLanguage(staff.language);
    rows.push(email(staff.email, TOPICS.enquiryStaff, staffEnquiryMail(lang, order, link, storeName(lang))));
  }
  if (order.email.trim() !== '') {
    const lang = mailLanguage(order.language);
    rows.push(
      email(order.email.trim(), TOPICS.enquiryConfirmation, confirmationMail(lang, order, storeName(lang))),
    );
  }
  await insertRows(trx, rows, now);

  // Each webhook's body names its delivery (the outbox row's id): the row is written, then its body.
  const webhooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'url'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  for (const webhook of webhooks) {
    const { id } = await trx
      .insertInto('outbox')
      .values({
        kind: 'webhook',
        topic: TOPICS.enquiryStaff,
        recipient: webhook.url,
        webhook_id: webhook.id,
        payload: '',
        next_attempt_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body: EnquiryWebhookBody = {
      event: 'enquiry.created',
      delivery: id,
      enquiry: {
        id: order.id,
        reference: enquiryReference(order.id),
        product_id: order.product_id,
        product_title: order.product_title,
        phone: order.phone,
        email: order.email,
        description: order.description,
        language: order.language,
        created_at: order.created_at,
      },
    };
    await trx
      .updateTable('outbox')
      .set({ payload: JSON.stringify(body) })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * A review held for moderation: a mail to each active owner and sales member who asked for them,
 * with a link to the reviews waiting. Written to the outbox with `trx`, the review's transaction.
 */
export async function notifyHeldReview(
  trx: Kysely<DB>,
  input: { review: ReviewNotice; baseUrl: string; storeName?: string },
): Promise<void> {
  const now = new Date().toISOString();
  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const storeName = await storeNames(trx, input.storeName);
  const link = `${baseUrl}/admin/reviews?status=held`;
  const rows: NewRow[] = (await staffFor(trx, 'notify_reviews')).map((staff) => {
    const lang = mailLanguage(staff.language);
    const mail = staffReviewMail(lang, input.review, link, storeName(lang));
    return {
      kind: 'email',
      topic: TOPICS.reviewHeld,
      recipient: staff.email,
      webhook_id: null,
      payload: JSON.stringify({ ...mail, host } satisfies EmailPayload),
    };
  });
  await insertRows(trx, rows, now);
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
  const counts = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'email')
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const last = await db
    .selectFrom('outbox')
    .select('last_error')
    .where('kind', '=', 'email')
    .where('status', 'in', ['pending', 'failed'])
    .where('last_error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    configured: config.smtpUrl !== undefined,
    from: config.mailFrom ?? null,
    pending: count('pending'),
    failed: count('failed'),
    last_error: last?.last_error ?? null,
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
  'response_status',
  'created_at',
  'sent_at',
] as const;

type DeliveryRow = Pick<Selectable<OutboxTable>, (typeof DELIVERY_COLUMNS)[number]>;

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    kind: row.kind === 'webhook' ? 'webhook' : 'email',
    topic: row.topic,
    recipient: row.recipient,
    status: row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    response_status: row.response_status,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

export interface DeliveryFilter {
  page: number;
  page_size: number;
  kind?: 'email' | 'webhook' | undefined;
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
 * Sends a delivery again: a failed one becomes pending with its attempts reset, due now; a pending
 * one is made due now. A sent one is left as it is. undefined: no such delivery.
 */
export async function retryDelivery(db: Kysely<DB>, id: number): Promise<Delivery | undefined> {
  const now = new Date().toISOString();
  await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null })
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
