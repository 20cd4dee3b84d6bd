import type { FeedSettings } from '@storefront/contracts/admin';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Catalogue } from '../src/modules/catalogue/format.ts';
import { injectAs } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import {
  importFeedCatalogue,
  PNG_MEDIA_HASH,
  priced,
  putFeeds,
  signedIn,
  type Agent,
} from './support/feeds.ts';

/**
 * Emalls' extractor (modules/feeds/emalls.ts), in the shape of Emalls' official WooCommerce plugin:
 * both paths, the owner's token checked (missing, wrong, right; in the body, a form or the query
 * string), pages newest id first, lookups by id and by slug, each product's fields, prices on request
 * never in stock at 0, and the feed off (404) until the owner turns it on with a token.
 */

const HOST = 'shop.test';
const TOKEN = 'emalls-token-0123456789';
const PATHS = ['/feeds/emalls/products', '/wp-json/emalls_ext/v1/products'];

interface EmallsProduct {
  page_unique: number;
  title: string;
  subtitle: string;
  current_price: number;
  old_price: number;
  availability: string;
  category_name: string;
  image_link: string | null;
  image_links: string[];
  page_url: string;
  spec: Record<string, string>[];
  date_added: string;
  date_updated: string;
}
interface EmallsAnswer {
  count: number;
  max_pages: number;
  products: EmallsProduct[];
  Version: string;
  metadata: Record<string, unknown>;
}

