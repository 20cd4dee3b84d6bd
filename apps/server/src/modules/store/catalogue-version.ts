import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const listeners = new WeakMap<Kysely<DB>, Set<() => void>>();
/** Databases whose changes are pushed to this process (PostgreSQL LISTEN): no need to poll. */
const pushed = new WeakSet<Kysely<DB>>();

/** The PostgreSQL channel on which a catalogue write announces the new version (NOTIFY). */
export const CATALOGUE_CHANNEL = 'storefront_catalogue';

/**
 * Whether changes of `db`'s catalogue made by other processes reach this one as they happen
 * (lib/catalogue-notifications.ts); while they do, the version is trusted until changed.
 */
export function setCataloguePushed(db: Kysely<DB>, value: boolean): void {
  if (value) pushed.add(db);
  else pushed.delete(db);
}

/** Tells this process's caches on `db` that the catalogue has just changed (an import committed). */
export function catalogueChanged(db: Kysely<DB>): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/**
 * The catalogue's version: the value an import writes into `meta`. An import in this process is
 * seen at once (it calls catalogueChanged); on PostgreSQL one from another process (the CLI,
 * another server) at once too, through LISTEN/NOTIFY (lib/catalogue-notifications.ts); on SQLite,
 * or while that connection is down, within `ttlMs`, the longest a version is trusted without
 * reading it again.
 */
export class CatalogueVersion {
  private readonly db: Kysely<DB>;
  private readonly ttlMs: number;
  private value: string | undefined;
  private checkedAt = 0;
  private pending: Promise<string> | undefined;
  constructor(db: Kysely<DB>, ttlMs = 1000) {
    this.db = db;
    this.ttlMs = ttlMs;
    const set = listeners.get(db) ?? new Set();
    set.add(() => {
      this.value = undefined;
      this.pending = undefined;
    });
    listeners.set(db, set);
  }

  /** true while changes are announced to this process (PostgreSQL LISTEN): the version is not polled. */
  get pushed(): boolean {
    return pushed.has(this.db);
  }

  /** The version when it is known and recent enough to trust as it is; undefined when it must be read. */
  current(): string | undefined {
    if (this.value === undefined) return undefined;
    return pushed.has(this.db) || performance.now() - this.checkedAt < this.ttlMs ? this.value : undefined;
  }

  get(): Promise<string> {
    const value = this.current();
    if (value !== undefined) return Promise.resolve(value);
    this.pending ??= this.read().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async read(): Promise<string> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'catalogue_imported_at')
      .executeTakeFirst();
    this.value = row?.value ?? '';
    this.checkedAt = performance.now();
    return this.value;
  }
}
