import type { DeliveryKind } from '@storefront/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Insertable, type Kysely } from 'kysely';
import { batchCalls, joinBatchStep, type BatchStep, type Settled } from '../../db/group-commit.ts';
import type { DB } from '../../db/schema.ts';
import type { EnquiriesTable } from '../../db/tables/accounts.ts';
import { notFound } from '../../lib/errors.ts';
import { pickFrom } from '../../lib/translate.ts';
import {
  enquiryNoticeRows,
  enquiryWebhookBody,
  keptAudience,
  notifyNewEnquiry,
  TOPICS,
  type NewRow,
} from '../outbox/notify.ts';
import type { EnquirySource } from './attribution.ts';
import { followUrl } from './follow-link.ts';
import {
  ENQUIRY_INSERT_COLUMNS,
  enquiryRow,
  insertEnquirySqlite,
  storedEnquiry,
  type NewEnquiry,
  type StoredEnquiry,
} from './repository.ts';

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
 * - PostgreSQL: the requests that arrive together in two statements (storeBatchOnPostgres): their
 *   ids, the products' titles and the audience's version in one SELECT; then the enquiries and their
 *   outbox rows in one INSERT (data-modifying CTEs: one statement, one implicit transaction, no BEGIN
 *   or COMMIT to wait for). The notices are written between the two, since they carry the id.
 * - SQLite: the title and the version read in one statement (in process, microseconds), then the
 *   enquiry's INSERT and its outbox rows in the transaction shared with the writes that arrive
 *   together (db/group-commit.ts), whose search text the batch indexes before its COMMIT
 *   (enquirySearchBatch).
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

// SQLite: the product's title and the audience's version in one statement, compiled once.
const READ_FOR_PRODUCT = `SELECT (SELECT title FROM products WHERE id = ? AND published = 1) AS title,
  (SELECT version FROM audience_version WHERE id = 1) AS audience`;
const READ_FOR_GENERAL = CompiledQuery.raw(
  'SELECT NULL AS title, (SELECT version FROM audience_version WHERE id = 1) AS audience',
);

/**
 * SQLite's part of a batch of order requests (db/group-commit.ts BatchStep, migration 0021): the
 * enquiries the batch inserts are left out of the insert trigger and indexed for search in one
 * statement before its COMMIT, so that FTS5 writes one segment a batch instead of one an enquiry.
 * Searchable once committed, as with the trigger.
 */
export const enquirySearchBatch: BatchStep = {
  open: async (trx) => {
    await trx.executeQuery(
      CompiledQuery.raw(
        'INSERT OR REPLACE INTO enquiry_search_batch (id, after_id) SELECT 1, coalesce(max(id), 0) FROM enquiries',
      ),
    );
  },
  close: async (trx) => {
    await trx.executeQuery(
      CompiledQuery.raw(`INSERT INTO enquiry_search (rowid, search_doc)
        SELECT id, search_doc FROM enquiries WHERE id > (SELECT after_id FROM enquiry_search_batch)`),
    );
    await trx.executeQuery(CompiledQuery.raw('DELETE FROM enquiry_search_batch'));
  },
};

