import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../../connection.ts';

/**
 * Frozen: the shapes the migrations repeat, each written once. Migrations import only this folder
 * and kysely, never lib/ or modules/: what a migration did must not change when live code does.
 * Changing a helper changes every migration that used it: add a new helper instead.
 */

// Migrations see the database as it was then, not today's typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
type Build = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type DataType = Parameters<ReturnType<AnyDb['schema']['alterTable']>['addColumn']>[1];

/** A migration that only goes up (none of ours goes down). */
export function migration(up: (db: AnyDb) => Promise<void>): Migration {
  return { up };
}

/** A new table whose integer id the database hands out: serial on PostgreSQL, AUTOINCREMENT on SQLite. */
export function serialTable(db: AnyDb, dialect: DialectName, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
}

/** Plain indexes, in order: [name, table, columns]. */
export async function createIndexes(
  db: AnyDb,
  indexes: readonly [string, string, string[]][],
): Promise<void> {
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

/** Columns added to an existing table, in order, one ALTER TABLE each (SQLite adds one at a time). */
export async function addColumns(
  db: AnyDb,
  table: string,
  columns: readonly [string, DataType, Build?][],
): Promise<void> {
  for (const [name, type, build] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  }
}

/** NOT NULL with a default. */
export const withDefault =
  (value: string | number): Build =>
  (c) =>
    c.notNull().defaultTo(value);

/**
 * SQLite: triggers that keep an FTS5 index (external content) in step with its table's search_doc
 * row by row, then the index rebuilt from the rows already there. `indent` is the trigger bodies'
 * indentation as each migration first stored it (SQLite keeps a trigger's text as written).
 */
export async function ftsTriggers(db: AnyDb, table: string, index: string, indent: string): Promise<void> {
  const body = (...lines: string[]) =>
    lines.map((line) => `\n${indent}  ${line}`).join('') + `\n${indent}END`;
  const insert = `INSERT INTO ${index}(rowid, search_doc) VALUES (new.id, new.search_doc);`;
  const remove = `INSERT INTO ${index}(${index}, rowid, search_doc) VALUES ('delete', old.id, old.search_doc);`;
  await sql
    .raw(`CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN${body(insert)}`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN${body(remove)}`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_search_update AFTER UPDATE OF search_doc ON ${table} BEGIN${body(remove, insert)}`,
    )
    .execute(db);
  await sql.raw(`INSERT INTO ${index}(${index}) VALUES('rebuild')`).execute(db);
}
