import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
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
   * Writes by other processes arrive through NOTIFY (lib/catalogue-notifications.ts) or polling.
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
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    describe: file,
    destroy: () => db.destroy(),
    catalogueWrites: new EventEmitter(),
  };
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
