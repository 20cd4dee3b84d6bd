import { CompiledQuery, sql, type Kysely } from 'kysely';
import { batchCalls, type Settled } from '../../db/group-commit.ts';
import type { Database, ShownReview } from '../../db/connection.ts';
import { shownReview } from '../store/review-json.ts';
import type { DB } from '../../db/schema.ts';
import { REVIEWS_CHANNEL } from '../../db/channels.ts';
import { Settings } from '../settings/repository.ts';

/** More products than this in one change are announced as `*` (every product), within NOTIFY's 8,000 bytes. */
const MAX_ANNOUNCED = 500;

/**
 * Marks, inside a write's transaction, the products whose shown reviews (published ones) change;
 * `published`: when a product's change is only reviews published at once, they (its kept list
 * takes them in front instead of being read again: CatalogueCache `reviewsChanged`).
 */
export type ReviewsShown = (productIds: Iterable<number>, published?: readonly ShownReview[]) => void;

/**
 * Runs `write` in one transaction, for every change to the reviews the storefront shows: a review
 * published at once, a moderator's decision, the reviews of a deleted customer. Reviews are not the
 * catalogue: the catalogue's version stays, and only what shows the marked products' reviews (their
 * rendered pages, their reviews lists) is dropped (CatalogueCache `withReviews`): here after the
 * commit (`catalogueWrites`' `reviews` event), on the other instances of a PostgreSQL through NOTIFY
 * (delivered at commit), and by processes that poll (SQLite, a listener that is down) through the
 * reviews counter: on SQLite a `meta` row moved in the same transaction; on PostgreSQL a sequence
 * moved just after the commit (a process that stops in between leaves only pollers without a
 * listener unaware of that one change, until the next).
 */
export async function writeReviews<T>(
  database: Database,
  write: (trx: Kysely<DB>, shown: ReviewsShown) => Promise<T>,
): Promise<T> {
  const products = new Set<number>();
  /** The reviews published at once, while they are their products' whole change (`ReviewsShown`). */
  let published: ShownReview[] | undefined = [];
  let counter: number | undefined;
  // Shared with the writes that arrive together on SQLite (db/group-commit.ts): a busy store's reviews.
  const value = await database.grouped(async (trx) => {
    const result = await write(trx, (ids, reviews) => {
      for (const id of ids) {
        products.add(id);
        if (!reviews?.some((review) => review.product_id === id)) published = undefined;
      }
      if (reviews) published?.push(...reviews);
    });
    if (products.size > 0) {
      if (database.dialect === 'postgres') await announce(trx, [...products]);
      else counter = await new Settings(trx).nextReviewsVersion();
    }
    return result;
  });
  // PostgreSQL's counter is a sequence moved after the commit: inside the transaction its new value
  // would show to a process that polls before the review does (a sequence is not transactional), and
  // a row moved inside it (as on SQLite) made every concurrent review wait for the one before it.
  if (products.size > 0 && database.dialect === 'postgres')
    counter = await new Settings(database.db).nextReviewsVersion();
  if (counter !== undefined) database.catalogueWrites.emit('reviews', [...products], counter, published);
  return value;
}

/** A review as the storefront's form writes it (moderation.ts `insertReview`, `publishReviewAtOnce`). */
export interface NewReview {
  product_id: number;
  name: string;
  email: string;
  content: string;
  language: string;
}

/** A review to publish at once (`publishReviewAtOnce`). */
export interface ReviewToPublish extends NewReview {
  creation_date: string;
  /**
   * The audience's version (`audienceVersion`, migration 0020) that the caller's choice to publish
   * was read at: the review is written only while it is still current.
   */
  audienceVersion: string;
}

