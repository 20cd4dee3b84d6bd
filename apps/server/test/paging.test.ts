import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { industrySchema, pageSchema, productSchema, subcollectionSchema } from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerFor } from '../src/lib/plugins/serializer.ts';
import { mediaUrlFor } from '../src/lib/translate.ts';
import { DEEP_PAGE } from '../src/modules/store/repository.ts';
import { STREAM_FROM } from '../src/modules/store/routes.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogue } from '../src/modules/catalogue/import.ts';
import type { Catalogue } from '../src/modules/catalogue/format.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

// More than twice DEEP_PAGE, so that deep pages are slices of the kept ids.
const PRODUCTS = 2500;

/**
 * Pages of products, in every order and at offsets over the whole store, are exactly the rows a
 * plain `ORDER BY … LIMIT … OFFSET` gives, and `count` is the number of matches — including after
 * the catalogue changes (counts are kept per catalogue version).
 */
describeEachDatabase('paging products', (store) => {
  let app: FastifyInstance;
  let dir = '';
  let catalogue: Catalogue;
  withFixtureApp(store, (built) => (app = built));
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-paging-'));
    const file = await writeGeneratedStore(dir, { products: PRODUCTS, seed: 7 });
    catalogue = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Catalogue;
    // Some unpublished products, which no page may show.
    for (const p of catalogue.products) if (p.id % 13 === 0) p.published = false;
    await importCatalogue(app.database, catalogue, dir, path.join(store().config.dataDir, 'media'));
  });

  /** The ids a plain query gives: every published product matching `where`, ordered, paged. */
  async function expected(ordering: string, offset: number, limit: number, where = sql`1 = 1`) {
    const direction = ordering.startsWith('-') ? sql`DESC` : sql`ASC`;
    const order = ordering.endsWith('creation_date')
      ? sql`creation_date ${direction}, id ${direction}`
      : sql`id ${direction}`;
    const rows = await sql<{ id: number }>`SELECT id FROM products WHERE published = 1 AND ${where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(app.database.db);
    const total = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM products WHERE published = 1 AND ${where}`.execute(app.database.db);
    return { ids: rows.rows.map((r) => Number(r.id)), count: Number(total.rows[0]!.n) };
  }
  async function page(query: string) {
    const res = await app.inject(`/en/api/store/products/?${query}`);
    expect(res.statusCode, query).toBe(200);
    const body = pageSchema(productSchema).parse(res.json());
    return { ids: body.results.map((p) => p.id), count: body.count };
  }

  it('every order, offsets over the whole store: the same rows and count as a plain query', async () => {
    const published = catalogue.products.filter((p) => p.published !== false).length;
    for (const ordering of ['id', '-id', 'creation_date', '-creation_date']) {
      for (const offset of [
        0,
        1,
        23,
        24,
        100,
        DEEP_PAGE - 1,
        DEEP_PAGE,
        DEEP_PAGE + 1,
        2 * DEEP_PAGE - 10,
        2 * DEEP_PAGE,
        published - 30,
        published - 24,
        published - 1,
        published,
        published + 50,
      ]) {
        const got = await page(`limit=24&offset=${offset}&ordering=${ordering}`);
        expect(got, `${ordering} @${offset}`).toEqual(await expected(ordering, offset, 24));
      }
    }
    expect((await page('limit=5')).count).toBe(published);
  });

  it('filters and search page the same way', async () => {
    const recommended = sql`recommend = 1`;
    for (const offset of [0, 24, 60, DEEP_PAGE - 5, DEEP_PAGE + 5]) {
      expect(await page(`recommend=true&limit=24&offset=${offset}`)).toEqual(
        await expected('id', offset, 24, recommended),
      );
      expect(await page(`recommend=true&limit=24&offset=${offset}&ordering=-creation_date`)).toEqual(
        await expected('-creation_date', offset, 24, recommended),
      );
    }
    // A search: every page together is every match, once, in order.
    for (const ordering of ['id', '-id', '-creation_date']) {
      const first = await page(`search=pistachio&limit=10&ordering=${ordering}`);
      const all: number[] = [];
      for (let offset = 0; offset < first.count; offset += 10) {
        const got = await page(`search=pistachio&limit=10&offset=${offset}&ordering=${ordering}`);
        expect(got.count).toBe(first.count);
        all.push(...got.ids);
      }
      expect(all).toHaveLength(first.count);
      expect(new Set(all).size).toBe(first.count);
      const unpaged = (
        await app.inject(`/en/api/store/products/?search=pistachio&ordering=${ordering}`)
      ).json() as {
        id: number;
      }[];
      expect(all).toEqual(unpaged.map((p) => p.id));
      expect(all.some((id) => id % 13 === 0)).toBe(false);
    }
  });

  it('a long unpaginated list is streamed, byte for byte what the unstreamed answer would be', async () => {
    const writeList = serializerFor(z.array(productSchema));
    for (const [query, filters] of [
      ['', {}],
      ['?ordering=-creation_date', { ordering: '-creation_date' as const }],
      ['?search=pistachio', { search: 'pistachio' }],
      ['?recommend=True/', { recommend: true }],
    ] as const) {
      const res = await app.inject(`/en/api/store/products/${query}`);
      expect(res.statusCode, query).toBe(200);
      const count = await app.storeRepository.countProducts(filters);
      // Streamed answers are sent in chunks, without a length.
      expect(res.headers['transfer-encoding'], query).toBe(count > STREAM_FROM ? 'chunked' : undefined);
      const { items } = await app.storeRepository.listProducts(
        filters,
        { paged: false, ordering: 'ordering' in filters ? filters.ordering : undefined },
        { lang: 'en', fallback: 'fa', media: mediaUrlFor('http://localhost:80'), showPhone: false },
      );
      expect(res.body, query).toBe(writeList(items));
      expect(items.length, query).toBe(count);
    }
    expect(await app.storeRepository.countProducts({})).toBeGreaterThan(STREAM_FROM);
  });

  /**
   * Each search of a list whose items carry their products: streamed past STREAM_FROM products (the
   * whole list), built whole below it, and byte for byte what the unstreamed answer would be.
   */
  async function expectStreamedAsWhole<T>(list: {
    url: (search: string | undefined) => string;
    searches: (string | undefined)[];
    total: (search: string | undefined) => Promise<number>;
    items: (search: string | undefined) => Promise<T[]>;
    write: (items: T[]) => string;
    products: (item: T) => unknown[];
  }) {
    for (const search of list.searches) {
      const url = list.url(search);
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const total = await list.total(search);
      // Streamed past STREAM_FROM products (all of them), built whole below it (one item).
      expect(res.headers['transfer-encoding'], url).toBe(total > STREAM_FROM ? 'chunked' : undefined);
      if (search === undefined) expect(total).toBeGreaterThan(STREAM_FROM);
      const items = await list.items(search);
      expect(res.body, url).toBe(list.write(items));
      expect(items.flatMap(list.products)).toHaveLength(total);
    }
  }
  const searchOf = (search: string | undefined) => (search ? `?search=${encodeURIComponent(search)}` : '');

  it('industries with their products are streamed, byte for byte what the unstreamed answer would be', async () => {
    const ctx = { lang: 'fa', fallback: 'fa', media: mediaUrlFor('http://localhost:80'), showPhone: false };
    const industries = async (search?: string) =>
      (await app.storeRepository.listIndustries({ search }, { paged: false }, ctx)).items;
    await expectStreamedAsWhole({
      url: (search) => `/fa/api/store/industries/${searchOf(search)}`,
      searches: [undefined, (await industries())[0]!.title],
      total: (search) => app.storeRepository.countIndustryProducts(search),
      items: industries,
      write: serializerFor(z.array(industrySchema)),
      products: (industry) => industry.industry_products,
    });
  });

  it('subcollections with their products are streamed, byte for byte what the unstreamed answer would be', async () => {
    const ctx = { lang: 'en', fallback: 'fa', media: mediaUrlFor('http://localhost:80'), showPhone: false };
    const subcollections = async (search?: string) =>
      (await app.storeRepository.listSubcollections({ search }, { paged: false }, ctx)).items;
    const [first] = await subcollections();
    await expectStreamedAsWhole({
      url: (search) => `/en/api/store/subcollections/${searchOf(search)}`,
      searches: [undefined, first!.title, first!.collection.title, 'nothing-matches-this'],
      total: (search) => app.storeRepository.countSubcollectionProducts(search),
      items: subcollections,
      write: serializerFor(z.array(subcollectionSchema)),
      products: (subcollection) => subcollection.products,
    });
  });

  it('a client that goes away mid-stream stops it; the server goes on', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/en/api/store/products/' }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.length);
        });
      });
      req.on('error', (error) =>
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
      );
    });
    expect(received).toBeGreaterThan(0);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const whole = await fetch(`http://127.0.0.1:${port}/en/api/store/products/`);
    expect(((await whole.json()) as unknown[]).length).toBe(await app.storeRepository.countProducts({}));
  });

  it('a client that reads slowly holds the stream back (backpressure): reading stops until it reads again', async () => {
    // Over a Unix socket, whose buffers (a few hundred KB) are far smaller than the list (about 3 MB);
    // loopback TCP's would hold all of it.
    const socketPath = path.join(os.tmpdir(), `paging-${process.pid}-${store().dialect}.sock`);
    fs.rmSync(socketPath, { force: true });
    const server = http.createServer((req, res) => app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    const repo = app.storeRepository;
    const original = repo.productJson.bind(repo);
    let batches = 0;
    repo.productJson = async (ids, ctx) => {
      batches++;
      return original(ids, ctx);
    };
    try {
      const total = Math.ceil((await repo.countProducts({})) / 32);
      const body = await new Promise<number>((resolve, reject) => {
        const req = http.get({ socketPath, path: '/fa/api/store/products/' }, (res) => {
          res.pause();
          void (async () => {
            await new Promise((r) => setTimeout(r, 300));
            const early = batches;
            await new Promise((r) => setTimeout(r, 300));
            // Nothing was read while the client read nothing, and far from everything was.
            expect(batches).toBe(early);
            expect(batches).toBeLessThan(total / 2);
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve(bytes));
            res.resume();
          })().catch(reject);
        });
        req.on('error', reject);
      });
      expect(body).toBeGreaterThan(2_000_000);
      expect(batches).toBeGreaterThanOrEqual(total);
    } finally {
      repo.productJson = original;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts follow a catalogue change at once', async () => {
    const before = await page('limit=1');
    const changed = structuredClone(catalogue);
    changed.products = changed.products.slice(0, 100);
    const kept = new Set(changed.products.map((p) => p.id));
    changed.reviews = changed.reviews.filter((r) => kept.has(r.product));
    await importCatalogue(app.database, changed, dir, path.join(store().config.dataDir, 'media'));
    const after = await page('limit=24&offset=24&ordering=-id');
    expect(after).toEqual(await expected('-id', 24, 24));
    expect(after.count).toBeLessThan(before.count);
    const search = await page('search=pistachio&limit=5');
    expect(search.count).toBe(
      ((await app.inject('/en/api/store/products/?search=pistachio')).json() as unknown[]).length,
    );
  });
});
