import type { AdminReview, ReviewQuery, ReviewStatus } from '@storefront/contracts/admin';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { pickFrom } from '../../lib/translate.ts';
import { escapeLike } from '../store/repository.ts';

/**
 * Review moderation: the store's policy (publish at once, the default, or hold for approval; kept in
 * `meta`), and the back office's queue. Only `published` reviews reach the storefront (its list
 * filters on the status). A decision (publish, hide, delete) is a catalogue write
 * (`CatalogueWriter.moderateReview`): rendered product pages hold their reviews, so the version moves.
 */

export type ReviewPolicy = 'publish' | 'hold';
const POLICY_KEY = 'reviews_moderation';

export async function reviewPolicy(db: Kysely<DB>): Promise<ReviewPolicy> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', POLICY_KEY).executeTakeFirst();
  return row?.value === 'hold' ? 'hold' : 'publish';
}

export async function setReviewPolicy(db: Kysely<DB>, policy: ReviewPolicy): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: POLICY_KEY, value: policy })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: policy }))
    .execute();
}

export class ReviewQueue {
  private readonly db: Kysely<DB>;
  private readonly fallback: string;
  constructor(db: Kysely<DB>, fallback: string) {
    this.db = db;
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
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.page_size ?? 25);
    let base = this.db.selectFrom('reviews');
    if (query.status) base = base.where('reviews.status', '=', query.status);
    if (query.product !== undefined) base = base.where('reviews.product_id', '=', Number(query.product));
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const like = `%${escapeLike(q)}%`;
      base = base.where(
        sql<boolean>`(lower(reviews.name) LIKE ${like} ESCAPE '\\' OR reviews.email LIKE ${like} ESCAPE '\\' OR lower(reviews.content) LIKE ${like} ESCAPE '\\')`,
      );
    }
    const { count } = await base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const ids = await base
      .select('reviews.id')
      .orderBy('reviews.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    if (ids.length === 0) return { count: Number(count), results: [] };
    const rows = await this.rows()
      .where(
        'reviews.id',
        'in',
        ids.map((r) => r.id),
      )
      .orderBy('reviews.id', 'desc')
      .execute();
    return { count: Number(count), results: rows.map((r) => this.view(r)) };
  }

  async find(id: number): Promise<AdminReview | undefined> {
    const row = await this.rows().where('reviews.id', '=', id).executeTakeFirst();
    return row ? this.view(row) : undefined;
  }

  async setStatus(id: number, status: 'published' | 'hidden'): Promise<boolean> {
    const result = await this.db
      .updateTable('reviews')
      .set({ status })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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
