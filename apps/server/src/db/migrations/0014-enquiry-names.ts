import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { ftsTriggers, migration, type AnyDb } from './support/schema.ts';

/**
 * Frozen: enquiries are called enquiries in the tables too (docs/server.md, "Words"): `orders` becomes
 * `enquiries`, `order_events` `enquiry_events` (its `order_id` `enquiry_id`), SQLite's search index
 * `order_search` `enquiry_search`; indexes, sequences, constraints and triggers follow. Rows, ids and
 * every index's columns stay as they were.
 */
export function enquiryNamesMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    if (dialect === 'sqlite') {
      // The search index names its content table: it is made again over the renamed one.
      for (const trigger of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER orders_search_${trigger}`).execute(db);
      await sql`DROP TABLE order_search`.execute(db);
    }
    await sql`ALTER TABLE orders RENAME TO enquiries`.execute(db);
    await sql`ALTER TABLE order_events RENAME TO enquiry_events`.execute(db);
    await sql`ALTER TABLE enquiry_events RENAME COLUMN order_id TO enquiry_id`.execute(db);
    if (dialect === 'sqlite') {
      await renameSqliteIndexes(db);
      await sql`CREATE VIRTUAL TABLE enquiry_search USING fts5(search_doc, content='enquiries', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await ftsTriggers(db, 'enquiries', 'enquiry_search', ' '.repeat(6));
    } else {
      await renamePostgresObjects(db);
    }
  });
}

const NEW_NAMES: [string, string][] = [
  ['order_events_order_', 'enquiry_events_enquiry_'],
  ['order_events_', 'enquiry_events_'],
  ['orders_', 'enquiries_'],
];

function renamed(name: string): string {
  for (const [from, to] of NEW_NAMES) if (name.startsWith(from)) return to + name.slice(from.length);
  return name;
}

/** SQLite cannot rename an index: each is made again under its new name from its own statement. */
async function renameSqliteIndexes(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master
    WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('enquiries', 'enquiry_events')
    ORDER BY name`.execute(db);
  for (const index of rows) {
    const name = renamed(index.name);
    if (name === index.name) continue;
    await sql.raw(`DROP INDEX "${index.name}"`).execute(db);
    await sql.raw(index.sql.replace(index.name, name)).execute(db);
  }
}

/** PostgreSQL renames in place: the sequences, indexes (primary keys too) and constraints. */
async function renamePostgresObjects(db: AnyDb): Promise<void> {
  for (const [from, to] of [
    ['orders_id_seq', 'enquiries_id_seq'],
    ['order_events_id_seq', 'enquiry_events_id_seq'],
  ])
    await sql.raw(`ALTER SEQUENCE IF EXISTS ${from} RENAME TO ${to}`).execute(db);
  const constraints = await sql<{ table: string; name: string }>`
    SELECT c.relname AS table, k.conname AS name FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    WHERE c.relname IN ('enquiries', 'enquiry_events') AND k.contype <> 'p'
      AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { table, name } of constraints.rows) {
    const next = renamed(name.replace('_order_id_', '_enquiry_id_'));
    if (next !== name)
      await sql.raw(`ALTER TABLE ${table} RENAME CONSTRAINT "${name}" TO "${next}"`).execute(db);
  }
  const indexes = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes
    WHERE tablename IN ('enquiries', 'enquiry_events') AND schemaname = current_schema()`.execute(db);
  for (const { name } of indexes.rows) {
    const next = renamed(name);
    if (next !== name) await sql.raw(`ALTER INDEX "${name}" RENAME TO "${next}"`).execute(db);
  }
}
