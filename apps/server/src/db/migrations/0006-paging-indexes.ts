import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Frozen: indexes that hold everything a page of products needs to find its ids (the published
 * flag, the order, the id), so a page at any offset skips index entries, not whole rows.
 */
export function pagingIndexesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('products_published_id_idx')
        .on('products')
        .columns(['published', 'id'])
        .execute();
      await db.schema
        .createIndex('products_published_date_idx')
        .on('products')
        .columns(['published', 'creation_date', 'id'])
        .execute();
    },
  };
}
