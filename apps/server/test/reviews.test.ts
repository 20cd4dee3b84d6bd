import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPage, AdminReview } from '@storefront/contracts/admin';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { CatalogueCache } from '../src/modules/store/catalogue-cache.ts';
import { writeReviews } from '../src/modules/reviews/changes.ts';
import { setReviewPolicy } from '../src/modules/reviews/moderation.ts';
import { createUserWithToken, staffSession, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * A new review shows at once everywhere the storefront shows that product's reviews (its rendered
 * pages in every language and variant, the state they hydrate from, the reviews lists, on every
 * instance), and one hidden or deleted by the back office, or removed with its customer, vanishes at
 * once — without the catalogue's version moving or other products' kept answers being dropped.
 *
 * The storefront's build here is a stand-in (as in headers.test.ts): its server render asks the real
 * API for the product's reviews through the fetch the server gives it, as apps/web's does, and counts
 * its renders by page, which shows which rendered pages were kept.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-reviews-dist-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(dist, '.ssr'));
fs.writeFileSync(
  path.join(dist, '.ssr', 'entry-server.js'),
  `export async function render({ url, language, fetch }) {
  const { pathname } = new URL(url);
  const renders = (globalThis.reviewTestRenders ??= new Map());
  renders.set(pathname, (renders.get(pathname) ?? 0) + 1);
  const product = /^\\/app\\/product\\/(\\d+)$/.exec(pathname);
  let html = '<main>page</main>';
  let state = {};
  if (product) {
    const reviews = await (await fetch('/' + language + '/api/store/products/' + product[1] + '/reviews/')).json();
    html = '<ul class="reviews">' + reviews.map((r) => '<li>' + r.content + '</li>').join('') + '</ul>';
    state = { reviews };
  }
  return {
    kind: 'page',
    status: 200,
    html,
    state: '<script type="application/json" id="storefront-state">' + JSON.stringify(state).replace(/</g, '\\\\u003c') + '</script>',
  };
}
`,
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** Renders of a page by the stand-in build, in this process (both instances share the module). */
const renders = (pathname: string) =>
  (globalThis as { reviewTestRenders?: Map<string, number> }).reviewTestRenders?.get(pathname) ?? 0;

/** The reviews a page's state block holds. */
const stateOf = (html: string) => {
  const json = /<script type="application\/json" id="storefront-state">(.*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? '{}') as { reviews?: { content: string }[] }).reviews?.map((r) => r.content);
};

const PASSWORD = 'a long enough password';

