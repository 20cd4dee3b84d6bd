import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export class LikesRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Idempotent: the primary key (user, product) allows one like per user and product. */
  async like(userId: number, productId: number): Promise<void> {
    await this.db
      .insertInto('likes')
      .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }

  async unlike(userId: number, productId: number): Promise<void> {
    await this.db
      .deleteFrom('likes')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .execute();
  }

  async count(productId: number): Promise<number> {
    const row = await this.db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async liked(userId: number, productId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('likes')
      .select('product_id')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async productsLikedBy(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('likes')
      .select('product_id')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('product_id')
      .execute();
    return rows.map((r) => r.product_id);
  }
}
