import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

describeEachDatabase(
  'grouped writes (db/group-commit.ts): visitors’ small writes that arrive together',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));

    it('each write keeps its own outcome; on SQLite those that arrive together share one transaction', async () => {
      const { db } = app.database;
      await sql`CREATE TABLE grouped_probe (v varchar(20))`.execute(db);
      const seen: number[] = [];
      const settled: string[] = [];
      const settledWhenRun: number[] = [];
      const write = (v: string, refuse = false) =>
        app.database
          .grouped(async (trx) => {
            await sql`INSERT INTO grouped_probe (v) VALUES (${v})`.execute(trx);
            const { rows } = await sql<{
              n: number | string;
            }>`SELECT COUNT(*) AS n FROM grouped_probe`.execute(trx);
            seen.push(Number(rows[0]!.n));
            settledWhenRun.push(settled.length);
            if (refuse) throw new Error('refused');
            return v;
          })
          .then((value) => {
            settled.push(value);
            return value;
          });
      const results = await Promise.allSettled([write('a'), write('b', true), write('c')]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused' });
      expect(settled.sort()).toEqual(['a', 'c']);
      // The refused write left nothing; the others are committed.
      const { rows } = await sql<{ v: string }>`SELECT v FROM grouped_probe ORDER BY v`.execute(db);
      expect(rows.map((row) => row.v)).toEqual(['a', 'c']);
      if (store().dialect === 'sqlite') {
        // One transaction: each write saw the rows of the writes before it in the batch (b's own row
        // until it was rolled back to its savepoint), before any of them had settled.
        expect(seen).toEqual([1, 2, 2]);
        expect(settledWhenRun).toEqual([0, 0, 0]);
      }
      await sql`DROP TABLE grouped_probe`.execute(db);
    });

    it('forty order requests at once: every one stored with its own id, reference and notices', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: `/${i % 2 ? 'en' : 'fa'}/api/store/products/${i % 4 === 0 ? -1 : 1}/orders/`,
            payload: { phone: '09121234567', email: `buyer${i}@example.com`, description: `Carton ${i}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(201));
      const ids = answers.map((answer) => (answer.json() as { id: number }).id);
      expect(new Set(ids).size).toBe(40);
      const { db } = app.database;
      const stored = await db
        .selectFrom('enquiries')
        .select(['id', 'email', 'description'])
        .where('id', 'in', ids)
        .execute();
      expect(stored).toHaveLength(40);
      for (const [i, id] of ids.entries()) {
        expect(stored.find((row) => row.id === id)).toMatchObject({
          email: `buyer${i}@example.com`,
          description: `Carton ${i}`,
        });
      }
      // The visitor's confirmation of each, written with it.
      const confirmations = await db
        .selectFrom('outbox')
        .select('recipient')
        .where('kind', '=', 'email')
        .where('recipient', 'like', 'buyer%@example.com')
        .execute();
      expect(confirmations.map((row) => row.recipient).sort()).toEqual(
        Array.from({ length: 40 }, (_, i) => `buyer${i}@example.com`).sort(),
      );
    });

    it('a review refused inside a batch of order requests leaves the orders stored', async () => {
      const answers = await Promise.all([
        app.inject({
          method: 'POST',
          url: '/en/api/store/products/1/orders/',
          payload: { phone: '09121234567', email: 'mixed1@example.com', description: 'First' },
        }),
        app.inject({
          method: 'POST',
          url: '/en/api/store/products/999999/reviews/',
          payload: { name: 'Sara', email: 'sara@example.com', content: 'Good.' },
        }),
        app.inject({
          method: 'POST',
          url: '/en/api/store/products/1/orders/',
          payload: { phone: '09121234567', email: 'mixed2@example.com', description: 'Second' },
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 404, 201]);
    });
  },
  // Forty requests from one address at once: the limits have their own tests.
  { rateLimits: 'off' },
);
