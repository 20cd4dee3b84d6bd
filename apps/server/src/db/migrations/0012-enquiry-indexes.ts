import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { createIndexes, migration } from './support/schema.ts';

/**
 * Frozen: indexes the enquiry inbox needs at 1,000,000 enquiries (docs/benchmarks.md, the enquiries
 * section): status with assignee (the two filters together, and counts per status) covering the id;
 * created_at with the product (the dashboard's most enquired-about products of 90 days from the index
 * alone); on SQLite a narrow index on id, so that a page's ids come from it instead of the table's
 * wide rows.
 */
export function enquiryIndexesMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await createIndexes(db, [
      ['orders_status_assignee_idx', 'orders', ['status', 'assignee_id', 'id']],
      ['orders_created_product_idx', 'orders', ['created_at', 'product_id']],
    ]);
    if (dialect === 'sqlite') await sql`CREATE INDEX orders_id_idx ON orders (id)`.execute(db);
  });
}
