import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EntityKind } from '../catalogue/writes.ts';
import { TABLE } from '../catalogue/writes.ts';

/**
 * The SQL of the back office's catalogue editing that is not a write: reference checks, the next
 * position of an ordered entity, what depends on an entity, the about-us row and the row lock of a
 * save. Built on the write's transaction (`writer.transaction`), so every read sees what the write
 * has done so far; the writes themselves go through modules/catalogue/writes.ts.
 */
export class CatalogueEditRepository {
  private readonly trx: Kysely<DB>;

  constructor(trx: Kysely<DB>) {
    this.trx = trx;
  }

  /** Which of these ids exist in the table. */
  async existing(
    table: 'collections' | 'subcollections' | 'industries' | 'tags',
    ids: number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set<number>();
    const rows = await this.trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  async collectionExists(id: number): Promise<boolean> {
    const found = await this.trx
      .selectFrom('collections')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** Those of the subcollections that belong to the collection (none for no collection). */
  async subcollectionsWithin(ids: number[], collection: number | null): Promise<number[]> {
    const keep = await this.trx
      .selectFrom('subcollections')
      .select('id')
      .where('id', 'in', ids)
      .where('collection_id', '=', collection ?? -1)
      .execute();
    return keep.map((k) => k.id);
  }

  /** The about-us page's stored row (the store has at most one, id 1). */
  aboutUs() {
    return this.trx.selectFrom('about_us').select(['content', 'team']).where('id', '=', 1).executeTakeFirst();
  }

  /**
   * PostgreSQL: the row is locked for the save, so two saves of one version cannot both pass (SQLite's
   * write transaction is already one writer at a time).
   */
  async lock(kind: EntityKind, entityId: number): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const any = this.trx as Kysely<any>;
    await any.selectFrom(TABLE[kind]).select('id').where('id', '=', entityId).forUpdate().execute();
  }

  /** The position after the last banner, or after the last subcollection of the collection. */
  async nextPosition(kind: 'subcollection' | 'banner', collection: number): Promise<number> {
    const row =
      kind === 'banner'
        ? await this.trx
            .selectFrom('banners')
            .select((eb) => eb.fn.max('position').as('max'))
            .executeTakeFirst()
        : await this.trx
            .selectFrom('subcollections')
            .select((eb) => eb.fn.max('position').as('max'))
            .where('collection_id', '=', collection)
            .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  /** The products and subcollections that refer to an entity. */
  async dependents(kind: EntityKind, entityId: number): Promise<Dependents> {
    const trx = this.trx;
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    switch (kind) {
      case 'collection':
        return {
          products: ids(
            await trx.selectFrom('products').select('id').where('collection_id', '=', entityId).execute(),
          ),
          subcollections: ids(
            await trx
              .selectFrom('subcollections')
              .select('id')
              .where('collection_id', '=', entityId)
              .execute(),
          ),
        };
      case 'industry':
        return {
          products: ids(
            await trx.selectFrom('products').select('id').where('industry_id', '=', entityId).execute(),
          ),
          subcollections: [],
        };
      case 'subcollection':
        return {
          products: (
            await trx
              .selectFrom('product_subcollections')
              .select('product_id')
              .where('subcollection_id', '=', entityId)
              .execute()
          ).map((r) => r.product_id),
          subcollections: [],
        };
      case 'tag':
        return {
          products: (
            await trx.selectFrom('product_tags').select('product_id').where('tag_id', '=', entityId).execute()
          ).map((r) => r.product_id),
          subcollections: [],
        };
      default:
        return { products: [], subcollections: [] };
    }
  }
}

export interface Dependents {
  products: number[];
  subcollections: number[];
}
