import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { type AnyDb, createIndexes, migration, serialTable } from './support/schema.ts';

/**
 * Frozen: the back office's staff accounts, their server-side sessions, one-time links (setup of
 * the first owner, invitations) and the audit log of staff writes.
 */
export function staffMigration(dialect: DialectName): Migration {
  const serial = (db: AnyDb, table: string) => serialTable(db, dialect, table);
  return migration(async (db) => {
    await serial(db, 'staff')
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('totp_secret', 'text')
      .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The id is the SHA-256 of the cookie's token: a copy of the table signs nobody in.
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await createIndexes(db, [['staff_sessions_staff_idx', 'staff_sessions', ['staff_id']]]);
    await db.schema
      .createTable('staff_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await serial(db, 'audit_log')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('staff_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();
    await createIndexes(db, [
      ['audit_log_at_idx', 'audit_log', ['at']],
      ['audit_log_entity_idx', 'audit_log', ['entity', 'at']],
    ]);
  });
}
