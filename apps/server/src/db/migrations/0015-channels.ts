import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { addColumns, createIndexes, migration, serialTable, withDefault } from './support/schema.ts';

/**
 * Frozen: the channels (issue 24). The outbox sends SMS and bot messages too, and keeps why a failed
 * one is never retried (`reason`); staff have a mobile for SMS, a linked chat per bot and their
 * channels per event (`notify_channels`, JSON); a storefront account registered while SMS codes are
 * on waits for its code (`verification_pending`); an enquiry has the hash of its private follow link;
 * one-time codes (hashed) and chat-link codes (hashed) have their tables.
 */
export function channelsMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await addColumns(db, 'outbox', [['reason', 'text']]);
    await addColumns(db, 'staff', [
      ['phone', 'text', withDefault('')],
      ['bale_chat_id', 'text'],
      ['telegram_chat_id', 'text'],
      ['notify_channels', 'text', withDefault('{}')],
    ]);
    await addColumns(db, 'users', [['verification_pending', 'integer', withDefault(0)]]);
    await addColumns(db, 'enquiries', [['follow_hash', 'text']]);
    await sql`CREATE UNIQUE INDEX enquiries_follow_idx ON enquiries (follow_hash) WHERE follow_hash IS NOT NULL`.execute(
      db,
    );

    await serialTable(db, dialect, 'one_time_codes')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', withDefault(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createTable('chat_link_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await createIndexes(db, [
      ['one_time_codes_phone_idx', 'one_time_codes', ['phone', 'purpose', 'id']],
      ['one_time_codes_expiry_idx', 'one_time_codes', ['expires_at']],
      ['chat_link_codes_staff_idx', 'chat_link_codes', ['staff_id']],
      ['outbox_kind_status_idx', 'outbox', ['kind', 'status', 'id']],
    ]);
  });
}