/**
 * PostgreSQL: a review published at once, when its product is published and the audience's version
 * it was decided at is still current, both in the statement that writes it (no BEGIN or COMMIT to
 * wait for). Returns the review's id, or undefined when the condition did not hold (nothing written).
 * The reviews that arrive together are written by one statement (`publishBatch`); once it is
 * committed, this process's caches drop their products and the reviews are answered (their writers'
 * next reads here show them). The other instances are told after the commit (`announceAfterCommit`:
 * a NOTIFY of the products and the counter moved, in one statement for the batches committed while
 * the last one was written), without the answers waiting for it.
 *
 * Why not NOTIFY inside the reviews' statement, as writeReviews does: PostgreSQL serialises the
 * commits of transactions that NOTIFY (a global lock on the notification queue, held across the
 * commit's WAL flush), so the batches written at once would each wait for the flush of the one
 * before; one announcement at a time, off the answers' way, pays that once for all of them. The
 * counter after the commit, as in writeReviews: inside the statement its new value would show to a
 * process that polls before the reviews do. The cost: a process that stops between a batch's commit
 * and its announcement leaves the other instances' kept lists of those products without them until
 * their next change, the window the counter has in writeReviews.
 */
export async function publishReviewAtOnce(
  database: Database,
  review: ReviewToPublish,
): Promise<number | undefined> {
  let publish = publishers.get(database);
  if (!publish) {
    publish = batchCalls((reviews: ReviewToPublish[]) => publishBatch(database, reviews), BATCHES_IN_FLIGHT);
    publishers.set(database, publish);
  }
  return publish(review);
}

/**
 * Batches of reviews written at once: a few of the pool's connections, so that a batch waiting for
 * its commit (a WAL flush) does not hold back the next (as the order requests', enquiries/store.ts).
 */
const BATCHES_IN_FLIGHT = 4;

const publishers = new WeakMap<Database, (review: ReviewToPublish) => Promise<number | undefined>>();

/** The reviews' id sequence, read once per database. */
const idSequences = new WeakMap<Database, Promise<string>>();

function idSequence(database: Database): Promise<string> {
  let found = idSequences.get(database);
  if (!found) {
    found = sql<{ sequence: string }>`SELECT pg_get_serial_sequence('reviews', 'id') AS sequence`
      .execute(database.db)
      .then(({ rows }) => rows[0]!.sequence);
    idSequences.set(database, found);
    found.catch(() => idSequences.delete(database));
  }
  return found;
}

/**
 * The batch's statement: each review (the arrays' items, in order) written when its product is
 * published and its audience version current, with an id drawn for it first so that the answer can
 * say which review got which (`ord`, its place in the arrays, counted from 1). One statement: all
 * or nothing, committed when it returns.
 */
const PUBLISH_BATCH = `WITH r AS MATERIALIZED (
  SELECT nextval($8::regclass)::integer AS id, r.*
  FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
    WITH ORDINALITY AS r (product_id, name, email, content, language, creation_date, audience, ord)
  WHERE r.audience = (SELECT version FROM audience_version WHERE id = 1)
    AND EXISTS (SELECT 1 FROM products p WHERE p.id = r.product_id AND p.published = 1)
), inserted AS (
  INSERT INTO reviews (id, product_id, name, email, content, language, creation_date, status)
  SELECT id, product_id, name, email, content, language, creation_date, 'published' FROM r
)
SELECT ord::integer AS ord, id, product_id FROM r`;

function publishStatement(reviews: readonly ReviewToPublish[], sequence: string): CompiledQuery {
  return CompiledQuery.raw(PUBLISH_BATCH, [
    reviews.map((r) => r.product_id),
    reviews.map((r) => r.name),
    reviews.map((r) => r.email),
    reviews.map((r) => r.content),
    reviews.map((r) => r.language),
    reviews.map((r) => r.creation_date),
    reviews.map((r) => r.audienceVersion),
    sequence,
  ]);
}

/**
 * The reviews published at once that arrived together, in one statement whatever their number (one
 * round trip and one commit for the batch, where each review was a statement and a commit of its
 * own; issue 22). Each keeps its own outcome: its id, or undefined when its condition did not
 * hold. Should the statement fail (e.g. a product deleted meanwhile, which a review still names),
 * each review is written again by a statement of its own, so that only the one refused fails.
 */