describeEachDatabase(
  'a product’s reviews on its pages and lists',
  (store) => {
    let app: FastifyInstance;
    let other: FastifyInstance;
    let sales: { cookie: string; csrf: string };
    withFixtureApp(store, (built) => (app = built));
    beforeAll(async () => {
      // A second instance on the same database (PostgreSQL: it hears NOTIFY; SQLite: it polls).
      other = await buildApp(store().config);
      for (let i = 0; i < 100 && store().dialect === 'postgres' && !other.catalogueCache.pushed; i += 1)
        await sleep(50);
      await app.staff.create({
        email: 'sales@example.com',
        name: 'Sales',
        passwordHash: await hashPassword(PASSWORD),
        role: 'sales',
      });
      const signed = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'sales@example.com', password: PASSWORD },
      });
      sales = staffSession(signed);
    });
    afterAll(async () => {
      await other?.close();
    });
    const backOffice = (options: InjectOptions) =>
      app.inject({ ...options, headers: { cookie: sales.cookie, 'x-csrf-token': sales.csrf } });

    const review = (lang: 'fa' | 'en', product: number, content: string, email = 'sara@example.com') =>
      app.inject({
        method: 'POST',
        url: `/${lang}/api/store/products/${product}/reviews/`,
        payload: { name: 'Sara', email, content },
      });
    /** Everything that shows product `id`'s reviews, on one instance: what each holds. */
    const everywhere = async (on: FastifyInstance, id: number) => {
      const shown: Record<string, string[]> = {};
      for (const url of [`/app/product/${id}?lng=fa`, `/app/product/${id}?lng=en`, `/app/product/${id}`]) {
        for (const headers of [{}, { 'accept-encoding': 'br' }]) {
          const res = await on.inject({ url, headers });
          expect(res.statusCode, url).toBe(200);
          const html =
            res.headers['content-encoding'] === 'br'
              ? brotliDecompressSync(res.rawPayload).toString()
              : res.body;
          const listed = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!);
          expect(stateOf(html), `${url}: the state the browser hydrates from`).toEqual(listed);
          shown[`${url} ${JSON.stringify(headers)}`] = listed;
        }
      }
      for (const url of [
        `/fa/api/store/products/${id}/reviews/`,
        `/en/api/store/products/${id}/reviews/`,
        `/fa/api/store/products/${id}/reviews/?limit=5`,
      ]) {
        const res = await on.inject(url);
        expect(res.statusCode, url).toBe(200);
        const body = res.json() as { content: string }[] | { results: { content: string }[] };
        shown[url] = (Array.isArray(body) ? body : body.results).map((r) => r.content);
      }
      return shown;
    };
    const allShow = (shown: Record<string, string[]>, content: string) =>
      Object.entries(shown)
        .filter(([, list]) => !list.includes(content))
        .map(([where]) => where);
    const noneShow = (shown: Record<string, string[]>, content: string) =>
      Object.entries(shown)
        .filter(([, list]) => list.includes(content))
        .map(([where]) => where);

    it('a published review shows at once on its product’s pages (fa, en, every variant) and lists; nothing else is dropped', async () => {
      // Everything kept: product 1's and product 2's pages and lists, and another kept answer (an
      // answer of the API is kept from its second request: CatalogueCache.admits).
      for (let round = 0; round < 2; round += 1) {
        await everywhere(app, 1);
        await everywhere(app, 2);
        await app.inject('/fa/api/store/products/2/');
      }
      const version = await app.catalogueCache.version();
      const pageOf2 = renders('/app/product/2');
      const readReviews = vi.spyOn(app.storeRepository, 'listReviews');
      const readProduct = vi.spyOn(app.storeRepository, 'productView');
      const readRows = vi.spyOn(app.storeRepository, 'readReviews');
      try {
        // Kept: asked again, nothing is read or rendered.
        await everywhere(app, 1);
        expect(readReviews).not.toHaveBeenCalled();

        expect((await review('fa', 1, 'پسته‌ها عالی بودند')).json()).toMatchObject({ status: 'published' });
        expect((await review('en', 1, 'Great pistachios')).json()).toMatchObject({ status: 'published' });
        readRows.mockClear();
        const shown = await everywhere(app, 1);
        // Its kept reviews took them in front: not read again, for either language, page or list.
        expect(readRows).not.toHaveBeenCalled();
        expect(allShow(shown, 'پسته‌ها عالی بودند')).toEqual([]);
        expect(allShow(shown, 'Great pistachios')).toEqual([]);

        // Reviews are not the catalogue: its version stays, product 2's page and list and the
        // product answers are still the kept ones.
        readReviews.mockClear();
        expect(await app.catalogueCache.version()).toBe(version);
        await everywhere(app, 2);
        await app.inject('/fa/api/store/products/2/');
        expect(renders('/app/product/2')).toBe(pageOf2);
        expect(readReviews).not.toHaveBeenCalled();
        expect(readProduct).not.toHaveBeenCalled();
      } finally {
        readReviews.mockRestore();
        readProduct.mockRestore();
        readRows.mockRestore();
      }
    });

    it('the other instance shows it at once too, and its catalogue version stays', async () => {
      await everywhere(other, 1);
      const version = await other.catalogueCache.version();
      expect((await review('en', 1, 'Seen everywhere')).statusCode).toBe(201);
      // PostgreSQL: announced at commit (NOTIFY); SQLite: the counter, polled each second.
      let missing = allShow(await everywhere(other, 1), 'Seen everywhere');
      for (let i = 0; i < 40 && missing.length > 0; i += 1) {
        await sleep(100);
        missing = allShow(await everywhere(other, 1), 'Seen everywhere');
      }
      expect(missing).toEqual([]);
      expect(await other.catalogueCache.version()).toBe(version);
    });

    it('hidden, published again and deleted by the back office: gone and back at once, nothing else dropped', async () => {
      expect((await review('fa', 1, 'بعدا پنهان می‌شود')).statusCode).toBe(201);
      await everywhere(app, 1);
      await everywhere(app, 2);
      const version = await app.catalogueCache.version();
      const pageOf2 = renders('/app/product/2');
      const queue = (
        await backOffice({ method: 'GET', url: '/admin/api/reviews?product=1' })
      ).json() as AdminPage<AdminReview>;
      const id = queue.results.find((r) => r.content === 'بعدا پنهان می‌شود')!.id;

      const hide = await backOffice({
        method: 'PATCH',
        url: `/admin/api/reviews/${id}`,
        payload: { status: 'hidden' },
      });
      expect(hide.json()).toMatchObject({ status: 'hidden' });
      const readRows = vi.spyOn(app.storeRepository, 'readReviews');
      expect(noneShow(await everywhere(app, 1), 'بعدا پنهان می‌شود')).toEqual([]);
      // Read again once, for both languages, the pages and every list (JsonItems).
      expect(readRows).toHaveBeenCalledTimes(1);
      readRows.mockRestore();
      let gone = noneShow(await everywhere(other, 1), 'بعدا پنهان می‌شود');
      for (let i = 0; i < 40 && gone.length > 0; i += 1) {
        await sleep(100);
        gone = noneShow(await everywhere(other, 1), 'بعدا پنهان می‌شود');
      }
      expect(gone).toEqual([]);

      await backOffice({
        method: 'PATCH',
        url: `/admin/api/reviews/${id}`,
        payload: { status: 'published' },
      });
      expect(allShow(await everywhere(app, 1), 'بعدا پنهان می‌شود')).toEqual([]);

      expect((await backOffice({ method: 'DELETE', url: `/admin/api/reviews/${id}` })).statusCode).toBe(204);
      expect(noneShow(await everywhere(app, 1), 'بعدا پنهان می‌شود')).toEqual([]);

      expect(await app.catalogueCache.version()).toBe(version);
      await everywhere(app, 2);
      expect(renders('/app/product/2')).toBe(pageOf2);
    });

    it('a review published at once goes in front of its product’s kept list, which is not read again', async () => {
      const list = async (url: string) => {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        return res;
      };
      /** The list as a read of the database writes it now. */
      const fresh = async () => {
        const { items } = await app.storeRepository.readReviews(3, '-creation_date');
        return `[${items.slice(0, items.count).toString()}]`;
      };
      for (let round = 0; round < 2; round += 1) {
        await list('/fa/api/store/products/3/reviews/');
        await list('/en/api/store/products/3/reviews/?limit=2');
      }
      const before = (await list('/en/api/store/products/3/reviews/?limit=2')).json() as { count: number };
      const readRows = vi.spyOn(app.storeRepository, 'readReviews');
      try {
        for (const [lang, content] of [
          ['fa', 'اولین نظر پشت سر هم'],
          ['en', 'Second in a row'],
        ] as const) {
          expect((await review(lang, 3, content)).statusCode).toBe(201);
          const all = await list('/fa/api/store/products/3/reviews/');
          expect((all.json() as { content: string }[])[0]!.content).toBe(content);
          const page = (await list('/en/api/store/products/3/reviews/?limit=2')).json() as {
            count: number;
            results: { content: string }[];
          };
          expect(page.results[0]!.content).toBe(content);
          expect(readRows, 'the kept list took the review in front').not.toHaveBeenCalled();
          readRows.mockRestore();
          expect(all.body).toBe(await fresh());
          readRows.mockClear();
        }
        expect(
          ((await list('/en/api/store/products/3/reviews/?limit=2')).json() as { count: number }).count,
        ).toBe(before.count + 2);
        // PostgreSQL: this process's own NOTIFY, heard after the commit, does not drop the list.
        await sleep(300);
        const spy = vi.spyOn(app.storeRepository, 'readReviews');
        await list('/fa/api/store/products/3/reviews/');
        expect(spy).not.toHaveBeenCalled();
        spy.mockRestore();
      } finally {
        readRows.mockRestore();
      }
    });

    it('a held review shows nowhere, and drops nothing; a deleted customer’s reviews vanish at once', async () => {
      // Held for the store's check: shown nowhere, and the kept page of its product stays.
      await everywhere(app, 3);
      const pageOf3 = renders('/app/product/3');
      await setReviewPolicy(app.database.db, 'hold');
      try {
        expect((await review('en', 3, 'Waiting for a check')).json()).toMatchObject({ status: 'held' });
      } finally {
        await setReviewPolicy(app.database.db, 'publish');
      }
      expect(noneShow(await everywhere(app, 3), 'Waiting for a check')).toEqual([]);
      expect(renders('/app/product/3')).toBe(pageOf3);

      const user = await createUserWithToken(app, '09351234567', 'nima@example.com');
      expect((await review('fa', 3, 'نظر نیما', 'Nima@Example.com')).statusCode).toBe(201);
      expect(allShow(await everywhere(app, 3), 'نظر نیما')).toEqual([]);
      const version = await app.catalogueCache.version();
      const removed = await backOffice({ method: 'DELETE', url: `/admin/api/customers/${user.id}` });
      expect(removed.json()).toMatchObject({ reviews: 1 });
      expect(noneShow(await everywhere(app, 3), 'نظر نیما')).toEqual([]);
      expect(await app.catalogueCache.version()).toBe(version);
    });

    it('a review written by another process on the same database is seen within a second', async () => {
      await everywhere(app, 2);
      const elsewhere = openDatabase(store().config);
      try {
        await writeReviews(elsewhere, async (trx, shown) => {
          await trx
            .insertInto('reviews')
            .values({
              product_id: 2,
              name: 'Elsewhere',
              email: 'elsewhere@example.com',
              content: 'Written by another process',
              language: 'en',
              creation_date: new Date().toISOString(),
              status: 'published',
            })
            .execute();
          shown([2]);
        });
      } finally {
        await elsewhere.destroy();
      }
      let missing = allShow(await everywhere(app, 2), 'Written by another process');
      for (let i = 0; i < 40 && missing.length > 0; i += 1) {
        await sleep(100);
        missing = allShow(await everywhere(app, 2), 'Written by another process');
      }
      expect(missing).toEqual([]);
    });
  },
  { webDistDir: dist },
);

