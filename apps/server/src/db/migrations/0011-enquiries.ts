import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { orderSearchDocument } from '../../modules/search/normalize.ts';
import type { DialectName } from '../connection.ts';

/**
 * Frozen: the back office's second part. Enquiries get a workflow status, an assignee, a read mark
 * and a normalised search text (FTS5 trigram on SQLite, pg_trgm on PostgreSQL, as products); their
 * history (status, assignee, notes) is `order_events`. The notifications outbox (mail and webhooks,
 * written in the same transaction as what they tell about), the webhooks, reviews' moderation
 * status and each staff member's language and notification choices.
 */
export function enquiriesMigration(dialect: DialectName): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const serial = (db: Kysely<any>, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('assignee_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('orders').addColumn('read_at', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('search_doc', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The search text of the enquiries already there (SQLite's index is rebuilt once it exists).
      let after = 0;
      for (;;) {
        const rows: { id: number; phone: string; email: string; description: string }[] = await db
          .selectFrom('orders')
          .select(['id', 'phone', 'email', 'description'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(1000)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows) {
          await db
            .updateTable('orders')
            .set({ search_doc: orderSearchDocument(row) })
            .where('id', '=', row.id)
            .execute();
        }
        after = rows.at(-1)!.id;
      }
      await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
      await db.schema
        .createIndex('orders_assignee_idx')
        .on('orders')
        .columns(['assignee_id', 'id'])
        .execute();
      await db.schema.createIndex('orders_product_idx').on('orders').columns(['product_id', 'id']).execute();
      await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
      await db.schema.createIndex('orders_phone_idx').on('orders').column('phone').execute();
      await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();
      await sql`CREATE INDEX orders_unread_idx ON orders (id) WHERE read_at IS NULL`.execute(db);
      if (dialect === 'sqlite') {
        await sql`CREATE VIRTUAL TABLE order_search USING fts5(search_doc, content='orders', content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql`CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
          INSERT INTO order_search(rowid, search_doc) VALUES (new.id, new.search_doc);
        END`.execute(db);
        await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
          INSERT INTO order_search(order_search, rowid, search_doc) VALUES ('delete', old.id, old.search_doc);
        END`.execute(db);
        await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF search_doc ON orders BEGIN
          INSERT INTO order_search(order_search, rowid, search_doc) VALUES ('delete', old.id, old.search_doc);
          INSERT INTO order_search(rowid, search_doc) VALUES (new.id, new.search_doc);
        END`.execute(db);
        await sql`INSERT INTO order_search(order_search) VALUES('rebuild')`.execute(db);
      } else {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE INDEX orders_search_trgm_idx ON orders USING gin (search_doc gin_trgm_ops)`.execute(
          db,
        );
      }

      await serial(db, 'order_events')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('staff_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('order_events_order_idx')
        .on('order_events')
        .columns(['order_id', 'id'])
        .execute();

      await serial(db, 'webhooks')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // One row per message to send (an email to one address, or one webhook POST).
      await serial(db, 'outbox')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'integer', (c) => c.references('webhooks.id').onDelete('set null'))
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('response_status', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_due_idx')
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema.createIndex('outbox_webhook_idx').on('outbox').columns(['webhook_id', 'id']).execute();

      await db.schema
        .alterTable('reviews')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .execute();
      await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'id']).execute();
      await db.schema
        .createIndex('reviews_product_status_idx')
        .on('reviews')
        .columns(['product_id', 'status'])
        .execute();

      await db.schema
        .alterTable('staff')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('fa'))
        .execute();
      await db.schema
        .alterTable('staff')
        .addColumn('notify_enquiries', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('staff')
        .addColumn('notify_reviews', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
