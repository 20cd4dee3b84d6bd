import type { AdminReview, ReviewQuery, ReviewStatus } from '@storefront/contracts/admin';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database } from '../../db/connection.ts';
import { newestFirstPage } from '../../db/newest-first.ts';
import type { DB } from '../../db/schema.ts';
import { pickFrom } from '../../lib/translate.ts';
import { containedInAny } from '../search/like.ts';
import { Settings, type ReviewPolicy } from '../settings/repository.ts';
import { writeReviews, type NewReview, type ReviewsShown } from './changes.ts';

/**
 * Review moderation: the store's policy (publish at once, the default, or hold for approval; kept in
 * `meta`), and the back office's queue. Only `published` reviews reach the storefront (its list
 * filters on the status). A decision (publish, hide, delete) goes through `writeReviews`
 * (changes.ts): the product's rendered page and reviews list are dropped on every instance; the
 * catalogue's version, and every other cached answer, stay.
 */

export type { ReviewPolicy };

export function reviewPolicy(db: Kysely<DB>): Promise<ReviewPolicy> {
  return new Settings(db).reviewPolicy();
}

export function setReviewPolicy(db: Kysely<DB>, policy: ReviewPolicy): Promise<void> {
  return new Settings(db).setReviewPolicy(policy);
}

const INSERT_REVIEW = compiledOnce((db) =>
  db
    .insertInto('reviews')
    .values({ product_id: 0, name: '', email: '', content: '', language: '', creation_date: '', status: '' })
    .returning(['id', 'name', 'email', 'content', 'creation_date']),
);

/** A review as the storefront writes it (`published`, or `held` for a check), with what the answer shows. */
export async function insertReview(trx: Kysely<DB>, review: NewReview & { held: boolean }) {
  const { rows } = await INSERT_REVIEW(trx, [
    review.product_id,
    review.name,
    review.email,
    review.content,
    review.language,
    new Date().toISOString(),
    review.held ? 'held' : 'published',
  ]);
  return rows[0]!;
}

export class ReviewQueue {
  private readonly database: Database;
  private readonly db: Kysely<DB>;
  private readonly fallback: string;
  constructor(database: Database, fallback: string) {
    this.database = database;
    this.db = database.db;
    this.fallback = fallback;
  }

  private rows() {
    return this.db
      .selectFrom('reviews')
      .leftJoin('products', 'products.id', 'reviews.product_id')
      .select([
        'reviews.id',
        'reviews.product_id',
        'products.title as product_title',
        'reviews.name',
        'reviews.email',
        'reviews.content',
        'reviews.language',
        'reviews.status',
        'reviews.creation_date',
      ]);
  }

  private view(row: {
    id: number;
    product_id: number;
    product_title: string | null;
    name: string;
    email: string;
    content: string;
    language: string | null;
    status: string;
    creation_date: string;
  }): AdminReview {
    return {
      ...row,
      product_title: row.product_title
        ? pickFrom(JSON.parse(row.product_title) as Record<string, string>, {
            lang: row.language ?? this.fallback,
            fallback: this.fallback,
          })
        : '',
      status: row.status as ReviewStatus,
    };
  }

  async list(query: ReviewQuery): Promise<{ count: number; results: AdminReview[] }> {
    let base = this.db.selectFrom('reviews');
    if (query.status) base = base.where('reviews.status', '=', query.status);
    if (query.product !== undefined) base = base.where('reviews.product_id', '=', Number(query.product));
    const q = query.q?.trim().toLowerCase();
    if (q) {
      base = base.where(
        containedInAny([sql`lower(reviews.name)`, sql`reviews.email`, sql`lower(reviews.content)`], q),
      );
    }
    const { count, results } = await newestFirstPage(base, this.rows(), 'reviews.id', query);
    return { count, results: results.map((r) => this.view(r)) };
  }

  async find(id: number): Promise<AdminReview | undefined> {
    const row = await this.rows().where('reviews.id', '=', id).executeTakeFirst();
    return row ? this.view(row) : undefined;
  }

  /**
   * A moderator's decision on one review: show it (`published`), hide it, or delete it, with `audit`
   * written in the same transaction. When what the storefront shows changes (a review published, or
   * a published one hidden or deleted), its product's page and reviews list are dropped everywhere.
   * Returns false when there is no such review.
   */
  async moderate(
    id: number,
    decision: 'published' | 'hidden' | 'delete',
    audit: (trx: Kysely<DB>) => Promise<void>,
  ): Promise<boolean> {
    return writeReviews(this.database, async (trx, shown) => {
      const before = await trx
        .selectFrom('reviews')
        .select(['status', 'product_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return false;
      if (decision === 'delete') await trx.deleteFrom('reviews').where('id', '=', id).execute();
      else if (before.status !== decision) {
        await trx.updateTable('reviews').set({ status: decision }).where('id', '=', id).execute();
      }
      if (before.status !== decision && (before.status === 'published' || decision === 'published')) {
        shown([before.product_id]);
      }
      await audit(trx);
      return true;
    });
  }

  async waiting(): Promise<number> {
    const row = await this.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/**
 * Deletes every review written with this address (a customer's personal data, deleted on request), in
 * the caller's `writeReviews` transaction: the products whose published reviews go are marked, so
 * that no page or list keeps them. Returns how many went.
 */
export async function removeReviewsBy(trx: Kysely<DB>, email: string, shown: ReviewsShown): Promise<number> {
  const rows = await trx
    .selectFrom('reviews')
    .select(['id', 'status', 'product_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
  for (let at = 0; at < rows.length; at += 500) {
    const batch = rows.slice(at, at + 500).map((r) => r.id);
    await trx.deleteFrom('reviews').where('id', 'in', batch).execute();
  }
  shown(rows.filter((r) => r.status === 'published').map((r) => r.product_id));
  return rows.length;
}
