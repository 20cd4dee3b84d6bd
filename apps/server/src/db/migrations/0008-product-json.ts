import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { migration } from './support/schema.ts';

/**
 * Frozen: each published product's JSON per language, as a visitor's request gets it (the media
 * base left as a mark), written by the write module with the product and whatever it shows of other
 * entities, as UTF-8 bytes; pages, details and long lists copy it instead of building each product. A product
 * without it (a store written before this migration, until its next catalogue write) is built as
 * before.
 */
export function productJsonMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await db.schema
      .createTable('product_json')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('body', sql.raw(dialect === 'postgres' ? 'bytea' : 'blob'), (c) => c.notNull())
      .addPrimaryKeyConstraint('product_json_pk', ['lang', 'product_id'])
      .execute();
    await db.deleteFrom('meta').where('key', '=', 'catalogue_fingerprint').execute();
  });
}