async function publishBatch(
  database: Database,
  reviews: ReviewToPublish[],
): Promise<Settled<number | undefined>[]> {
  const sequence = await idSequence(database);
  const run = async (batch: readonly ReviewToPublish[]) => {
    const { rows } = await database.db.executeQuery<{ ord: number; id: number; product_id: number }>(
      publishStatement(batch, sequence),
    );
    if (rows.length > 0) {
      // Committed: this process's caches drop those products (their kept lists take the reviews in
      // front) before any is answered.
      const products = [...new Set(rows.map((row) => row.product_id))];
      const published = rows.map(({ ord, id, product_id }) =>
        shownReview({ ...batch[ord - 1]!, id, product_id }),
      );
      database.catalogueWrites.emit('reviews', products, undefined, published);
      announceAfterCommit(database, products);
    }
    const ids = new Map(rows.map((row) => [row.ord, row.id]));
    return batch.map((_, index): Settled<number | undefined> => ({ ok: true, value: ids.get(index + 1) }));
  };
  try {
    return await run(reviews);
  } catch (error) {
    if (reviews.length === 1) return [{ ok: false, error }];
  }
  const outcomes: Settled<number | undefined>[] = [];
  for (const review of reviews) {
    try {
      outcomes.push(...(await run([review])));
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

/** Per database: the products committed and not yet announced, and whether an announcement is under way. */
const announcements = new WeakMap<Database, { products: Set<number>; running: boolean }>();

/**
 * Announces committed reviews' products to the other instances: those committed while one
 * announcement is written go out together in the next (a NOTIFY of them all and the counter moved,
 * in one statement). This process's caches have dropped them already; the counter is told to them
 * as this process's own (no product named again), so that polling does not take it for a change
 * made elsewhere. Never rejects: the reviews are stored, and should the announcement fail (the
 * database gone for a moment) the other instances see them at their next change of those products
 * or poll.
 */
function announceAfterCommit(database: Database, products: readonly number[]): void {
  let state = announcements.get(database);
  if (!state) announcements.set(database, (state = { products: new Set(), running: false }));
  for (const product of products) state.products.add(product);
  if (state.running) return;
  const current = state;
  current.running = true;
  const announce = async (): Promise<void> => {
    while (current.products.size > 0) {
      const payload = announcement([...current.products]);
      current.products = new Set();
      try {
        const { rows } = await sql<{ counter: string | number }>`
          SELECT nextval('reviews_version_seq') AS counter, pg_notify(${REVIEWS_CHANNEL}, ${payload})`.execute(
          database.db,
        );
        database.catalogueWrites.emit('reviews', [], Number(rows[0]!.counter));
      } catch {
        // The reviews are stored; the other instances learn of them at their next change or poll.
      }
    }
    current.running = false;
  };
  void announce();
}

/** A NOTIFY's payload for these products: `1,2,3`, or `*` (every product) past MAX_ANNOUNCED. */
function announcement(productIds: readonly number[]): string {
  return productIds.length > MAX_ANNOUNCED ? '*' : productIds.join(',');
}

/** The products announced to the other instances (NOTIFY, delivered at commit) in the caller's transaction. */
async function announce(trx: Kysely<DB>, productIds: readonly number[]): Promise<void> {
  const payload = announcement(productIds);
  await sql`SELECT pg_notify(${REVIEWS_CHANNEL}, ${payload})`.execute(trx);
}

/** The products named by a NOTIFY's payload (`1,2,3`), `'all'` for `*`, undefined for anything else. */
export function announcedProducts(payload: string | undefined): number[] | 'all' | undefined {
  if (payload === '*') return 'all';
  if (payload === undefined || !/^\d{1,10}(?:,\d{1,10})*$/.test(payload)) return undefined;
  return payload.split(',').map(Number);
}
