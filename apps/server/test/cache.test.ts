import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import { importCatalogue } from '../src/modules/catalogue/import.ts';
import { CatalogueCache } from '../src/modules/store/catalogue-cache.ts';
import { JsonItems } from '../src/modules/store/json-items.ts';
import { comesFirst } from '../src/modules/store/review-json.ts';
import { createUserWithToken, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

describe('CatalogueCache: serialised answers', () => {
  const database = openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cache-')) });
  const ResponseCache = class {
    readonly cache: CatalogueCache;
    constructor(bytes: number) {
      this.cache = new CatalogueCache(database.db, { responseBytes: bytes });
    }
    get enabled() {
      return this.cache.responsesEnabled;
    }
    get(key: string, version: string) {
      return this.cache.response(key, version);
    }
    set(key: string, version: string, body: Buffer) {
      this.cache.keepResponse(key, version, body);
    }
  };
  it('answers only for the version it was filled in', () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.set('a', 'v1', Buffer.from('[1]'));
    expect(cache.get('a', 'v1')?.toString()).toBe('[1]');
    expect(cache.get('a', 'v2')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBeUndefined(); // the stale entry is gone
  });
  it('drops the least recently used entries past its size, and never keeps an oversized answer', () => {
    const cache = new ResponseCache(8 * 100);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      cache.set(key, 'v', Buffer.from('x'.repeat(100)));
    expect(cache.get('a', 'v')).toBeDefined(); // a is now the most recently used
    cache.set('i', 'v', Buffer.from('x'.repeat(100)));
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    cache.set('big', 'v', Buffer.from('x'.repeat(101)));
    expect(cache.get('big', 'v')).toBeUndefined();
    expect(new ResponseCache(0).enabled).toBe(false);
  });
  it('keeps what fits, and admits an answer on its second request while the doorkeeper remembers the first', () => {
    const { cache } = new ResponseCache(8 * 100);
    expect(cache.responseFits(100)).toBe(true);
    expect(cache.responseFits(101)).toBe(false);
    expect(new ResponseCache(0).cache.responseFits(1)).toBe(false);
    expect(cache.admits('a')).toBe(false);
    expect(cache.admits('b')).toBe(false);
    expect(cache.admits('a')).toBe(true);
    // Admitted once: a third miss (the answer dropped meanwhile) starts again.
    expect(cache.admits('a')).toBe(false);
    expect(cache.admits('b')).toBe(true);
    // The doorkeeper is bounded: past 4,096 keys asked for once, it starts again empty.
    expect(cache.admits('c')).toBe(false);
    for (let i = 0; i < 4096; i += 1) cache.admits(`page ${i}`);
    expect(cache.admits('c')).toBe(false);
    expect(cache.admits('c')).toBe(true);
  });
  it('keeps an answer that was kept at its first request for a newer version', () => {
    const { cache } = new ResponseCache(8 * 100);
    expect(cache.admits('list')).toBe(false);
    expect(cache.admits('list')).toBe(true);
    cache.keepResponse('list', 'v1', Buffer.from('[1]'));
    // Its product's reviews changed: the kept answer is stale, and the key was asked for again.
    expect(cache.response('list', 'v2')).toBeUndefined();
    expect(cache.admits('list')).toBe(true);
    cache.keepResponse('list', 'v2', Buffer.from('[2,1]'));
    // A catalogue change drops every kept answer, and they are kept again at their first request.
    cache.invalidate();
    expect(cache.response('list', 'v2')).toBeUndefined();
    expect(cache.admits('list')).toBe(true);
    // Once admitted, a key never kept again starts over.
    expect(cache.admits('list')).toBe(false);
  });
});

describe('JsonItems: a list written once, sliced for every page', () => {
  it('slices whole items, joined with commas, clamped to the list', () => {
    const items = JsonItems.of(['{"id":3,"name":"سارا"}', '{"id":2}', '{"id":1,"content":"a,b"}']);
    const text = (b: Buffer) => b.toString('utf8');
    expect(items.count).toBe(3);
    expect(text(items.slice(0, 3))).toBe('{"id":3,"name":"سارا"},{"id":2},{"id":1,"content":"a,b"}');
    expect(JSON.parse(`[${text(items.slice(0, 3))}]`)).toHaveLength(3);
    expect(text(items.slice(1, 2))).toBe('{"id":2}');
    expect(text(items.slice(1, 99))).toBe('{"id":2},{"id":1,"content":"a,b"}');
    expect(text(items.slice(0, 1))).toBe('{"id":3,"name":"سارا"}');
    expect(text(items.slice(3, 10))).toBe('');
    expect(text(items.slice(2, 1))).toBe('');
    expect(text(JsonItems.of([]).slice(0, 24))).toBe('');
  });
  it('takes items in front, with every page still whole items', () => {
    const text = (b: Buffer) => b.toString('utf8');
    const items = JsonItems.of(['{"id":2}', '{"id":1}']).prepend(['{"id":4,"name":"سارا"}', '{"id":3}']);
    expect(items.count).toBe(4);
    expect(text(items.slice(0, 4))).toBe('{"id":4,"name":"سارا"},{"id":3},{"id":2},{"id":1}');
    expect(text(items.slice(1, 3))).toBe('{"id":3},{"id":2}');
    expect(text(items.slice(3, 4))).toBe('{"id":1}');
    expect(text(JsonItems.of([]).prepend(['{"id":1}']).slice(0, 1))).toBe('{"id":1}');
  });
  it('lists made from one another keep their own items, whichever is extended', () => {
    const all = (items: JsonItems) => items.slice(0, items.count).toString('utf8');
    const a = JsonItems.of(['"a2"', '"a1"']);
    const b = a.prepend(['"b"']);
    const c = b.prepend(['"c"']); // written in place, before b's items
    const d = b.prepend(['"d"']); // b is no longer the front-most: copied, c is left alone
    const e = c.prepend(['"e1"', '"e0"']);
    expect([all(a), all(b), all(c), all(d), all(e)]).toEqual([
      '"a2","a1"',
      '"b","a2","a1"',
      '"c","b","a2","a1"',
      '"d","b","a2","a1"',
      '"e1","e0","c","b","a2","a1"',
    ]);
  });
  it('a list grown one item at a time in front pages as one written at once', () => {
    const texts: string[] = [];
    let grown = JsonItems.of([]);
    for (let i = 0; i < 500; i += 1) {
      const item = JSON.stringify({ id: i, name: i % 3 === 0 ? 'سارا' : 'x'.repeat(i % 17) });
      texts.unshift(item);
      grown = grown.prepend([item]);
    }
    const whole = JsonItems.of(texts);
    expect(grown.count).toBe(500);
    for (const [from, to] of [
      [0, 500],
      [0, 24],
      [24, 48],
      [476, 500],
      [499, 524],
      [100, 101],
    ] as const) {
      expect(grown.slice(from, to).toString('utf8'), `${from}–${to}`).toBe(
        whole.slice(from, to).toString('utf8'),
      );
      expect(grown.slice(from, to).toString('utf8')).toBe(texts.slice(from, to).join(','));
    }
    // The room made in front is bounded: about twice the items' size.
    expect(grown.byteLength).toBeLessThan(4 * Buffer.byteLength(texts.join(',')) + 8 * 1024);
  });
  it('puts a review first only when it is surely newer, as the database orders them', () => {
    const at = (creation_date: string, id: number) => ({ creation_date, id });
    expect(comesFirst(at('2026-11-27T10:00:00.001Z', 1), at('2026-11-27T10:00:00.000Z', 9))).toBe(true);
    expect(comesFirst(at('2026-11-27T10:00:00.000Z', 10), at('2026-11-27T10:00:00.000Z', 9))).toBe(true);
    expect(comesFirst(at('2026-11-27T10:00:00.000Z', 9), at('2026-11-27T10:00:00.000Z', 9))).toBe(false);
    expect(comesFirst(at('2026-11-27T09:59:59.999Z', 10), at('2026-11-27T10:00:00.000Z', 9))).toBe(false);
    // A date in another form (an import's) is not compared as text.
    expect(comesFirst(at('2026-11-27T10:00:00.000Z', 10), at('2026-11-27 09:00', 9))).toBe(false);
  });
});

describeEachDatabase('cached catalogue reads', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  const urls = [
    '/fa/api/store/products/',
    '/en/api/store/products/?limit=2&offset=1',
    '/en/api/store/products/1/',
    '/fa/api/store/products/?search=%D9%BE%D8%B3%D8%AA%D9%87',
    '/en/api/store/collections/?footer=yes',
    '/fa/api/store/subcollections/',
    '/en/api/store/industries/?search=kerman',
    '/fa/api/store/image-banners/',
    '/en/api/store/posts/',
    '/en/api/store/posts/1/',
    '/fa/api/store/about-us/',
    '/fa/api/store/products/1/reviews/',
    '/en/api/store/products/1/reviews/?limit=1&offset=1&ordering=id',
  ];

  it('answers exactly what the uncached application answers', async () => {
    const uncached = await buildApp({ ...store().config, responseCacheMegabytes: 0 });
    try {
      for (const url of urls) {
        const first = await app.inject(url);
        const second = await app.inject(url);
        const plain = await uncached.inject(url);
        expect(first.statusCode, url).toBe(200);
        expect(second.body, url).toBe(first.body);
        expect(plain.body, url).toBe(first.body);
        expect(second.headers['content-type'], url).toBe('application/json; charset=utf-8');
        // Vary: Accept-Encoding on every answer that may be compressed, kept or not, cache or none.
        expect([second.headers.vary, plain.headers.vary], url).toEqual([
          first.headers.vary,
          first.headers.vary,
        ]);
      }
      expect((await app.inject('/fa/api/store/products/999/')).statusCode).toBe(404);
      expect((await app.inject('/fa/api/store/products/999/')).statusCode).toBe(404);
    } finally {
      await uncached.close();
    }
  });

  it('keeps an answer from its second request on; one asked for once costs the cache nothing', async () => {
    const cache = app.catalogueCache;
    const url = '/en/api/store/products/?limit=2&offset=3&ordering=-id';
    const count = cache.responseCount;
    const first = await app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(cache.responseCount).toBe(count);
    const second = await app.inject(url);
    expect(second.body).toBe(first.body);
    expect(cache.responseCount).toBe(count + 1);
    const hit = await app.inject(url);
    expect(hit.body).toBe(first.body);
    expect(cache.responseCount).toBe(count + 1);
  });

  it('keeps answers for different hosts apart', async () => {
    const a = await app.inject({ url: '/fa/api/store/products/1/', headers: { host: 'a.example' } });
    const b = await app.inject({ url: '/fa/api/store/products/1/', headers: { host: 'b.example' } });
    expect(a.body).toContain('http://a.example/media/');
    expect(b.body).toContain('http://b.example/media/');
  });

  it('keeps visitors and signed-in users apart: a token must verify before its answer is used', async () => {
    const { access, refresh } = await createUserWithToken(app);
    const url = '/fa/api/store/products/1/';
    const phone = '03432221100';
    const get = async (authorization?: string) => {
      const res = await app.inject({ url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    // Each order: visitor first, then user, then visitor again (both answers cached by then).
    for (let round = 0; round < 2; round += 1) {
      expect(await get()).not.toContain(phone);
      expect(await get(`Bearer ${access}`)).toContain(phone);
      expect(await get()).not.toContain(phone);
      for (const visitor of ['Bearer null', 'Bearer undefined', 'Bearer abc.def.ghi', `Bearer ${access}x`]) {
        expect(await get(visitor), visitor).not.toContain(phone);
      }
      expect(await get(`Bearer ${access}`)).toContain(phone);
    }
    expect(await get(`Bearer ${refresh}`)).not.toContain(phone);
  });

  it('keeps languages, URLs and public base URLs apart, and HEAD answers like GET', async () => {
    const fa = await app.inject('/fa/api/store/products/1/');
    const en = await app.inject('/en/api/store/products/1/');
    expect((fa.json() as { title: string }).title).not.toBe((en.json() as { title: string }).title);
    expect((await app.inject('/fa/api/store/products/1/')).body).toBe(fa.body);
    expect((await app.inject('/en/api/store/products/1/')).body).toBe(en.body);
    // The same read under another spelling of its URL: the same answer.
    expect((await app.inject('/en/api/store/products/1')).body).toBe(en.body);
    const a = await app.inject('/en/api/store/products/?limit=2&offset=1');
    const b = await app.inject('/en/api/store/products/?offset=1&limit=2');
    expect(a.json()).toMatchObject({ count: expect.any(Number) as number });
    expect((a.json() as { results: unknown[] }).results).toEqual(
      (b.json() as { results: unknown[] }).results,
    );

    const head = await app.inject({ method: 'HEAD', url: '/fa/api/store/products/1/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(fa.rawPayload.length));

    const shop = await buildApp({ ...store().config, publicUrl: 'https://shop.example.ir' });
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await shop.inject({ url: '/fa/api/store/products/1/', headers: { host: 'a.example' } });
        expect(res.body).toContain('https://shop.example.ir/media/');
        expect(res.body).not.toContain('a.example');
      }
    } finally {
      await shop.close();
    }
  });

  it('validates every request that is not a hit, every time', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await app.inject('/fa/api/store/products/abc/')).json()).toEqual({
        id: expect.any(Array),
        code: 'validation_failed',
        codes: { id: ['integer_invalid'] },
      });
      expect((await app.inject('/fa/api/store/products/?ordering=price')).statusCode).toBe(400);
      expect((await app.inject('/fa/api/store/posts/?limit=-1')).statusCode).toBe(400);
      expect((await app.inject('/fa/api/store/products/0/')).statusCode).toBe(404);
    }
  });

  it('an import in this process is served at once; one from another process within a second', async () => {
    const before = (await app.inject('/en/api/store/products/3/')).json() as { title: string };
    const media = path.join(store().config.dataDir, 'media');
    const changed = fixtureCatalogue();
    changed.products[2]!.title = { fa: 'مشاوره', en: 'Customs advice' };
    await importCatalogue(app.database, changed, path.dirname(writeCatalogue()), media);
    expect(((await app.inject('/en/api/store/products/3/')).json() as { title: string }).title).toBe(
      'Customs advice',
    );

    // Another process: its own connection to the same database.
    const other = openDatabase(store().config);
    try {
      const again = fixtureCatalogue();
      again.products[2]!.title = { fa: 'مشاوره گمرکی', en: 'Customs brokerage' };
      await importCatalogue(other, again, path.dirname(writeCatalogue()), media);
    } finally {
      await other.destroy();
    }
    let title = '';
    for (let i = 0; i < 40 && title !== 'Customs brokerage'; i += 1) {
      title = ((await app.inject('/en/api/store/products/3/')).json() as { title: string }).title;
      if (title !== 'Customs brokerage') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(title).toBe('Customs brokerage');
    expect(before.title).not.toBe(title);
  });
});
