import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { ftsTriggers, migration } from './support/schema.ts';

/** The catalogue tables whose ids the database hands out to new rows. */
const TABLES = ['collections', 'subcollections', 'industries', 'tags', 'products', 'posts', 'banners'];

/**
 * Frozen: the database owns the catalogue's ids and its search index, so that one row can be
 * written on its own (the write module, modules/catalogue/writes.ts):
 * - PostgreSQL: a sequence per table as the id's default (SQLite's INTEGER PRIMARY KEY already
 *   takes the next rowid), started past the ids already there;
 * - SQLite: triggers keep the FTS5 index (external content) in step with products.search_doc row
 *   by row, instead of rebuilding it after an import.
 */
export function catalogueWritesMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    if (dialect === 'postgres') {
      for (const table of TABLES) {
        const sequence = `${table}_id_seq`;
        await sql`CREATE SEQUENCE ${sql.id(sequence)} OWNED BY ${sql.id(table)}.id`.execute(db);
        await sql`ALTER TABLE ${sql.id(table)} ALTER COLUMN id SET DEFAULT nextval(${sql.lit(sequence)}::regclass)`.execute(
          db,
        );
        await sql`SELECT setval(${sequence}::regclass, COALESCE((SELECT max(id) FROM ${sql.id(table)}), 0) + 1, false)`.execute(
          db,
        );
      }
      return;
    }
    await ftsTriggers(db, 'products', 'product_search', ' '.repeat(6));
  });
}
