import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** A write that runs inside a transaction it is given (and must not start one of its own). */
export type GroupedWork<T> = (trx: Kysely<DB>) => Promise<T>;

interface Pending {
  work: GroupedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Work a batch does once for all of its writes that ask for it: `open` before the first of them
 * (inside that write's savepoint), `close` after the last, before the COMMIT. What `open` wrote is
 * undone with a write rolled back to its savepoint, and opened again by the next write that asks.
 * E.g. the enquiries' search text, indexed for the whole batch in one statement (enquiries/store.ts).
 */
export interface BatchStep {
  open: (trx: Kysely<DB>) => Promise<void>;
  close: (trx: Kysely<DB>) => Promise<void>;
}

/** The batch a grouped transaction belongs to: its steps opened, and those opened by the write running now. */
interface Batch {
  opened: BatchStep[];
  openedByCurrent: BatchStep[];
}

const batches = new WeakMap<Kysely<DB>, Batch>();

/**
 * Asks for `step` in the batch `trx` belongs to (opening it unless a write before this one did).
 * false: `trx` is not a grouped batch's (PostgreSQL's `grouped`, or any other transaction): nothing
 * was opened, and the caller does the work itself.
 */
export async function joinBatchStep(trx: Kysely<DB>, step: BatchStep): Promise<boolean> {
  const batch = batches.get(trx);
  if (!batch) return false;
  if (batch.opened.includes(step)) return true;
  await step.open(trx);
  batch.opened.push(step);
  batch.openedByCurrent.push(step);
  return true;
}

/** At most this many writes share one transaction. */
const MAX_BATCH = 64;

// The batch's own statements, compiled once (each write runs two of them).
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT grouped_write');
const RELEASE = CompiledQuery.raw('RELEASE grouped_write');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO grouped_write');

/**
 * Group commit for SQLite: the visitors' small writes (order requests, reviews) that arrive together
 * share one transaction, each in a savepoint of its own, instead of one transaction each.
 *
 * Why: SQLite has one writer, and most of a small write's cost is its transaction, not its rows. An
 * enquiry's commit writes the pages of its dozen inbox indexes to the WAL, and FTS5 a search-index
 * segment per statement that indexed (so a batch indexes its enquiries in one: BatchStep); sixteen
 * enquiries in one transaction cost 181 µs each, one at a time 617 µs (docs/benchmarks.md, "Order
 * requests"). A write waits for no timer: the first one
 * starts a batch at the next turn of the event loop (setImmediate, so the requests read in the same
 * turn join it), and those that arrive while a batch is being written form the next one.
 *
 * Each write keeps its own outcome: it runs in a savepoint, and a write that throws is rolled back to
 * it and rejected alone, the others committed. A failed commit (the disk full, the file gone) rejects
 * every write of its batch, none of which is stored; so does a failed step's `close` (BatchStep). A
 * write's promise resolves once its batch is committed, so "stored" means durable exactly as with a
 * transaction of its own.
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
        const state: Batch = { opened: [], openedByCurrent: [] };
        batches.set(trx, state);
        for (const item of batch) {
          await trx.executeQuery(SAVEPOINT);
          state.openedByCurrent = [];
          try {
            const value = await item.work(trx);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            // What this write's steps opened was rolled back with it.
            state.opened = state.opened.filter((step) => !state.openedByCurrent.includes(step));
            outcomes.push({ ok: false, error });
          }
        }
        for (const step of state.opened) await step.close(trx);
        batches.delete(trx);
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

/** One call's outcome in a batch (`batchCalls`). */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Calls that arrive together, handed to `run` as one batch: for a write that can do a batch's rows in
 * one statement (PostgreSQL's order requests: one round trip and one commit for the batch instead of
 * two round trips and a commit each, enquiries/store.ts). A batch starts at the next turn of the event
 * loop (the calls made in the same turn join it), at most MAX_BATCH calls; up to `inFlight` batches
 * run at once (PostgreSQL writes on several connections, and one batch waiting for its commit must not
 * hold back the next), and the calls that arrive while that many run form the next batch. `run`
 * settles each call on its own (the outcomes in the inputs' order); if it throws, every call of the
 * batch is rejected with its error.
 */
export function batchCalls<I, O>(
  run: (inputs: I[]) => Promise<Settled<O>[]>,
  inFlight = 1,
): (input: I) => Promise<O> {
  let queue: { input: I; resolve: (value: O) => void; reject: (reason: unknown) => void }[] = [];
  let scheduled = false;
  let running = 0;

  const schedule = () => {
    if (scheduled || running >= inFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };

  const flush = async (): Promise<void> => {
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    running += 1;
    // The next batch may form while this one runs.
    schedule();
    let outcomes: Settled<O>[];
    try {
      outcomes = await run(batch.map((call) => call.input));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    } finally {
      running -= 1;
      schedule();
    }
    batch.forEach((call, index) => {
      const outcome = outcomes[index] ?? { ok: false, error: new Error('no outcome for a batched call') };
      if (outcome.ok) call.resolve(outcome.value);
      else call.reject(outcome.error);
    });
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
