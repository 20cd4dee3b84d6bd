import type { Migration } from 'kysely/migration';
import { createIndexes, migration } from './support/schema.ts';

/**
 * Frozen: indexes that hold everything a page of products needs to find its ids (the published
 * flag, the order, the id), so a page at any offset skips index entries, not whole rows.
 */
export function pagingIndexesMigration(): Migration {
  return migration(async (db) => {
    await createIndexes(db, [
      ['products_published_id_idx', 'products', ['published', 'id']],
      ['products_published_date_idx', 'products', ['published', 'creation_date', 'id']],
    ]);
  });
}
