import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { migration } from './support/schema.ts';

/**
 * Frozen: on PostgreSQL the reviews counter (what processes that poll compare to learn that reviews
 * changed elsewhere; modules/reviews/changes.ts) becomes a sequence, `reviews_version_seq`, starting
 * after the `meta` row's value. Incremented in the review's transaction, the row was locked until that
 * transaction's commit, so every review written at the same time waited for the one before it
 * (issue 22: 1,249 reviews/s against 4,833 for 08441f8, the backends waiting on `transactionid`);
 * `nextval` takes no lock. SQLite keeps the row (one writer; the counter moves in the write's
 * transaction).
 */
export function reviewsCounterMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    if (dialect !== 'postgres') return;
    await sql`CREATE SEQUENCE reviews_version_seq`.execute(db);
    const { rows } = await sql<{ value: string | null }>`
      SELECT value FROM meta WHERE key = 'reviews_version'`.execute(db);
    const current = Number(rows[0]?.value ?? 0);
    if (Number.isSafeInteger(current) && current > 0)
      await sql`SELECT setval('reviews_version_seq', ${current})`.execute(db);
  });
}
