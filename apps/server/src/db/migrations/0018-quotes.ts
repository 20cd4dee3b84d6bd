import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import {
  addColumns,
  createIndexes,
  migration,
  serialTable,
  withDefault,
  type AnyDb,
} from './support/schema.ts';

/**
 * Frozen: the quote loop (issue 25). An enquiry has at most one draft quote (`quote_drafts`, the
 * editor's JSON and the buyer's) and its sent versions (`quote_versions`): each the snapshot it was
 * sent as (JSON) with its SHA-256, its number per enquiry (unique), its total in Rials (bigint on
 * PostgreSQL: up to 10^15), its validity, and what the buyer decided (accepted: when, by whom, how,
 * from which address; declined: the reason). The thread: `enquiry_messages` both ways, and their
 * attachments' bytes in `enquiry_attachments` (private: served only through the enquiry's link or
 * the back office, never from the public media directory). The enquiry remembers its first quote's
 * time (the dashboard's median time to a first quote).
 */
export function quotesMigration(dialect: DialectName): Migration {
  const serial = (db: AnyDb, table: string) => serialTable(db, dialect, table);
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return migration(async (db) => {
    await db.schema
      .createTable('quote_drafts')
      .addColumn('enquiry_id', 'integer', (c) =>
        c.primaryKey().references('enquiries.id').onDelete('cascade'),
      )
      .addColumn('draft', 'text', (c) => c.notNull())
      .addColumn('buyer', 'text', withDefault('{}'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .execute();

    await serial(db, 'quote_versions')
      .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('total', money, (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('valid_until', 'text', (c) => c.notNull())
      .addColumn('sent_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('sent_by_email', 'text', withDefault(''))
      // sent | superseded | accepted | declined (expired is computed from valid_until)
      .addColumn('status', 'text', withDefault('sent'))
      .addColumn('decided_at', 'text')
      .addColumn('accepted_name', 'text')
      .addColumn('accepted_phone', 'text')
      .addColumn('accepted_ip', 'text')
      .addColumn('acceptance_method', 'text')
      .addColumn('accepted_buyer', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('decline_note', 'text')
      .execute();
    await db.schema
      .createIndex('quote_versions_number_idx')
      .on('quote_versions')
      .columns(['enquiry_id', 'number'])
      .unique()
      .execute();
    await createIndexes(db, [
      ['quote_versions_sent_idx', 'quote_versions', ['sent_at']],
      ['quote_versions_status_idx', 'quote_versions', ['status', 'decided_at']],
    ]);

    await serial(db, 'enquiry_messages')
      .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      // visitor | staff
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('staff_email', 'text', withDefault(''))
      .addColumn('body', 'text', withDefault(''))
      .addColumn('ip', 'text')
      .execute();
    await createIndexes(db, [['enquiry_messages_enquiry_idx', 'enquiry_messages', ['enquiry_id', 'id']]]);

    await serial(db, 'enquiry_attachments')
      .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) =>
        c.notNull().references('enquiry_messages.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('bytes', bytes, (c) => c.notNull())
      .execute();
    await createIndexes(db, [
      ['enquiry_attachments_message_idx', 'enquiry_attachments', ['message_id']],
      ['enquiry_attachments_enquiry_idx', 'enquiry_attachments', ['enquiry_id', 'id']],
    ]);

    await addColumns(db, 'enquiries', [['first_quoted_at', 'text']]);
  });
}
