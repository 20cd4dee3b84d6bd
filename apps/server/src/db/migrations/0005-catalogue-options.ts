import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Frozen: a product's price may be given on request (`price_on_request`, the prices then unused)
 * and a product may be unpublished (kept and exported, never served); a banner may have one image
 * per language (`images_by_language`, JSON {lang: image}).
 */
export function catalogueOptionsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('price_on_request', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('banners').addColumn('images_by_language', 'text').execute();
    },
  };
}
