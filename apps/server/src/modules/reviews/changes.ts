import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { REVIEWS_CHANNEL } from '../../db/channels.ts';
import { Settings } from '../settings/repository.ts';

/** More products than this in one change are announced as `*` (every product), within NOTIFY's 8,000 bytes. */
const MAX_ANNOUNCED = 500;

/**
 * Marks, inside a write's transaction, the products whose shown reviews (published ones) change.
 */
export type ReviewsShown = (productIds: Iterable<number>) => void;

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
  let counter: number | undefined;
  // Shared with the writes that arrive together on SQLite (db/group-commit.ts): a busy store's reviews.
  const value = await database.grouped(async (trx) => {
    const result = await write(trx, (ids) => {
      for (const id of ids) products.add(id);
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
  if (counter !== undefined) database.catalogueWrites.emit('reviews', [...products], counter);
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

/**
 * PostgreSQL: a review published at once in one statement (one implicit transaction: no BEGIN or
 * COMMIT to wait for), when `condition` holds in that statement's snapshot (the product published,
 * what the caller's choice to publish was read at still current). Returns the review's id, or
 * undefined when the condition did not hold (nothing written). Once it is committed, its product is
 * announced with the others committed at about the same time (`announceAfterCommit`): the NOTIFY
 * and the counter in one statement for the whole batch, then this process's caches; the review is
 * answered after that, so its writer's next read shows it.
 *
 * Why not NOTIFY inside the review's statement, as writeReviews does: PostgreSQL serialises the
 * commits of transactions that NOTIFY (a global lock on the notification queue, held across the
 * commit's WAL flush), so one NOTIFY per review made every review wait for the flush of the one
 * before it; a batch's one NOTIFY pays that once. The cost: a process that stops between the
 * review's commit and the announcement leaves the other instances' kept lists of that product
 * without it until its next change, the window the counter already had (writeReviews).
 */
export async function publishReviewAtOnce(
  database: Database,
  review: NewReview & { creation_date: string },
  condition: RawBuilder<boolean>,
): Promise<number | undefined> {
  const { product_id: product, name, email, content, language, creation_date } = review;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO reviews (product_id, name, email, content, language, creation_date, status)
    SELECT ${product}, ${name}, ${email}, ${content}, ${language}, ${creation_date}, 'published'
    WHERE ${condition}
    RETURNING id`.execute(database.db);
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  await announceAfterCommit(database, product);
  return id;
}

interface Announcements {
  products: Set<number>;
  done: (() => void)[];
  scheduled: boolean;
}

const announcements = new WeakMap<Database, Announcements>();

/**
 * Announces a committed review's product: the products of the reviews committed while one
 * announcement is written go out together in the next (a NOTIFY of them all and the counter moved,
 * in one statement), then this process's caches drop them. Resolves once its product is announced;
 * never rejects: the review is stored, so an announcement that fails (the database gone for a
 * moment) still drops this process's caches, and the other instances see the review at their next
 * change of that product or poll.
 */
function announceAfterCommit(database: Database, product: number): Promise<void> {
  let state = announcements.get(database);
  if (!state) {
    state = { products: new Set(), done: [], scheduled: false };
    announcements.set(database, state);
  }
  const current = state;
  return new Promise<void>((resolve) => {
    current.products.add(product);
    current.done.push(resolve);
    if (current.scheduled) return;
    current.scheduled = true;
    const flush = async (): Promise<void> => {
      const products = [...current.products];
      const done = current.done;
      current.products = new Set();
      current.done = [];
      const payload = announcement(products);
      let counter: number | undefined;
      try {
        const { rows } = await sql<{ counter: string | number }>`
          SELECT nextval('reviews_version_seq') AS counter, pg_notify(${REVIEWS_CHANNEL}, ${payload})`.execute(
          database.db,
        );
        counter = Number(rows[0]!.counter);
      } catch {
        // The reviews are stored; the other instances learn of them at their next change or poll.
      }
      // Without a counter (0: below any value it had), polling takes nothing for this process's own.
      database.catalogueWrites.emit('reviews', products, counter ?? 0);
      for (const resolve of done) resolve();
      if (current.products.size > 0) setImmediate(() => void flush());
      else current.scheduled = false;
    };
    setImmediate(() => void flush());
  });
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
