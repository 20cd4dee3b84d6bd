import type { Migration } from 'kysely/migration';
import { addColumns, migration, withDefault } from './support/schema.ts';

/**
 * Frozen: the order of subcollections within their collection (`position`, then id; an import sets
 * it from the file's order, as for banners) and a banner's optional link.
 */
export function displayOrderMigration(): Migration {
  return migration(async (db) => {
    await addColumns(db, 'subcollections', [['position', 'integer', withDefault(0)]]);
    await addColumns(db, 'banners', [['link', 'text']]);
  });
}
