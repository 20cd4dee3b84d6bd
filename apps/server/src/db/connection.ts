import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Where the data lives, for logs (a file path or a URL without its password). */
  describe: string;
  destroy(): Promise<void>;
  /**
   * Catalogue writes committed through this handle (modules/catalogue/writes.ts announces them;
   * the catalogue cache of a server on this handle listens), and changes to the reviews shown
   * (`reviews`: the products, and the reviews counter's new value; modules/reviews/changes.ts).
   * Writes by other processes arrive through NOTIFY (modules/store/catalogue-events.ts) or polling.
   */
  readonly catalogueWrites: EventEmitter<{
    committed: [version: string];
    reviews: [productIds: number[], counter: number];
  }>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

// COUNT(*) and other int8 values come back as strings from pg by default; they fit in a double here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    url.password = url.password ? '***' : '';
    return {
      db,
      dialect: 'postgres',
      describe: url.toString(),
      destroy: () => db.destroy(),
      catalogueWrites: new EventEmitter(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'store.db');
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Temporary data in memory: a write inside a transaction that fires triggers (an enquiry's search
  // text) keeps a statement journal, which SQLite otherwise opens as a temporary file per statement
  // (an open, a dozen writes and a close on every order request; docs/benchmarks.md, "Order requests").
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    describe: file,
    destroy: () => db.destroy(),
    catalogueWrites: new EventEmitter(),
  };
}

/** better-sqlite3 could not be loaded: its native part is missing or built for another Node.js. */
export class NativeModuleError extends Error {
  override name = 'NativeModuleError';
}

type SqliteConstructor = new (file: string) => SQLite.Database;

const require = createRequire(import.meta.url);

/** better-sqlite3 itself, loaded when a SQLite store is opened (a PostgreSQL store never needs it). */
const loadBetterSqlite3 = (): SqliteConstructor => require('better-sqlite3') as SqliteConstructor;

/** An error of Node's module loader or of dlopen: the package or its compiled addon is unusable. */
function isLoadError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_DLOPEN_FAILED' || code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND')
    return true;
  const message = error instanceof Error ? error.message : String(error);
  return /NODE_MODULE_VERSION|different Node\.js version|\.node\b|ELF|bindings file|undefined symbol/i.test(
    message,
  );
}

/** What to do when better-sqlite3 cannot be loaded, for the person who ran `npm start`. */
export function nativeModuleMessage(error: unknown): string {
  const cause = (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 400);
  return [
    'The storefront could not start: the SQLite driver (better-sqlite3) cannot be loaded.',
    `  ${cause}`,
    `Its compiled part is missing or was built for another Node.js version (this is Node.js ${process.version}, modules ABI ${process.versions.modules}, ${process.platform}-${process.arch}).`,
    'To fix it, run in the project folder:',
    '',
    '  npm rebuild better-sqlite3',
    '',
    "then `npm start` again. (If npm skipped its install script, check that package.json's",
    '"allowScripts" names better-sqlite3; compiling needs python3, make and a C++ compiler.)',
    'Or use PostgreSQL instead: set DATABASE_URL=postgres://…',
  ].join('\n');
}

/**
 * Opens a SQLite file with better-sqlite3, whose compiled addon loads on first use: when the package
 * or its addon cannot be loaded, a NativeModuleError that says what to do (main.ts prints it and
 * exits 1, no stack). Other errors (a file that cannot be opened) are thrown as they are.
 */
export function openSqlite(file: string, load: () => SqliteConstructor = loadBetterSqlite3): SQLite.Database {
  try {
    const Database = load();
    return new Database(file);
  } catch (error) {
    if (isLoadError(error)) throw new NativeModuleError(nativeModuleMessage(error), { cause: error });
    throw error;
  }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. This keeps
 * the most recently used prepared statements (the driver uses each synchronously, so reuse is safe).
 */
/** Statements longer than this (characters) are prepared for one use. */
const MAX_CACHED_SQL = 2000;

function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (query: string) => {
      // Long statements are bulk writes whose text changes with their row count: not worth keeping
      // (each prepared statement holds native memory until it is finalised).
      if (query.length > MAX_CACHED_SQL) return sqlite.prepare(query);
      let statement = cache.get(query);
      if (statement) {
        cache.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(query, statement);
      return statement;
    },
  };
}
