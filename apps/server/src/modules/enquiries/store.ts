import type { DeliveryKind } from '@storefront/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { pickFrom } from '../../lib/translate.ts';
import {
  AUDIENCE_VERSION_SQL,
  audienceVersion,
  enquiryNoticeRows,
  enquiryWebhookBody,
  keptAudience,
  notifyNewEnquiry,
  TOPICS,
} from '../outbox/notify.ts';
import type { EnquirySource } from './attribution.ts';
import { followUrl } from './follow-link.ts';
import { EnquiriesRepository, enquiryRow, type NewEnquiry, type StoredEnquiry } from './repository.ts';

/** The product id of a general request (the home page's quick form). */
export const GENERAL_REQUEST = -1;

export interface EnquiryRequest {
  /** The product asked about, or GENERAL_REQUEST. */
  productId: number;
  lang: string;
  userId: number | null;
  phone: string;
  email: string;
  description: string;
  source: EnquirySource;
}

export interface StoredRequest {
  order: StoredEnquiry;
  /** The follow link the 201 carries (the same the visitor's mail and SMS carry). */
  follow: string;
  /** The kinds of the outbox rows written, for `app.outbox.kick`. */
  kinds: DeliveryKind[];
}

/**
 * Stores an order request with the outbox rows that promise its notices, committed together ("nothing
 * lost": docs/server.md, "The outbox"); 404 for a product that is not published. What the notices
 * are written from (staff, webhooks, the store's name, the link base) is kept per process and read
 * again only when its version moved (keptAudience, migration 0020).
 *
 * - PostgreSQL, two statements: the enquiry's id (its sequence), the product's title and the
 *   audience's version in one SELECT; then the enquiry and its outbox rows in one INSERT (data-
 *   modifying CTEs: one statement, one implicit transaction, no BEGIN or COMMIT to wait for). The
 *   mails are rendered between the two, since they carry the id.
 * - SQLite: the title and the version read (in process, microseconds), then the enquiry's INSERT and
 *   its outbox rows in the transaction shared with the writes that arrive together (db/group-commit.ts).
 */
export async function storeEnquiry(app: FastifyInstance, request: EnquiryRequest): Promise<StoredRequest> {
  return app.database.dialect === 'postgres' ? storeOnPostgres(app, request) : storeGrouped(app, request);
}

const newEnquiry = (request: EnquiryRequest, productTitle: string): NewEnquiry => ({
  productId: request.productId === GENERAL_REQUEST ? null : request.productId,
  productTitle,
  userId: request.userId,
  phone: request.phone,
  email: request.email.toLowerCase(),
  description: request.description,
  language: request.lang,
  source: request.source,
});

async function storeGrouped(app: FastifyInstance, request: EnquiryRequest): Promise<StoredRequest> {
  const { db } = app.database;
  const { productId, lang } = request;
  let productTitle = '';
  if (productId !== GENERAL_REQUEST) {
    const title = await app.storeRepository.productTitle(productId, {
      lang,
      fallback: app.config.defaultLanguage,
    });
    if (title === undefined) throw notFound('No Product matches the given query.');
    productTitle = title;
  }
  const version = await audienceVersion(db);
  const [channels, audience] = await Promise.all([
    app.channels.setup(),
    keptAudience(db, app.config, version),
  ]);
  const { baseUrl } = audience;
  return app.database.grouped(async (trx) => {
    const { enquiry: order, followToken } = await new EnquiriesRepository(trx).create(
      newEnquiry(request, productTitle),
    );
    const kinds = await notifyNewEnquiry(trx, { order, baseUrl, followToken, channels, audience });
    return { order, follow: followUrl(baseUrl, followToken, lang), kinds };
  });
}

/** The serial sequences of `enquiries` (named when it was `orders`) and `outbox`, asked once per database. */
const sequences = new WeakMap<Kysely<DB>, Promise<{ enquiries: string; outbox: string }>>();

