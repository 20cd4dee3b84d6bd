import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { groupCommit, type GroupedWork } from './group-commit.ts';
import type { DB } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Where the data lives, for logs (a file path or a URL without its password). */
  describe: string;
  destroy(): Promise<void>;
  /**
   * Runs a visitor's small write (an order request, a review) in a transaction: on SQLite, one shared
   * with the writes that arrive together, each in its own savepoint (db/group-commit.ts); on
   * PostgreSQL, a transaction of its own (its connections write concurrently). Resolves once committed.
   */
  grouped<T>(work: GroupedWork<T>): Promise<T>;
  /**
   * Catalogue writes committed through this handle (modules/catalogue/writes.ts announces them;
   * the catalogue cache of a server on this handle listens), and changes to the reviews shown
   * (`reviews`: the products, the reviews counter's new value when it is known (PostgreSQL's
   * reviews published at once tell the products at their commit and the counter later, with no
   * products; modules/reviews/changes.ts), and the reviews published at once, `ShownReview`).
   * Writes by other processes arrive through NOTIFY (modules/store/catalogue-events.ts) or polling.
   */
  readonly catalogueWrites: EventEmitter<{
    committed: [version: string];
    reviews: [productIds: number[], counter?: number, published?: ShownReview[]];
  }>;
  /**
   * PostgreSQL: whether a NOTIFY came from one of this handle's connections (its server process id),
   * i.e. announces a change that `catalogueWrites` told this process of already. SQLite: never.
   */
  sentByThisHandle(backend: number): boolean;
}

/**
 * A review published at once, as the `reviews` event carries it (modules/store/review-json.ts): its
 * place in its product's list and its JSON as the list shows it. The event carries a product's
 * reviews only when they are that product's whole change (no review hidden or deleted with them).
 */
export interface ShownReview {
  id: number;
  product_id: number;
  creation_date: string;
  json: string;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

// COUNT(*) and other int8 values come back as strings from pg by default; they fit in a double here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** The SQLite connection's page cache, in KiB (a negative `cache_size`). */
const PAGE_CACHE_KB = 2000;

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    // The server processes of this pool's connections, whose NOTIFYs this process has acted on already.
    const backends = new Set<number>();
    const backendOf = (client: pg.PoolClient) => (client as { processID?: number | null }).processID;
    pool.on('connect', (client) => {
      const pid = backendOf(client);
      if (typeof pid === 'number') backends.add(pid);
    });
    pool.on('remove', (client) => {
      const pid = backendOf(client);
      if (typeof pid === 'number') backends.delete(pid);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    url.password = url.password ? '***' : '';
    return {
      db,
      dialect: 'postgres',
      describe: url.toString(),
      destroy: () => db.destroy(),
      grouped: (work) => db.transaction().execute(work),
      catalogueWrites: new EventEmitter(),
      sentByThisHandle: (backend) => backends.has(backend),
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
  // SQLite's own default page cache (2 MB; better-sqlite3 builds it with 16 MB): the pages a full list
  // or a broad search reads once filled the 16 MB and kept them for the process's life, 14 MB of RSS
  // over idle after the first such answer, and the catalogue's reads are answered from the response
  // cache or the operating system's file cache anyway. Searches and random product details at
  // 100,000 products were as fast with either (docs/benchmarks.md, "Memory under full lists: SQLite's
  // page cache").
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  // Checkpoints (copying the WAL into the database file, and its fsync) run on a thread of their own
  // (backgroundCheckpoints); the connection itself checkpoints only when the WAL passes this many
  // pages (about 40 MB), a bound for when that thread falls behind.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_BOUND_PAGES}`);
  const checkpoints = backgroundCheckpoints(file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    describe: file,
    destroy: async () => {
      // The checkpointer's connection first: the last one closed checkpoints and removes the WAL.
      await checkpoints.stop();
      await db.destroy();
    },
    grouped: groupCommit(db),
    catalogueWrites: new EventEmitter(),
    sentByThisHandle: () => false,
  };
}

/** The WAL size (pages) at which a writing connection checkpoints itself (SQLite's default: 1000). */
const WAL_CHECKPOINT_BOUND_PAGES = 10_000;

/** How often the checkpointer thread copies the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 500;

const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or gone: the next turn (or the writer's own bound) checkpoints.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * A thread with its own connection to `file` that checkpoints the WAL every CHECKPOINT_EVERY_MS
 * (PASSIVE: it never waits for, nor blocks, readers and the writer). With SQLite's automatic
 * checkpoints, the commit that crossed 1,000 WAL pages copied them into the database and fsynced it
 * on the event loop: with an enquiry's ~20 pages (its indexes and search text), every 50th order
 * request stalled the reads behind it for as long as the disk took (tens of ms on a busy disk).
 * The thread never keeps the process alive; `stop()` ends it (with a last checkpoint).
 */
function backgroundCheckpoints(file: string): { stop: () => Promise<void> } {
  let worker: Worker;
  try {
    worker = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file, everyMs: CHECKPOINT_EVERY_MS },
    });
  } catch {
    // No thread: the connection's own automatic checkpoints (at the bound) still run.
    return { stop: async () => undefined };
  }
  worker.unref();
  // A checkpointer that fails to open the file leaves the checkpoints to the writer's bound.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: () => {
      // Kept alive until it has closed its connection, so that the caller's await resolves.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
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
