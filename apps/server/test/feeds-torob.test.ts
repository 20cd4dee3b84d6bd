import crypto from 'node:crypto';
import type { FeedSettings } from '@storefront/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { Catalogue } from '../src/modules/catalogue/format.ts';
import { writeCatalogue as writeCatalogueChange } from '../src/modules/catalogue/writes.ts';
import { TOROB_PUBLISHED_KEY, verifyTorobToken } from '../src/modules/feeds/torob-token.ts';
import type { TorobAnswer } from '../src/modules/feeds/torob.ts';
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
 * Torob's product API v3 (modules/feeds/torob.ts): its request forms and 400s, pages of exactly 100
 * but the last, the cursor walk, lookups, each product's fields, prices on request never free,
 * unpublished products never shown, the feed off until the owner turns it on, and its token (a JWT
 * signed with Ed25519) checked in every way it can be wrong — with a key pair made here, given to the
 * app as TOROB_PUBLIC_KEY would be.
 */

const keys = crypto.generateKeyPairSync('ed25519');
const otherKeys = crypto.generateKeyPairSync('ed25519');
const PUBLIC_PEM = keys.publicKey.export({ type: 'spki', format: 'pem' }) as string;
const HOST = 'shop.test:8443';
const BASE = `http://${HOST}`;
const PATH = '/feeds/torob/v3/products';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A JWT as Torob makes one: header and payload signed with Ed25519. */
function sign(
  payload: Record<string, unknown>,
  options: { key?: crypto.KeyObject; header?: Record<string, unknown> } = {},
): string {
  const head = `${b64(options.header ?? { alg: 'EdDSA', typ: 'JWT', v: 1 })}.${b64(payload)}`;
  const signature = crypto.sign(null, Buffer.from(head), options.key ?? keys.privateKey);
  return `${head}.${signature.toString('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const validToken = () => sign({ aud: HOST, nbf: now() - 60, exp: now() + 600 });

describeEachDatabase(
  'Torob feed',
  (store) => {
    let app: FastifyInstance;
    let catalogue: Catalogue;
    let owner: Agent;
    let editor: Agent;

    beforeAll(async () => {
      app = await buildApp(store().config);
      catalogue = await importFeedCatalogue(app, store().config.dataDir);
      owner = await signedIn(app, 'owner');
      editor = await signedIn(app, 'editor');
      return () => app.close();
    });

    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: PATH,
        headers: {
          host: HOST,
          'x-torob-token': validToken(),
          'x-torob-token-version': '1',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
    const ask = async (payload: unknown) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TorobAnswer;
    };
    const feeds = async () =>
      (await injectAs(app, owner, { method: 'GET', url: '/admin/api/feeds' })).json() as FeedSettings;

    /** The ids the feed holds, newest first by `key`, under each choice. */
    const held = (choice: 'omit' | 'unavailable', key: 'creation_date' | 'id') =>
      catalogue.products
        .filter((p) => p.published !== false && (choice === 'unavailable' || priced(p)))
        .sort((a, b) =>
          key === 'id'
            ? b.id - a.id
            : Date.parse(b.creation_date) - Date.parse(a.creation_date) || b.id - a.id,
        )
        .map((p) => p.id);

    it('is off until the owner turns it on: 404 even with a good token; only the owner may turn it on', async () => {
      const off = await post({ page: 1, sort: 'date_added_desc' });
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: 'not_found' });
      const shown = await feeds();
      expect(shown.torob).toMatchObject({
        enabled: false,
        path: PATH,
        price_on_request: 'omit',
        key: 'environment',
        last_requests: [],
      });
      expect((await putFeeds(app, editor, { torob: { enabled: true } })).statusCode).toBe(403);
      const on = await putFeeds(app, owner, { torob: { enabled: true } });
      expect(on.statusCode, on.body).toBe(200);
      expect((on.json() as FeedSettings).torob.enabled).toBe(true);
      expect((await post({ page: 1, sort: 'date_added_desc' })).statusCode).toBe(200);
    });

    it('tokens: a valid one passes; expired, not yet valid, another audience, another key, malformed, a wrong or missing version are 401', async () => {
      const body = { page: 1, sort: 'date_added_desc' };
      const refused = async (headers: Record<string, string>, reason: RegExp) => {
        const res = await post(body, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toMatchObject({ code: 'not_authenticated' });
        expect((res.json() as { error: string }).error).toMatch(reason);
      };
      expect((await post(body)).statusCode).toBe(200);
      // Without nbf (the guide lists it, PyJWT checks it only when present).
      expect((await post(body, { 'x-torob-token': sign({ aud: HOST, exp: now() + 60 }) })).statusCode).toBe(
        200,
      );
      await refused({ 'x-torob-token': sign({ aud: HOST, nbf: now() - 600, exp: now() - 1 }) }, /expired/);
      await refused(
        { 'x-torob-token': sign({ aud: HOST, nbf: now() + 300, exp: now() + 600 }) },
        /not valid yet/,
      );
      await refused({ 'x-torob-token': sign({ aud: HOST, nbf: now() - 60 }) }, /exp/);
      await refused(
        { 'x-torob-token': sign({ aud: 'shop.test', nbf: now() - 60, exp: now() + 600 }) },
        /audience/,
      );
      await refused({ 'x-torob-token': sign({ aud: 'other.example:8443', exp: now() + 600 }) }, /audience/);
      await refused({ 'x-torob-token': sign({ exp: now() + 600 }) }, /audience/);
      await refused(
        { 'x-torob-token': sign({ aud: HOST, exp: now() + 600 }, { key: otherKeys.privateKey }) },
        /signature/,
      );
      // A token for this host, re-signed by nobody: its payload changed after signing.
      const [head, , signature] = validToken().split('.');
      await refused(
        { 'x-torob-token': `${head}.${b64({ aud: HOST, exp: now() + 86_400 * 365 })}.${signature}` },
        /signature/,
      );
      await refused(
        { 'x-torob-token': sign({ aud: HOST, exp: now() + 600 }, { header: { alg: 'none' } }) },
        /EdDSA/,
      );
      await refused(
        { 'x-torob-token': `${b64({ alg: 'none' })}.${b64({ aud: HOST, exp: now() + 600 })}.` },
        /malformed/,
      );
      for (const malformed of [
        'abc',
        'a.b',
        'a.b.c',
        '...',
        `${b64('x')}.${b64('y')}.zz`,
        'é.é.é',
        'x'.repeat(5000),
      ]) {
        await refused({ 'x-torob-token': malformed }, /malformed|EdDSA|signature/);
      }
      await refused({ 'x-torob-token': '' }, /missing/);
      await refused({ 'x-torob-token-version': '2' }, /Version/);
      const withoutVersion = await app.inject({
        method: 'POST',
        url: PATH,
        headers: { host: HOST, 'x-torob-token': validToken(), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(withoutVersion.statusCode).toBe(401);
      const withoutToken = await app.inject({
        method: 'POST',
        url: PATH,
        headers: { host: HOST, 'x-torob-token-version': '1' },
        payload: body,
      });
      expect(withoutToken.statusCode).toBe(401);
    });

    it('every request form that is not one of Torob\'s is 400 {"error"} (no defaults), never 500', async () => {
      const bad: unknown[] = [
        undefined,
        {},
        [],
        'null',
        '"page"',
        '42',
        '{"page": 1',
        { page: 1 },
        { sort: 'date_added_desc' },
        { page: 0, sort: 'date_added_desc' },
        { page: -3, sort: 'date_added_desc' },
        { page: 1.5, sort: 'date_added_desc' },
        { page: '1', sort: 'date_added_desc' },
        { page: 1e300, sort: 'date_added_desc' },
        { page: 1, sort: 'price_desc' },
        { page: 1, sort: ['date_added_desc'] },
        { page: 1, sort: 'date_added_desc', cursor: '1.5' },
        { sort: 'product_id_desc', page: 1 },
        { sort: 'product_id_desc', cursor: 'abc' },
        { sort: 'product_id_desc', cursor: 12 },
        { sort: 'product_id_desc', cursor: '0.0' },
        { page_urls: [] },
        { page_urls: 'https://shop.test/app/product/1' },
        { page_urls: [1] },
        { page_uniques: [null] },
        { page_uniques: ['1'], page: 1, sort: 'date_added_desc' },
        { page_urls: ['x'], page_uniques: ['1'] },
        { page_uniques: Array.from({ length: 1001 }, (_, i) => String(i + 1)) },
        { page: 1, sort: 'date_added_desc', limit: 500 },
        { __proto__: { page: 1 }, sort: 'date_added_desc' },
        '{"constructor": {"prototype": {"page": 1}}, "sort": "date_added_desc"}',
        { page_uniques: ['1\u0000'] },
        `${'['.repeat(40)}${']'.repeat(40)}`,
      ];
      for (const body of bad) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)?.slice(0, 80)).toBe(400);
        expect(typeof (res.json() as { error: unknown }).error, res.body).toBe('string');
      }
      expect((await post({ page: 1, sort: 'date_added_desc' })).statusCode).toBe(200);
      expect((await post(undefined)).json()).toMatchObject({ code: 'bad_request' });
      expect((await post({ page: 1 })).json()).toEqual({
        error: 'sort parameter is not provided',
        code: 'bad_request',
      });
      const text = await post('page=1', { 'content-type': 'text/plain' });
      expect(text.statusCode).toBe(415);
      expect(typeof (text.json() as { error: unknown }).error).toBe('string');
      const large = await post({ page_uniques: Array.from({ length: 20_000 }, () => '123456') });
      expect(large.statusCode).toBe(413);
      expect(typeof (large.json() as { error: unknown }).error).toBe('string');
    });

    it('pages by date added: exactly 100 but the last, every product held once, newest first; a page past the end is empty', async () => {
      const expected = held('omit', 'creation_date');
      const pages = Math.ceil(expected.length / 100);
      const seen: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const answer = await ask({ page, sort: 'date_added_desc' });
        expect(answer).toMatchObject({
          api_version: 'torob_api_v3',
          current_page: page,
          total: expected.length,
          max_pages: pages,
          next_cursor: null,
        });
        expect(answer.products.length).toBe(page < pages ? 100 : expected.length - 100 * (pages - 1));
        seen.push(...answer.products.map((p) => Number(p.page_unique)));
      }
      expect(seen).toEqual(expected);
      const past = await ask({ page: pages + 1, sort: 'date_added_desc' });
      expect(past).toMatchObject({ current_page: pages + 1, total: expected.length, products: [] });
      expect((await ask({ page: Number.MAX_SAFE_INTEGER, sort: 'date_added_desc' })).products).toEqual([]);
    });

    it('pages by date updated: a changed product comes first, with its new date; a write that changes nothing keeps the date', async () => {
      const before = await ask({ page: 1, sort: 'date_updated_desc' });
      const target = catalogue.products.find((p) => p.id === 40)!;
      expect(priced(target) && target.published !== false).toBe(true);
      await writeCatalogueChange(app.database, (w) =>
        w.update('product', { ...target, title: { ...target.title, en: 'Changed for the feed' } }),
      );
      const after = await ask({ page: 1, sort: 'date_updated_desc' });
      const first = after.products[0]!;
      expect(first.page_unique).toBe('40');
      expect(first.subtitle).toBe('Changed for the feed');
      expect(Date.parse(first.date_updated)).toBeGreaterThan(
        Date.parse(before.products[0]!.date_updated) - 1,
      );
      expect(first.date_updated > first.date_added).toBe(true);
      await writeCatalogueChange(app.database, (w) =>
        w.update('product', { ...target, title: { ...target.title, en: 'Changed for the feed' } }),
      );
      expect((await ask({ page: 1, sort: 'date_updated_desc' })).products[0]!.date_updated).toBe(
        first.date_updated,
      );
      // Every product is on one of the pages, once.
      const all: string[] = [];
      for (let page = 1; page <= after.max_pages; page++)
        all.push(...(await ask({ page, sort: 'date_updated_desc' })).products.map((p) => p.page_unique));
      expect(all.map(Number).sort((a, b) => a - b)).toEqual(held('omit', 'id').sort((a, b) => a - b));
    });

    it('the cursor walk by id meets every product once, 100 a page, and ends with next_cursor null', async () => {
      const expected = held('omit', 'id');
      for (const start of [
        { sort: 'product_id_desc' },
        { sort: 'product_id_desc', cursor: null },
        { sort: 'product_id_desc', cursor: '' },
      ]) {
        let answer = await ask(start);
        const seen: number[] = [];
        let page = 1;
        for (;;) {
          expect(answer.current_page).toBe(page);
          expect(answer.total).toBe(expected.length);
          seen.push(...answer.products.map((p) => Number(p.page_unique)));
          if (answer.next_cursor === null) break;
          expect(answer.products.length).toBe(100);
          answer = await ask({ sort: 'product_id_desc', cursor: answer.next_cursor });
          page++;
        }
        expect(answer.products.length).toBe(expected.length - 100 * (page - 1));
        expect(seen).toEqual(expected);
      }
    });

    it('lookups by page_unique and page_url: what is served, each once; unpublished, on request or unknown answer nothing', async () => {
      const one = await ask({ page_uniques: ['1'] });
      expect(one).toMatchObject({ current_page: 1, total: 1, max_pages: 1, next_cursor: null });
      const product = one.products[0]!;
      const byUrl = await ask({
        page_urls: [product.page_url, product.page_url, 'https://elsewhere.example/x'],
      });
      expect(byUrl.products).toEqual([product]);
      const unpublished = catalogue.products.find((p) => p.published === false)!.id;
      const onRequest = catalogue.products.find((p) => p.price_range === null && p.published !== false)!.id;
      for (const id of [unpublished, onRequest, 999_999]) {
        expect(await ask({ page_uniques: [String(id)] })).toEqual({
          api_version: 'torob_api_v3',
          current_page: 1,
          total: 0,
          max_pages: 1,
          next_cursor: null,
          products: [],
        });
      }
      const mixed = await ask({ page_uniques: ['7', String(unpublished), '1', '7', '01', 'x'] });
      expect(mixed.products.map((p) => p.page_unique)).toEqual(['7', '1']);
      expect(mixed.total).toBe(2);
    });

    it("a product's fields: Toman price, Persian page, category, largest images, spec, dates", async () => {
      const [product] = (await ask({ page_uniques: ['1'] })).products;
      const source = catalogue.products.find((p) => p.id === 1)!;
      const collection = catalogue.collections.find((c) => c.id === source.collection)!;
      const subcollection = catalogue.subcollections.find((s) => s.id === source.subcollections[0])!;
      expect(product).toEqual({
        page_unique: '1',
        page_url: `${BASE}/app/product/1?lng=fa`,
        title: source.title.fa,
        subtitle: source.title.en,
        current_price: 123_457,
        availability: true,
        category_name: `${collection.title.fa} › ${subcollection.title.fa}`,
        image_links: [`${BASE}/media/${PNG_MEDIA_HASH}-1280.webp`, 'https://cdn.example.com/p.jpg'],
        spec: { وزن: '۱ کیلوگرم', رنگ: 'سبز' },
        short_desc: source.short_description.fa,
        date_added: new Date(source.creation_date).toISOString(),
        date_updated: expect.any(String) as string,
      });
      expect(Number.isNaN(Date.parse(product!.date_updated))).toBe(false);
      // The variant named is served (made on first request from the original).
      const image = await app.inject(`/media/${PNG_MEDIA_HASH}-1280.webp`);
      expect(image.statusCode).toBe(200);
      // Toman prices as they are; out of stock is unavailable at 0; a product without properties has spec {}.
      const [toman] = (await ask({ page_uniques: ['4'] })).products;
      expect(toman).toMatchObject({ current_price: 0, availability: false });
      const plain = (await ask({ page_uniques: ['6'] })).products[0]!;
      expect(typeof plain.spec).toBe('object');
    });

    it('prices on request are left out by default and sent unavailable at 0 when the owner chooses; never free', async () => {
      const walk = async () => {
        const products: TorobAnswer['products'] = [];
        let answer = await ask({ sort: 'product_id_desc' });
        products.push(...answer.products);
        while (answer.next_cursor !== null) {
          answer = await ask({ sort: 'product_id_desc', cursor: answer.next_cursor });
          products.push(...answer.products);
        }
        return products;
      };
      const omitted = await walk();
      expect(omitted.map((p) => Number(p.page_unique))).toEqual(held('omit', 'id'));
      for (const id of [2, 3, 5]) expect(omitted.some((p) => p.page_unique === String(id))).toBe(false);

      expect((await putFeeds(app, owner, { torob: { price_on_request: 'unavailable' } })).statusCode).toBe(
        200,
      );
      const all = await walk();
      expect(all.map((p) => Number(p.page_unique))).toEqual(held('unavailable', 'id'));
      for (const id of [2, 3, 5]) {
        expect(all.find((p) => p.page_unique === String(id))).toMatchObject({
          current_price: 0,
          availability: false,
        });
      }
      expect((await ask({ page: 1, sort: 'date_added_desc' })).total).toBe(held('unavailable', 'id').length);
      for (const p of [...omitted, ...all]) {
        expect(p.availability && p.current_price === 0, p.page_unique).toBe(false);
        expect(Number.isInteger(p.current_price)).toBe(true);
        expect(
          all.some(
            (q) => q.page_unique === String(catalogue.products.find((c) => c.published === false)!.id),
          ),
        ).toBe(false);
      }
      expect((await putFeeds(app, owner, { torob: { price_on_request: 'omit' } })).statusCode).toBe(200);
    });

    it('the back office shows the latest requests (form, status, address), newest first, at most 100', async () => {
      await post({ page: 1 });
      await post({ page: 2, sort: 'date_added_desc' }, { 'x-torob-token': 'bad' });
      await post({ page_uniques: ['1'] });
      const { last_requests: last } = (await feeds()).torob;
      expect(last.slice(0, 3)).toEqual([
        { at: expect.any(String) as string, form: 'page_uniques', status: 200, ip: '127.0.0.1' },
        { at: expect.any(String) as string, form: null, status: 401, ip: '127.0.0.1' },
        { at: expect.any(String) as string, form: null, status: 400, ip: '127.0.0.1' },
      ]);
      for (let i = 0; i < 105; i++) await post({ sort: 'product_id_desc', cursor: 'x' });
      const kept = (await feeds()).torob.last_requests;
      expect(kept.length).toBe(100);
      expect(kept.every((r) => r.form === 'cursor' && r.status === 400)).toBe(true);
      const stored = await app.database.db
        .selectFrom('feed_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('feed', '=', 'torob')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(100);
      // Turned off, the feed is gone again and records nothing.
      expect((await putFeeds(app, owner, { torob: { enabled: false } })).statusCode).toBe(200);
      expect((await post({ page: 1, sort: 'date_added_desc' })).statusCode).toBe(404);
      expect((await feeds()).torob.last_requests[0]).toEqual(kept[0]);
    });
  },
  { torobPublicKey: PUBLIC_PEM },
);

describe("Torob's published key", () => {
  it('is the default: an Ed25519 key, which refuses a token signed with any other', () => {
    expect(loadConfig({}).torobPublicKey).toBeUndefined();
    expect(crypto.createPublicKey(TOROB_PUBLISHED_KEY).asymmetricKeyType).toBe('ed25519');
    const token = sign({ aud: HOST, exp: now() + 600 });
    expect(verifyTorobToken({ token, version: '1' }, HOST, TOROB_PUBLISHED_KEY)).toEqual({
      ok: false,
      reason: 'token signature is invalid',
    });
    expect(verifyTorobToken({ token, version: '1' }, HOST, PUBLIC_PEM)).toEqual({ ok: true });
  });

  it('TOROB_PUBLIC_KEY: PEM, PEM with \\n escapes or the base64 body; anything else stops the start', () => {
    const body = PUBLIC_PEM.split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
    for (const value of [PUBLIC_PEM, PUBLIC_PEM.replaceAll('\n', '\\n'), body]) {
      expect(loadConfig({ TOROB_PUBLIC_KEY: value }).torobPublicKey).toBe(PUBLIC_PEM);
    }
    expect(loadConfig({ TOROB_PUBLIC_KEY: '  ' }).torobPublicKey).toBeUndefined();
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' }) as string;
    for (const value of ['not a key', rsa, 'MCowBQYDK2VwAyEA']) {
      expect(() => loadConfig({ TOROB_PUBLIC_KEY: value })).toThrow(ConfigError);
    }
  });
});
