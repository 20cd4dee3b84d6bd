import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';

/**
 * Frozen: indexes the enquiry inbox needs at 1,000,000 enquiries (docs/benchmarks.md, the enquiries
 * section): status with assignee (the two filters together, and counts per status) covering the id;
 * created_at with the product (the dashboard's most enquired-about products of 90 days from the index
 * alone); on SQLite a narrow index on id, so that a page's ids come from it instead of the table's
 * wide rows.
 */
export function enquiryIndexesMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('orders_status_assignee_idx')
        .on('orders')
        .columns(['status', 'assignee_id', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_created_product_idx')
        .on('orders')
        .columns(['created_at', 'product_id'])
        .execute();
      if (dialect === 'sqlite') await sql`CREATE INDEX orders_id_idx ON orders (id)`.execute(db);
    },
  };
}
