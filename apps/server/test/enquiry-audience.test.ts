import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * What a new enquiry's notices and a review's policy are written from (staff, webhooks, the store
 * identity, the review policy) is kept per process and read again when migration 0020's
 * `audience_version` moves. The changes here are made with plain SQL, as another process, a script
 * or any module would make them: the triggers move the version, and the next request sees them.
 */
describeEachDatabase('the enquiry audience kept per process (outbox/notify.ts keptAudience)', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  let serial = 0;
  /** Posts an order request and gives back the outbox rows written with it. */
  const order = async () => {
    const { db } = app.database;
    const { rows } = await sql<{ last: number | string | null }>`SELECT MAX(id) AS last FROM outbox`.execute(
      db,
    );
    const last = Number(rows[0]?.last ?? 0);
    serial += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/en/api/store/products/1/orders/',
      payload: { phone: '09121234567', email: `audience${serial}@example.com`, description: 'Ten cartons' },
    });
    expect(res.statusCode).toBe(201);
    const enquiry = res.json<{ id: number }>().id;
    const written = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'recipient', 'payload', 'webhook_id'])
      .where('id', '>', last)
      .orderBy('id')
      .execute();
    return { enquiry, rows: written };
  };

  it('sees staff, webhooks and the store name changed behind its back at the next order', async () => {
    const { db } = app.database;
    const first = await order();
    expect(first.rows.map((r) => r.kind)).toEqual(['email']); // the visitor's confirmation only

    const hook = await db
      .insertInto('webhooks')
      .values({
        url: 'http://127.0.0.1:9/hook',
        secret: 's',
        active: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withHook = await order();
    const posted = withHook.rows.find((r) => r.kind === 'webhook');
    expect(posted).toMatchObject({ webhook_id: hook.id, recipient: 'http://127.0.0.1:9/hook' });
    // Its body names its own row as the delivery, and the enquiry it tells of.
    expect(JSON.parse(posted!.payload)).toMatchObject({
      event: 'enquiry.created',
      delivery: posted!.id,
      enquiry: { id: withHook.enquiry, reference: `E-${String(withHook.enquiry).padStart(6, '0')}` },
    });

    await db.updateTable('webhooks').set({ active: 0 }).execute();
    await db
      .insertInto('staff')
      .values({
        email: 'sales@example.com',
        name: 'sales',
        password_hash: 'not-a-real-hash',
        role: 'sales',
        created_at: new Date().toISOString(),
        notify_enquiries: 1,
      })
      .execute();
    const withStaff = await order();
    expect(withStaff.rows.map((r) => [r.kind, r.recipient])).toEqual([
      ['email', 'sales@example.com'],
      ['email', `audience${serial}@example.com`],
    ]);

    await db.updateTable('staff').set({ is_active: 0 }).where('email', '=', 'sales@example.com').execute();
    await db
      .insertInto('meta')
      .values({ key: 'store', value: JSON.stringify({ name: { en: 'Saffron House', fa: 'خانه زعفران' } }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
      .execute();
    const renamed = await order();
    expect(renamed.rows.map((r) => r.recipient)).toEqual([`audience${serial}@example.com`]);
    expect(renamed.rows[0]!.payload).toContain('Saffron House');
  });

  it('a review follows the review policy changed behind its back, and is refused for an unknown product', async () => {
    const { db } = app.database;
    const review = (product = 1) =>
      app.inject({
        method: 'POST',
        url: `/fa/api/store/products/${product}/reviews/`,
        payload: { name: 'Sara', email: 'sara@example.com', content: 'Good' },
      });
    await order(); // the audience is kept (on PostgreSQL a published review is then written at once)
    // On PostgreSQL the other instances hear of it (NOTIFY, sent once it is committed).
    const listener = store().dialect === 'postgres' ? new pg.Client(store().config.databaseUrl) : undefined;
    const heard: string[] = [];
    if (listener) {
      await listener.connect();
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN storefront_reviews');
    }
    expect((await review()).json()).toMatchObject({ status: 'published' });
    if (listener) {
      for (let i = 0; i < 50 && heard.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      await listener.end();
      expect(heard).toEqual(['1']);
    }
    expect((await review(999_999)).statusCode).toBe(404);

    const setPolicy = (value: string) =>
      db
        .insertInto('meta')
        .values({ key: 'reviews_moderation', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    await setPolicy('hold');
    expect((await review()).json()).toMatchObject({ status: 'held' });
    expect((await review()).json()).toMatchObject({ status: 'held' });
    await setPolicy('publish');
    const published = await review();
    expect(published.json()).toMatchObject({ status: 'published' });
    const stored = await db
      .selectFrom('reviews')
      .select(['status', 'product_id'])
      .where('id', '=', published.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'published', product_id: 1 });
    // And the storefront lists it at once (its product's reviews list was dropped from the cache).
    const listed = await app.inject('/fa/api/store/products/1/reviews/');
    expect(listed.json<{ id: number }[]>().map((r) => r.id)).toContain(published.json<{ id: number }>().id);
  });
});