function sequencesOf(db: Kysely<DB>): Promise<{ enquiries: string; outbox: string }> {
  let found = sequences.get(db);
  if (!found) {
    found = sql<{ enquiries: string; outbox: string }>`
      SELECT pg_get_serial_sequence('enquiries', 'id') AS enquiries,
             pg_get_serial_sequence('outbox', 'id') AS outbox`
      .execute(db)
      .then(({ rows }) => rows[0]!);
    sequences.set(db, found);
    found.catch(() => sequences.delete(db));
  }
  return found;
}

async function storeOnPostgres(app: FastifyInstance, request: EnquiryRequest): Promise<StoredRequest> {
  const { db } = app.database;
  const { productId, lang } = request;
  const sequence = await sequencesOf(db);
  // The title as StoreRepository.productTitle reads it: a published product's, in the language.
  const title =
    productId === GENERAL_REQUEST
      ? sql<string | null>`NULL`
      : sql<string | null>`(SELECT title FROM products WHERE id = ${productId} AND published = 1)`;
  const { rows } = await sql<{ id: string | number; title: string | null; audience: string | number }>`
    SELECT nextval(${sequence.enquiries}::regclass) AS id, ${title} AS title, ${AUDIENCE_VERSION_SQL} AS audience`.execute(
    db,
  );
  const first = rows[0]!;
  let productTitle = '';
  if (productId !== GENERAL_REQUEST) {
    if (first.title === null) throw notFound('No Product matches the given query.');
    productTitle = pickFrom(JSON.parse(first.title) as Record<string, string>, {
      lang,
      fallback: app.config.defaultLanguage,
    });
  }
  const [channels, audience] = await Promise.all([
    app.channels.setup(),
    keptAudience(db, app.config, String(first.audience)),
  ]);
  const { baseUrl } = audience;
  const id = Number(first.id);
  const { values, followToken } = enquiryRow(newEnquiry(request, productTitle));
  const order: StoredEnquiry = {
    id,
    product_id: values.product_id ?? null,
    product_title: values.product_title,
    phone: values.phone,
    email: values.email,
    description: values.description,
    language: values.language,
    created_at: values.created_at,
  };
  const { rows: notices, webhooks } = enquiryNoticeRows({ order, baseUrl, followToken, channels, audience });
  const now = new Date().toISOString();
  const parts = [sql`enquiry AS (${db.insertInto('enquiries').values({ ...values, id })})`];
  if (notices.length > 0) {
    const outbox = db
      .insertInto('outbox')
      .values(notices.map((row) => ({ ...row, next_attempt_at: now, created_at: now })));
    parts.push(sql`notices AS (${outbox})`);
  }
  if (webhooks.length > 0) {
    // Each webhook's row takes its id from the sequence first, so that its body can name it.
    const body = enquiryWebhookBody(order);
    const targets = sql.join(webhooks.map((w) => sql`(${w.url}::text, ${w.id}::integer)`));
    parts.push(sql`webhooks AS (
      INSERT INTO outbox (id, kind, topic, recipient, webhook_id, payload, next_attempt_at, created_at)
      SELECT w.id, 'webhook', ${TOPICS.enquiryStaff}, w.url, w.webhook_id,
             ${body.before}::text || w.id::text || ${body.after}::text, ${now}, ${now}
      FROM (SELECT nextval(${sequence.outbox}::regclass) AS id, t.url, t.webhook_id
            FROM (VALUES ${targets}) AS t (url, webhook_id)) AS w)`);
  }
  // Data-modifying CTEs run whether or not anything reads them: one statement, all or nothing.
  await sql`WITH ${sql.join(parts)} SELECT 1`.execute(db);
  const kinds: DeliveryKind[] = [
    ...notices.map((row) => row.kind),
    ...webhooks.map(() => 'webhook' as const),
  ];
  return { order, follow: followUrl(baseUrl, followToken, lang), kinds };
}