describeEachDatabase('Emalls feed', (store) => {
  let app: FastifyInstance;
  let catalogue: Catalogue;
  let owner: Agent;

  beforeAll(async () => {
    app = await buildApp(store().config);
    catalogue = await importFeedCatalogue(app, store().config.dataDir);
    owner = await signedIn(app, 'owner');
    return () => app.close();
  });

  const post = (
    payload: object | string | undefined,
    options: Partial<InjectOptions> = {},
    path = PATHS[1]!,
  ) =>
    app.inject({
      method: 'POST',
      url: path,
      ...(payload === undefined ? {} : { payload }),
      ...options,
      headers: { host: HOST, ...options.headers },
    });
  const ask = async (payload: object, path?: string) => {
    const res = await post({ token: TOKEN, ...payload }, {}, path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EmallsAnswer;
  };
  const held = (choice: 'omit' | 'unavailable') =>
    catalogue.products
      .filter((p) => p.published !== false && (choice === 'unavailable' || priced(p)))
      .map((p) => p.id)
      .sort((a, b) => b - a);

  it('is off until the owner turns it on, which needs a token; the token is shown masked', async () => {
    for (const path of PATHS) expect((await post({ token: TOKEN }, {}, path)).statusCode).toBe(404);
    const refused = await putFeeds(app, owner, { emalls: { enabled: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      codes: { 'emalls.token': ['required'] },
    });
    for (const token of ['short', 'has a space in it', 'x'.repeat(201)]) {
      expect((await putFeeds(app, owner, { emalls: { token } })).statusCode).toBe(400);
    }
    const on = await putFeeds(app, owner, { emalls: { enabled: true, token: TOKEN } });
    expect(on.statusCode, on.body).toBe(200);
    const shown = (on.json() as FeedSettings).emalls;
    expect(shown).toMatchObject({ enabled: true, paths: PATHS, token: '••••6789', price_on_request: 'omit' });
    expect(on.body).not.toContain(TOKEN);
    const audit = await injectAs(app, owner, { method: 'GET', url: '/admin/api/audit?entity=settings' });
    expect(audit.body).not.toContain(TOKEN);
  });

  it('the token: missing or wrong is 401; right in a JSON body, a form or the query string passes; on both paths', async () => {
    for (const body of [
      {},
      { token: 'wrong-token-000' },
      { token: '' },
      { token: [TOKEN] },
      { token: TOKEN.slice(0, -1) },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_not_valid', Version: '1.2.0' });
    }
    for (const path of PATHS) expect((await ask({}, path)).count).toBe(held('omit').length);
    const form = await post(`token=${TOKEN}&page=2&limit=10`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((form.json() as EmallsAnswer).products.map((p) => p.page_unique)).toEqual(
      held('omit').slice(10, 20),
    );
    const query = await post(undefined, { url: `${PATHS[0]}?token=${TOKEN}&limit=5` });
    expect(query.statusCode, query.body).toBe(200);
    expect((query.json() as EmallsAnswer).products.length).toBe(5);
  });

  it('pages newest id first: page and limit as the plugin reads them; every product once', async () => {
    const expected = held('omit');
    const first = await ask({ page: 1, limit: 100 });
    expect(first).toMatchObject({
      count: expected.length,
      max_pages: Math.ceil(expected.length / 100),
      Version: '1.2.0',
      metadata: { plugin_version: '1.2.0' },
    });
    const seen: number[] = [];
    for (let page = 1; page <= first.max_pages; page++) {
      seen.push(...(await ask({ page: String(page), limit: '100' })).products.map((p) => p.page_unique));
    }
    expect(seen).toEqual(expected);
    // What cannot be read is its default (page 1, 100 a page); more than 100 is 100.
    for (const params of [{}, { page: 'x', limit: 'y' }, { page: -4, limit: 0 }, { limit: 1000 }]) {
      const answer = await ask(params);
      expect(answer.products.map((p) => p.page_unique)).toEqual(expected.slice(0, 100));
    }
    expect((await ask({ page: 99, limit: 100 })).products).toEqual([]);
    expect((await ask({ page: 3, limit: 7 })).products.map((p) => p.page_unique)).toEqual(
      expected.slice(14, 21),
    );
  });

  it('lookups by ids and by slugs (the page URL or its last segment): only what is served', async () => {
    const unpublished = catalogue.products.find((p) => p.published === false)!.id;
    const byIds = await ask({ products: `1, 7,${unpublished},999999,x,7` });
    expect(byIds.products.map((p) => p.page_unique)).toEqual([1, 7]);
    expect(byIds.count).toBe(2);
    const url = byIds.products[0]!.page_url;
    const bySlugs = await ask({ slugs: `${encodeURIComponent(url)},product/7,${unpublished}` });
    expect(bySlugs.products.map((p) => p.page_unique)).toEqual([1, 7]);
    expect((await ask({ products: [1, '7'] })).products.map((p) => p.page_unique)).toEqual([1, 7]);
  });

  it("a product's fields as the plugin writes them", async () => {
    const [product] = (await ask({ products: '1' })).products;
    const source = catalogue.products.find((p) => p.id === 1)!;
    const subcollection = catalogue.subcollections.find((s) => s.id === source.subcollections[0])!;
    expect(product).toEqual({
      page_unique: 1,
      title: source.title.fa,
      subtitle: source.title.en,
      parent_id: 0,
      current_price: 123_457,
      old_price: 123_457,
      availability: 'instock',
      category_name: subcollection.title.fa,
      image_links: [`http://${HOST}/media/${PNG_MEDIA_HASH}-1280.webp`, 'https://cdn.example.com/p.jpg'],
      image_link: `http://${HOST}/media/${PNG_MEDIA_HASH}-1280.webp`,
      page_url: `http://${HOST}/app/product/1?lng=fa`,
      short_desc: source.short_description.fa,
      spec: [{ وزن: '۱ کیلوگرم', رنگ: 'سبز' }],
      date_added: new Date(source.creation_date).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      date_updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/) as string,
      product_type: 'simple',
      registry: '',
      guarantee: '',
    });
  });

  it('prices on request: left out, or out of stock at 0 when the owner chooses; never in stock at 0', async () => {
    const omitted = await ask({ limit: 100, page: 1 });
    expect(omitted.count).toBe(held('omit').length);
    expect((await ask({ products: '2,3,5' })).products).toEqual([]);
    expect((await putFeeds(app, owner, { emalls: { price_on_request: 'unavailable' } })).statusCode).toBe(
      200,
    );
    expect((await ask({})).count).toBe(held('unavailable').length);
    const listed = (await ask({ products: '2,3,5' })).products;
    expect(listed.map((p) => [p.page_unique, p.current_price, p.availability])).toEqual([
      [2, 0, 'outofstock'],
      [3, 0, 'outofstock'],
      [5, 0, 'outofstock'],
    ]);
    for (let page = 1; page <= 3; page++) {
      for (const p of (await ask({ page })).products) {
        expect(p.availability === 'instock' && p.current_price === 0, String(p.page_unique)).toBe(false);
      }
    }
  });

  it('hostile requests are answered 4xx or as a default, never 500; requests are recorded; off is 404 again', async () => {
    const bodies: (object | string)[] = [
      '{"token": ',
      '[1,2,3]',
      '"token"',
      { token: TOKEN, page: { $gt: 1 } },
      { token: TOKEN, products: { a: 1 } },
      { token: TOKEN, slugs: ['%E0%A4%A', '../../etc/passwd'] },
      { token: TOKEN, page: 1e308, limit: -1e308 },
      { token: TOKEN, __proto__: { admin: true } },
    ];
    for (const body of bodies) {
      const res = await post(
        body,
        typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {},
      );
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof (res.json() as { error: unknown }).error).toBe('string');
    }
    const { last_requests: last } = (
      (await injectAs(app, owner, { method: 'GET', url: '/admin/api/feeds' })).json() as FeedSettings
    ).emalls;
    expect(last.length).toBeGreaterThan(10);
    expect(last.some((r) => r.status === 401 && r.form === null)).toBe(true);
    expect(last.some((r) => r.status === 200 && r.form === 'slugs')).toBe(true);
    // Removing the token turns the feed off.
    const removed = await putFeeds(app, owner, { emalls: { token: null } });
    expect((removed.json() as FeedSettings).emalls).toMatchObject({ enabled: false, token: null });
    for (const path of PATHS) expect((await post({ token: TOKEN }, {}, path)).statusCode).toBe(404);
  });
});