async function storeGrouped(app: FastifyInstance, request: EnquiryRequest): Promise<StoredRequest> {
  const { db } = app.database;
  const { productId, lang } = request;
  const general = productId === GENERAL_REQUEST;
  const { rows } = await db.executeQuery<{ title: string | null; audience: string | number | null }>(
    general ? READ_FOR_GENERAL : CompiledQuery.raw(READ_FOR_PRODUCT, [productId]),
  );
  const first = rows[0]!;
  let productTitle = '';
  if (!general) {
    if (first.title === null) throw notFound('No Product matches the given query.');
    productTitle = pickFrom(JSON.parse(first.title) as Record<string, string>, {
      lang,
      fallback: app.config.defaultLanguage,
    });
  }
  const [channels, audience] = await Promise.all([
    app.channels.setup(),
    keptAudience(db, app.config, String(first.audience ?? '')),
  ]);
  const { baseUrl } = audience;
  return app.database.grouped(async (trx) => {
    await joinBatchStep(trx, enquirySearchBatch);
    const { enquiry: order, followToken } = await insertEnquirySqlite(trx, newEnquiry(request, productTitle));
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

/**
 * Batches of order requests written at once on PostgreSQL: a few of the pool's ten connections, so
 * that a batch waiting for its commit (a WAL flush) does not hold back the next.
 */
const POSTGRES_BATCHES_IN_FLIGHT = 4;

/** Per app, its order requests on PostgreSQL: those that arrive together are stored as one batch. */
const postgresBatches = new WeakMap<FastifyInstance, (request: EnquiryRequest) => Promise<StoredRequest>>();

function storeOnPostgres(app: FastifyInstance, request: EnquiryRequest): Promise<StoredRequest> {
  let store = postgresBatches.get(app);
  if (!store) {
    store = batchCalls(
      (requests: EnquiryRequest[]) => storeBatchOnPostgres(app, requests),
      POSTGRES_BATCHES_IN_FLIGHT,
    );
    postgresBatches.set(app, store);
  }
  return store(request);
}

/** An enquiry of a batch ready to be written: its row, its id (from the sequence) and its notices. */
interface PostgresWrite {
  /** Its request's place in the batch. */
  index: number;
  id: number;
  values: Insertable<EnquiriesTable>;
  notices: NewRow[];
  webhooks: { id: number; url: string }[];
  order: StoredEnquiry;
}

// The batch's first statement: an id for each request, the titles of the published products asked
// about, and the audience's version.
const POSTGRES_READ = `SELECT
  (SELECT array_agg(nextval($1::regclass)::integer) FROM generate_series(1, $2::integer)) AS ids,
  (SELECT json_object_agg(id, title) FROM products WHERE id = ANY($3::integer[]) AND published = 1) AS titles,
  (SELECT version FROM audience_version WHERE id = 1) AS audience`;

/**
 * PostgreSQL: the order requests that arrived together, in two statements whatever their number (one
 * round trip and one commit for the batch instead of two round trips and a commit each; issue 22):
 * their ids from the sequence, the products' titles and the audience's version in one SELECT; then
 * every enquiry and its outbox rows in one INSERT (data-modifying CTEs: one statement, all or
 * nothing, committed when it returns). A request for a product that is not published gets its 404
 * alone. Should the batch's INSERT fail (e.g. a user deleted meanwhile, whose id a row still names),
 * each enquiry is written again by a statement of its own, so that only the one refused fails.
 */
async function storeBatchOnPostgres(
  app: FastifyInstance,
  requests: EnquiryRequest[],
): Promise<Settled<StoredRequest>[]> {
  const { db } = app.database;
  const sequence = await sequencesOf(db);
  const products = [...new Set(requests.map((r) => r.productId).filter((id) => id !== GENERAL_REQUEST))];
  const { rows } = await db.executeQuery<{
    ids: number[];
    titles: Record<string, string> | null;
    audience: string | number;
  }>(CompiledQuery.raw(POSTGRES_READ, [sequence.enquiries, requests.length, products]));
  const first = rows[0]!;
  const titles = first.titles ?? {};
  const [channels, audience] = await Promise.all([
    app.channels.setup(),
    keptAudience(db, app.config, String(first.audience)),
  ]);
  const { baseUrl } = audience;
  const outcomes: Settled<StoredRequest>[] = [];
  const writes: PostgresWrite[] = [];
  requests.forEach((request, index) => {
    let productTitle = '';
    if (request.productId !== GENERAL_REQUEST) {
      const title = titles[String(request.productId)];
      if (title === undefined) {
        outcomes[index] = { ok: false, error: notFound('No Product matches the given query.') };
        return;
      }
      productTitle = pickFrom(JSON.parse(title) as Record<string, string>, {
        lang: request.lang,
        fallback: app.config.defaultLanguage,
      });
    }
    const id = first.ids[index]!;
    const { values, followToken } = enquiryRow(newEnquiry(request, productTitle));
    const order = storedEnquiry(id, values);
    const { rows: notices, webhooks } = enquiryNoticeRows({
      order,
      baseUrl,
      followToken,
      channels,
      audience,
    });
    const kinds: DeliveryKind[] = [
      ...notices.map((row) => row.kind),
      ...webhooks.map(() => 'webhook' as const),
    ];
    outcomes[index] = {
      ok: true,
      value: { order, follow: followUrl(baseUrl, followToken, request.lang), kinds },
    };
    writes.push({ index, id, values, notices, webhooks, order });
  });
  if (writes.length === 0) return outcomes;
  try {
    await db.executeQuery(postgresInsert(writes, sequence.outbox));
  } catch (error) {
    if (writes.length === 1) {
      outcomes[writes[0]!.index] = { ok: false, error };
      return outcomes;
    }
    for (const write of writes) {
      try {
        await db.executeQuery(postgresInsert([write], sequence.outbox));
      } catch (alone) {
        outcomes[write.index] = { ok: false, error: alone };
      }
    }
  }
  return outcomes;
}

const OUTBOX_INSERT =
  'INSERT INTO outbox (kind, topic, recipient, webhook_id, payload, next_attempt_at, created_at)';

/** The enquiries of `writes` and their outbox rows in one INSERT (its text built here: no query builder). */
function postgresInsert(writes: PostgresWrite[], outboxSequence: string): CompiledQuery {
  const params: unknown[] = [];
  const p = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const now = new Date().toISOString();
  const enquiries = writes.map(
    (w) => `(${p(w.id)}, ${ENQUIRY_INSERT_COLUMNS.map((column) => p(w.values[column] ?? null)).join(', ')})`,
  );
  const parts = [
    `enquiry AS (INSERT INTO enquiries (id, ${ENQUIRY_INSERT_COLUMNS.join(', ')}) VALUES ${enquiries.join(', ')})`,
  ];
  const notices = writes.flatMap((w) => w.notices);
  if (notices.length > 0) {
    const at = p(now);
    const values = notices.map(
      (row) =>
        `(${p(row.kind)}, ${p(row.topic)}, ${p(row.recipient)}, ${p(row.webhook_id)}, ${p(row.payload)}, ${at}, ${at})`,
    );
    parts.push(`notices AS (${OUTBOX_INSERT} VALUES ${values.join(', ')})`);
  }
  const targets = writes.flatMap((w) => {
    if (w.webhooks.length === 0) return [];
    // Each webhook's row takes its id from the sequence first, so that its body can name it.
    const body = enquiryWebhookBody(w.order);
    return w.webhooks.map(
      (hook) =>
        `(${p(hook.url)}::text, ${p(hook.id)}::integer, ${p(body.before)}::text, ${p(body.after)}::text)`,
    );
  });
  if (targets.length > 0) {
    const at = p(now);
    parts.push(`webhooks AS (
      INSERT INTO outbox (id, kind, topic, recipient, webhook_id, payload, next_attempt_at, created_at)
      SELECT w.id, 'webhook', ${p(TOPICS.enquiryStaff)}, w.url, w.webhook_id, w.before || w.id::text || w.after, ${at}, ${at}
      FROM (SELECT nextval(${p(outboxSequence)}::regclass) AS id, t.url, t.webhook_id, t.before, t.after
            FROM (VALUES ${targets.join(', ')}) AS t (url, webhook_id, before, after)) AS w)`);
  }
  // Data-modifying CTEs run whether or not anything reads them: one statement, all or nothing.
  return CompiledQuery.raw(`WITH ${parts.join(', ')} SELECT 1`, params);
}