describe('CatalogueCache: products’ reviews stamps and the polled reviews counter', () => {
  it('moves the named products’ stamps only; a counter this process wrote is not taken for another’s', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reviews-stamps-'));
    const database = openDatabase({ dataDir });
    const elsewhere = openDatabase({ dataDir });
    try {
      await sql`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(database.db);
      // Polled on every read (as a process whose changes are not pushed, after its second).
      const cache = new CatalogueCache(database.db, { responseBytes: 1 << 20, ttlMs: 0 });
      database.catalogueWrites.on('reviews', (ids, counter) => cache.reviewsChanged(ids, counter));
      const version = await cache.version();
      const [one, two] = [cache.withReviews(version, 1), cache.withReviews(version, 2)];

      await writeReviews(database, async (_trx, shown) => shown([1]));
      expect(await cache.version()).toBe(version);
      expect(cache.withReviews(version, 1)).not.toBe(one);
      expect(cache.withReviews(version, 2)).toBe(two);

      // Another process's change does not say whose reviews: every product's stamp moves, the
      // catalogue's version stays.
      const oneAfter = cache.withReviews(version, 1);
      await writeReviews(elsewhere, async (_trx, shown) => shown([3]));
      expect(await cache.version()).toBe(version);
      expect(cache.withReviews(version, 2)).not.toBe(two);
      expect(cache.withReviews(version, 1)).not.toBe(oneAfter);

      // Nothing shown changed (a held review): nothing moves.
      const kept = cache.withReviews(version, 2);
      await writeReviews(database, async () => undefined);
      await cache.version();
      expect(cache.withReviews(version, 2)).toBe(kept);
    } finally {
      await elsewhere.destroy();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
