import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { enquirySearchText } from './support/search-text.ts';
import {
  addColumns,
  createIndexes,
  ftsTriggers,
  migration,
  serialTable,
  withDefault,
  type AnyDb,
} from './support/schema.ts';

/**
 * Frozen: the back office's second part. Enquiries get a workflow status, an assignee, a read mark
 * and a normalised search text (FTS5 trigram on SQLite, pg_trgm on PostgreSQL, as products); their
 * history (status, assignee, notes) is `order_events`. The notifications outbox (mail and webhooks,
 * written in the same transaction as what they tell about), the webhooks, reviews' moderation
 * status and each staff member's language and notification choices.
 */
export function enquiriesMigration(dialect: DialectName): Migration {
  const serial = (db: AnyDb, table: string) => serialTable(db, dialect, table);
  return migration(async (db) => {
    await addColumns(db, 'orders', [
      ['status', 'text', withDefault('new')],
      ['assignee_id', 'integer', (c) => c.references('staff.id').onDelete('set null')],
      ['read_at', 'text'],
      ['search_doc', 'text', withDefault('')],
    ]);
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
          .set({ search_doc: enquirySearchText(row) })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows.at(-1)!.id;
    }
    await createIndexes(db, [
      ['orders_status_idx', 'orders', ['status', 'id']],
      ['orders_assignee_idx', 'orders', ['assignee_id', 'id']],
      ['orders_product_idx', 'orders', ['product_id', 'id']],
      ['orders_user_idx', 'orders', ['user_id']],
      ['orders_phone_idx', 'orders', ['phone']],
      ['orders_email_idx', 'orders', ['email']],
    ]);
    await sql`CREATE INDEX orders_unread_idx ON orders (id) WHERE read_at IS NULL`.execute(db);
    if (dialect === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE order_search USING fts5(search_doc, content='orders', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await ftsTriggers(db, 'orders', 'order_search', ' '.repeat(8));
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
      .addColumn('staff_email', 'text', withDefault(''))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('body', 'text', withDefault(''))
      .execute();
    await createIndexes(db, [['order_events_order_idx', 'order_events', ['order_id', 'id']]]);

    await serial(db, 'webhooks')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', withDefault(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // One row per message to send (an email to one address, or one webhook POST).
    await serial(db, 'outbox')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'integer', (c) => c.references('webhooks.id').onDelete('set null'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', withDefault('pending'))
      .addColumn('attempts', 'integer', withDefault(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('response_status', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await createIndexes(db, [
      ['outbox_due_idx', 'outbox', ['status', 'next_attempt_at']],
      ['outbox_webhook_idx', 'outbox', ['webhook_id', 'id']],
    ]);

    await addColumns(db, 'reviews', [['status', 'text', withDefault('published')]]);
    await createIndexes(db, [
      ['reviews_status_idx', 'reviews', ['status', 'id']],
      ['reviews_product_status_idx', 'reviews', ['product_id', 'status']],
    ]);

    await addColumns(db, 'staff', [
      ['language', 'text', withDefault('fa')],
      ['notify_enquiries', 'integer', withDefault(1)],
      ['notify_reviews', 'integer', withDefault(0)],
    ]);
  });
}
