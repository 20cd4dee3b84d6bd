import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { audienceVersion } from '../src/modules/outbox/notify.ts';
import { publishReviewAtOnce, type ReviewToPublish } from '../src/modules/reviews/changes.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * Reviews that arrive together: on PostgreSQL those published at once are written by one statement
 * per batch (modules/reviews/changes.ts `publishBatch`), on SQLite they share a transaction (the group
 * commit). Either way each request keeps its own outcome: its own id for its own row, a 404 for a
 * product that is not there, and a review the database refuses fails alone.
 */
/** The reviews counter (modules/reviews/changes.ts): PostgreSQL's sequence, SQLite's `meta` row. */
async function counterOf(app: FastifyInstance): Promise<number> {
  const { rows } = await sql<{ value: string | number | null }>`${
    app.database.dialect === 'postgres'
      ? sql`SELECT last_value AS value FROM reviews_version_seq`
      : sql`SELECT value FROM meta WHERE key = 'reviews_version'`
  }`.execute(app.database.db);
  return Number(rows[0]?.value ?? 0);
}

describeEachDatabase('reviews that arrive together', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  const emailOf = (content: string) => `sara.${content.replaceAll(' ', '.')}@example.com`;
  const post = (product: number, content: string) =>
    app.inject({
      method: 'POST',
      url: `/fa/api/store/products/${product}/reviews/`,
      payload: { name: 'Sara', email: emailOf(content), content },
    });

  it('each request gets its own row and answer; a missing product is a 404 alone', async () => {
    // One review first: the policy is read and kept, so the rest take the path of the common case.
    expect((await post(1, 'first of all')).statusCode).toBe(201);
    const counter = () => counterOf(app);
    const before = await counter();
    const sent = Array.from({ length: 12 }, (_, i) => ({
      product: i % 5 === 4 ? 999_999 : (i % 3) + 1,
      content: `review number ${i} together`,
    }));
    const answers = await Promise.all(sent.map(({ product, content }) => post(product, content)));
    const ids = new Set<number>();
    answers.forEach((res, i) => {
      const { product, content } = sent[i]!;
      if (product === 999_999) {
        expect(res.statusCode, content).toBe(404);
        return;
      }
      expect(res.statusCode, content).toBe(201);
      const body = res.json() as { id: number; content: string; status: string };
      expect(body).toMatchObject({ content, status: 'published', name: 'Sara' });
      ids.add(body.id);
    });
    const stored = sent.filter(({ product }) => product !== 999_999);
    expect(ids.size).toBe(stored.length);
    const rows = await app.database.db
      .selectFrom('reviews')
      .select(['id', 'product_id', 'content', 'email', 'status'])
      .where('id', 'in', [...ids])
      .execute();
    expect(rows).toHaveLength(stored.length);
    for (const res of answers.filter((a) => a.statusCode === 201)) {
      const { id, content } = res.json() as { id: number; content: string };
      const row = rows.find((r) => r.id === id)!;
      const asked = sent.find((s) => s.content === content)!;
      expect(row).toMatchObject({
        product_id: asked.product,
        content,
        email: emailOf(content),
        status: 'published',
      });
    }
    // The counter, for the processes that poll, has moved (PostgreSQL: after the answers).
    let after = await counter();
    for (let i = 0; i < 40 && after === before; i += 1) {
      await sleep(50);
      after = await counter();
    }
    expect(after).toBeGreaterThan(before);
    // Shown at once on each product's list.
    for (const product of [1, 2, 3]) {
      const listed = (
        (await app.inject(`/fa/api/store/products/${product}/reviews/`)).json() as { content: string }[]
      ).map((r) => r.content);
      for (const { content } of stored.filter((s) => s.product === product))
        expect(listed, `product ${product}`).toContain(content);
    }
  });

  it('PostgreSQL: in one batch, a refused review fails alone and a stale policy writes nothing', async (context) => {
    if (store().dialect !== 'postgres') context.skip('one statement a batch is PostgreSQL’s');
    const version = await audienceVersion(app.database.db);
    const review = (content: string, changes: Partial<ReviewToPublish> = {}): ReviewToPublish => ({
      product_id: 2,
      name: 'Sara',
      email: 'sara@example.com',
      content,
      language: 'fa',
      creation_date: new Date().toISOString(),
      audienceVersion: version,
      ...changes,
    });
    // Called in one turn of the event loop: one batch. PostgreSQL refuses text with a NUL.
    const outcomes = await Promise.allSettled([
      publishReviewAtOnce(app.database, review('batched one')),
      publishReviewAtOnce(app.database, review('refused \u0000 one')),
      publishReviewAtOnce(app.database, review('stale one', { audienceVersion: `${version}0` })),
      publishReviewAtOnce(app.database, review('unpublished one', { product_id: 999_999 })),
      publishReviewAtOnce(app.database, review('batched two', { product_id: 3 })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'rejected'));
    expect(values[2]).toBeUndefined();
    expect(values[3]).toBeUndefined();
    const rows = await app.database.db
      .selectFrom('reviews')
      .select(['id', 'content', 'product_id'])
      .where('content', 'in', ['batched one', 'stale one', 'unpublished one', 'batched two'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: values[0], content: 'batched one', product_id: 2 },
      { id: values[4], content: 'batched two', product_id: 3 },
    ]);
  });
});
