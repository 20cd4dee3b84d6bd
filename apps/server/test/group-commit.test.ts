import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { batchCalls, joinBatchStep, type Settled } from '../src/db/group-commit.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { NO_SOURCE } from '../src/modules/enquiries/attribution.ts';
import { insertEnquirySqlite } from '../src/modules/enquiries/repository.ts';
import { enquirySearchBatch, storeEnquiry, type EnquiryRequest } from '../src/modules/enquiries/store.ts';
import { staffCookie, withFixtureApp } from './support/app.ts';
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

    it('order requests sent together each get their own answer: a product not published is a 404 alone', async () => {
      const answers = await Promise.all(
        [1, 999999, -1, 2].map((product, i) =>
          app.inject({
            method: 'POST',
            url: `/en/api/store/products/${product}/orders/`,
            payload: { phone: '09121234567', email: `each${i}@example.com`, description: `Each ${i}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 404, 201, 201]);
      const stored = await app.database.db
        .selectFrom('enquiries')
        .select(['email', 'product_id'])
        .where('email', 'like', 'each%@example.com')
        .orderBy('email')
        .execute();
      expect(stored).toEqual([
        { email: 'each0@example.com', product_id: 1 },
        { email: 'each2@example.com', product_id: null },
        { email: 'each3@example.com', product_id: 2 },
      ]);
    });

    it('one order the database refuses fails alone; the others sent with it are found by the inbox search at once', async () => {
      await app.staff.create({
        email: 'inbox-owner@example.com',
        name: 'Owner',
        passwordHash: await hashPassword('a long enough password'),
        role: 'owner',
      });
      const signed = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'inbox-owner@example.com', password: 'a long enough password' },
      });
      const agent = {
        cookie: staffCookie(signed),
        csrf: (signed.json() as { csrf_token: string }).csrf_token,
      };
      const request = (word: string, userId: number | null): EnquiryRequest => ({
        productId: 1,
        lang: 'en',
        userId,
        phone: '09121234567',
        email: `${word}@example.com`,
        description: `About ${word}`,
        source: NO_SOURCE,
      });
      // A user that does not exist (deleted after the route checked its token): its row is refused.
      const outcomes = await Promise.allSettled([
        storeEnquiry(app, request('qzvgone', 987654)),
        storeEnquiry(app, request('qzvfirst', null)),
        storeEnquiry(app, request('qzvsecond', null)),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      const found = async (word: string) => {
        const answer = await app.inject({
          method: 'GET',
          url: `/admin/api/enquiries?q=${word}`,
          headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrf },
        });
        return (answer.json() as { results: { email: string }[] }).results.map((row) => row.email);
      };
      expect(await found('qzvfirst')).toEqual(['qzvfirst@example.com']);
      expect(await found('qzvsecond')).toEqual(['qzvsecond@example.com']);
      expect(await found('qzvgone')).toEqual([]);
      if (store().dialect === 'sqlite') {
        const { db } = app.database;
        // The batch's marker never outlives its transaction, and the index agrees with the rows.
        const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM enquiry_search_batch`.execute(db);
        expect(rows[0]!.n).toBe(0);
        await sql`INSERT INTO enquiry_search (enquiry_search, rank) VALUES ('integrity-check', 1)`.execute(
          db,
        );
      }
    });

    it('SQLite: a batch indexes its enquiries for search in one statement before its commit, not one by one', async (context) => {
      if (store().dialect !== 'sqlite') return context.skip();
      const { db } = app.database;
      const matches = (trx: typeof db, word: string) =>
        sql<{ n: number }>`SELECT COUNT(*) AS n FROM enquiry_search WHERE enquiry_search MATCH ${word}`
          .execute(trx)
          .then(({ rows }) => rows[0]!.n);
      const inside: number[] = [];
      const write = (word: string) =>
        app.database.grouped(async (trx) => {
          await joinBatchStep(trx, enquirySearchBatch);
          await insertEnquirySqlite(trx, {
            productId: 1,
            productTitle: 'Saffron',
            userId: null,
            phone: '09121234567',
            email: `${word}@example.com`,
            description: word,
            language: 'en',
          });
          // Left to the batch: not in the index while the batch is being written.
          inside.push(await matches(trx, word));
        });
      await Promise.all([write('batchword1'), write('batchword2')]);
      expect(inside).toEqual([0, 0]);
      expect([await matches(db, 'batchword1'), await matches(db, 'batchword2')]).toEqual([1, 1]);
      // Any other writer is indexed by the trigger, as before.
      await db
        .insertInto('enquiries')
        .values({
          product_title: '',
          phone: '',
          email: 'direct@example.com',
          description: '',
          language: 'en',
          created_at: new Date().toISOString(),
          search_doc: ' directword ',
        })
        .execute();
      expect(await matches(db, 'directword')).toBe(1);
    });
  },
  // Forty requests from one address at once: the limits have their own tests.
  { rateLimits: 'off' },
);

describe('batchCalls (db/group-commit.ts): calls that arrive together, one batch', () => {
  it('calls made in one turn share a batch; at most `inFlight` batches run, the others wait', async () => {
    const started: number[][] = [];
    const finish: (() => void)[] = [];
    const run = (inputs: number[]) =>
      new Promise<Settled<number>[]>((resolve) => {
        started.push(inputs);
        finish.push(() =>
          resolve(
            inputs.map((n) =>
              n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: n * 10 },
            ),
          ),
        );
      });
    const call = batchCalls(run, 2);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = [call(1), call(-2), call(3)];
    await turn();
    const second = [call(4)];
    await turn();
    const third = [call(5), call(6)];
    await turn();
    await turn();
    // Two batches running: the third waits for one of them.
    expect(started).toEqual([[1, -2, 3], [4]]);
    finish[0]!();
    expect(await Promise.allSettled(first)).toMatchObject([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: { message: 'refused -2' } },
      { status: 'fulfilled', value: 30 },
    ]);
    await turn();
    expect(started).toEqual([[1, -2, 3], [4], [5, 6]]);
    finish[1]!();
    finish[2]!();
    expect(await Promise.all([...second, ...third])).toEqual([40, 50, 60]);
  });
});
