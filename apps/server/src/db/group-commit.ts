import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** A write that runs inside a transaction it is given (and must not start one of its own). */
export type GroupedWork<T> = (trx: Kysely<DB>) => Promise<T>;

interface Pending {
  work: GroupedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** At most this many writes share one transaction. */
const MAX_BATCH = 64;

/**
 * Group commit for SQLite: the visitors' small writes (order requests, reviews) that arrive together
 * share one transaction, each in a savepoint of its own, instead of one transaction each.
 *
 * Why: SQLite has one writer, and most of a small write's cost is its transaction, not its rows. An
 * enquiry's commit writes a new search-index segment (FTS5 writes one per transaction) and the pages
 * of its dozen inbox indexes to the WAL; sixteen enquiries in one transaction cost 181 µs each, one
 * at a time 617 µs (docs/benchmarks.md, "Order requests"). A write waits for no timer: the first one
 * starts a batch at the next turn of the event loop (setImmediate, so the requests read in the same
 * turn join it), and those that arrive while a batch is being written form the next one.
 *
 * Each write keeps its own outcome: it runs in a savepoint, and a write that throws is rolled back to
 * it and rejected alone, the others committed. A failed commit (the disk full, the file gone) rejects
 * every write of its batch, none of which is stored. A write's promise resolves once its batch is
 * committed, so "stored" means durable exactly as with a transaction of its own.
 */
export function groupCommit(db: Kysely<DB>): <T>(work: GroupedWork<T>) => Promise<T> {
  let queue: Pending[] = [];
  let scheduled = false;

  const flush = async (): Promise<void> => {
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          await sql`SAVEPOINT grouped_write`.execute(trx);
          try {
            const value = await item.work(trx);
            await sql`RELEASE grouped_write`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`ROLLBACK TO grouped_write`.execute(trx);
            await sql`RELEASE grouped_write`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    } finally {
      if (queue.length > 0) setImmediate(() => void flush());
      else scheduled = false;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  };

  return <T>(work: GroupedWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
