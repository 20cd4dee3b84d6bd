import type { Migration } from 'kysely/migration';
import { addColumns, migration, withDefault } from './support/schema.ts';

/**
 * Frozen: a product's price may be given on request (`price_on_request`, the prices then unused)
 * and a product may be unpublished (kept and exported, never served); a banner may have one image
 * per language (`images_by_language`, JSON {lang: image}).
 */
export function catalogueOptionsMigration(): Migration {
  return migration(async (db) => {
    await addColumns(db, 'products', [
      ['price_on_request', 'integer', withDefault(0)],
      ['published', 'integer', withDefault(1)],
    ]);
    await addColumns(db, 'banners', [['images_by_language', 'text']]);
  });
}
