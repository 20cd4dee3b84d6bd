import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importCatalogue, importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { writeCatalogue as writeEntities } from '../src/modules/catalogue/writes.ts';
import { createTestStore } from './support/databases.ts';
import { hasRedis, startRedis } from './support/services.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';
import { limitsPerMinute } from './support/rate-limits.ts';

const pgAdminUrl = inject('pgAdminUrl');

/** What `read` gives once it includes `text`, or after 3 s what it gives then. */
async function within3s<T extends string | string[]>(read: () => Promise<T>, text: string): Promise<T> {
  const since = performance.now();
  let seen = await read();
  while (!seen.includes(text) && performance.now() - since < 3000) {
    await sleep(10);
    seen = await read();
  }
  return seen;
}

/**
 * Two instances of the server on one PostgreSQL and one Redis behave as one: a catalogue change
 * through one is read through the other at once, and they count their limits together; when Redis
 * stops, each counts on its own, says so in its log, and never answers 500.
 */
describe.skipIf(!pgAdminUrl || !hasRedis())('two instances on one PostgreSQL and one Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let store: Awaited<ReturnType<typeof createTestStore>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    redis = await startRedis();
    store = await createTestStore('postgres', {
      redisUrl: redis.url,
      rateLimits: limitsPerMinute(50, { login: 4, login_user: 2, order: 3 }),
    });
    a = await buildApp(store.config);
    await importCatalogueFile(a.database, writeCatalogue(), path.join(store.config.dataDir, 'media'));
    b = await buildApp(store.config);
    for (let i = 0; i < 100 && !(a.loginThrottle && (await redisReady(a)) && (await redisReady(b))); i += 1)
      await sleep(50);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.cleanup();
    await redis?.stop();
  });
  const redisReady = async (app: FastifyInstance) => {
    const res = await app.inject('/healthz');
    return res.statusCode === 200;
  };
  const login = (app: FastifyInstance, ip: string, username: string) =>
    app.inject({
      method: 'POST',
      url: '/fa/api/auth/jwt/create/',
      payload: { username, password: 'wrong-pass-1' },
      remoteAddress: ip,
    });
  const order = (app: FastifyInstance, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/fa/api/store/products/-1/orders/',
      payload: { phone: '09121234567' },
      remoteAddress: ip,
    });

  it('a catalogue change through one instance is read through the other at once (LISTEN/NOTIFY)', async () => {
    const title = async () =>
      ((await b.inject('/en/api/store/products/3/')).json() as { title: string }).title;
    const before = await title();
    await title(); // b's version was just read: polling alone would not see a change for a second.
    const changed = fixtureCatalogue();
    changed.products[2]!.title = { fa: 'مشاوره گمرکی', en: 'Customs brokerage, changed' };
    const started = performance.now();
    await importCatalogue(
      a.database,
      changed,
      path.dirname(writeCatalogue()),
      path.join(store.config.dataDir, 'media'),
    );
    let now = before;
    while (now === before && performance.now() - started < 3000) {
      await sleep(10);
      now = await title();
    }
    // Seen through the notification: while it listens, an instance never polls its version again
    // (it would not see a change that was not announced).
    expect(now).toBe('Customs brokerage, changed');
    expect(a.catalogueCache.pushed && b.catalogueCache.pushed).toBe(true);

    // One entity written through the write module on one instance: the other serves it at once.
    const tagged = async () => JSON.stringify((await b.inject('/en/api/store/products/1/')).json());
    expect(await tagged()).not.toContain('Renamed on a');
    await writeEntities(a.database, (w) =>
      w.update('tag', { id: 2, title: { fa: 'تغییر', en: 'Renamed on a' } }),
    );
    expect(await within3s(tagged, 'Renamed on a')).toContain('Renamed on a');
  });

  it('a review posted on one instance is listed by the other at once, its catalogue version unchanged (NOTIFY)', async () => {
    const listed = async () =>
      ((await b.inject('/fa/api/store/products/1/reviews/')).json() as { content: string }[]).map(
        (r) => r.content,
      );
    await listed(); // kept by b for its catalogue version and product 1's reviews
    expect(await listed()).not.toContain('Posted on a');
    const version = await b.catalogueCache.version();
    const posted = await a.inject({
      method: 'POST',
      url: '/fa/api/store/products/1/reviews/',
      payload: { name: 'Sara', email: 'sara@example.com', content: 'Posted on a' },
    });
    expect(posted.json()).toMatchObject({ status: 'published' });
    expect(await within3s(listed, 'Posted on a')).toContain('Posted on a');
    // Announced for that product only: b's catalogue version is the one it had.
    expect(await b.catalogueCache.version()).toBe(version);
    expect(b.catalogueCache.pushed).toBe(true);
  });

  it('a customer disabled through one instance has its tokens refused by the other at once', async () => {
    const { Customers } = await import('../src/modules/admin/customers.ts');
    const { createUserWithToken } = await import('./support/app.ts');
    const user = await createUserWithToken(a, '09350000001');
    const like = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/fa/api/store/products/1/likes/',
        headers: { authorization: `Bearer ${user.access}` },
      });
    // b has read (and cached for 5 s) that the user is active.
    expect((await like(b)).statusCode).toBe(201);
    await new Customers(a.database, a.users, 'fa').setActive(user.id, false);
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i += 1) {
      status = (await like(b)).statusCode;
      if (status !== 401) await sleep(25);
    }
    expect(status).toBe(401);
  });

  it('count limits together: per address, and failed sign-ins per address and account', async () => {
    await sleep(300);
    // Orders: 3 per address, sent through both instances.
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await order(app, '10.1.0.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Failed sign-ins on one account from one address: 2, whichever instance answers.
    expect((await login(a, '10.1.0.2', '09120000001')).statusCode).toBe(401);
    expect((await login(b, '10.1.0.2', '+989120000001')).statusCode).toBe(401);
    const third = await login(a, '10.1.0.2', '۰۹۱۲۰۰۰۰۰۰۱');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'throttled' });
  });

  it('without Redis each instance counts on its own, says so, and never answers 500', async () => {
    const warn = vi.spyOn(a.log, 'warn');
    await redis.stop();
    await sleep(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await order(a, '10.2.0.1')).statusCode);
    // a's own count: 3 allowed, then 429 — limited, not open, and no 5xx.
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await order(b, '10.2.0.1')).statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1)
      expect((await login(a, '10.2.0.2', '09120000002')).statusCode).toBeLessThan(500);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: expect.any(String) }),
      expect.stringMatching(/Redis is unavailable/),
    );
  });
});
