import {
  aboutUsSchema,
  bannerSchema,
  collectionSchema,
  industrySchema,
  pageSchema,
  postSchema,
  productSchema,
  reviewSchema,
  subcollectionSchema,
} from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

describeEachDatabase('store read API', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() as unknown, headers: res.headers };
  };
  const ok = async <T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> => {
    const res = await get(url);
    expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(200);
    return schema.parse(res.body);
  };
  const ids = (items: { id: number }[]) => items.map((i) => i.id);

  describe('shapes in both languages', () => {
    it('collections, with the footer variant', async () => {
      expect(await ok('/fa/api/store/collections/', z.array(collectionSchema))).toEqual([
        { id: 1, title: 'خشکبار' },
        { id: 2, title: 'صنایع دستی' },
        { id: 3, title: 'خدمات' },
      ]);
      // English falls back to Persian where a text has no English.
      expect(await ok('/en/api/store/collections/', z.array(collectionSchema))).toEqual([
        { id: 1, title: 'Nuts' },
        { id: 2, title: 'Handicrafts' },
        { id: 3, title: 'خدمات' },
      ]);
      expect(ids(await ok('/en/api/store/collections/?footer=yes', z.array(collectionSchema)))).toEqual([
        1, 3,
      ]);
      expect(ids(await ok('/en/api/store/collections/?footer=no', z.array(collectionSchema)))).toEqual([2]);
    });

    it('product detail with every field nested as the spec says', async () => {
      const fa = await ok('/fa/api/store/products/1/', productSchema);
      expect(fa).toMatchObject({
        id: 1,
        title: 'پسته كرماني اكبري',
        inventory: 12,
        price_range: { start_price: 1000000, end_price: 2500000, currency_type: 'IRR' },
        industry: {
          id: 5,
          title: 'بازرگانی کرمان',
          website: 'https://kerman.example.ir',
          phone: null, // visitors never see the number…
          has_phone: true, // …but know there is one
        },
        collection: { id: 1, title: 'خشکبار' },
        subcollections: [{ id: 10, title: 'پسته' }],
        tags: [{ tag: { id: 1, title: 'صادراتی' } }, { tag: { id: 2, title: 'ارگانیک' } }],
        properties: [{ key: 'وزن', value: '۱ کیلوگرم' }],
        recommend: true,
        tejarat_khareji: true,
        tejarat_dakheli: false,
        khadamat_tejarat: false,
        amouzesh_tejarat: false,
        creation_date: '2024-05-01T10:00:00.000Z',
      });
      const en = await ok('/en/api/store/products/1/', productSchema);
      expect(en.title).toBe('Akbari pistachio');
      expect(en.tags).toEqual([{ tag: { id: 1, title: 'Export' } }, { tag: { id: 2, title: 'Organic' } }]);
      expect(en.properties).toEqual([{ key: 'Weight', value: '1 kg' }]);
      expect(en.industry?.title).toBe('Kerman Trading');
    });

    it('HTML was sanitised on import', async () => {
      const fa = await ok('/fa/api/store/products/1/', productSchema);
      expect(fa.description).toBe('<p>پسته <strong>ممتاز</strong></p>');
      const en = await ok('/en/api/store/products/1/', productSchema);
      expect(en.description).not.toMatch(/javascript:|iframe|script/i);
      const post = await ok('/fa/api/store/posts/1/', postSchema);
      expect(post.specific_content).toBe('<p>متن اول</p>');
    });

    it('a supplier without phone says so; a product without supplier or collection has nulls', async () => {
      const carpet = await ok('/en/api/store/products/2', productSchema);
      expect(carpet.industry).toEqual({
        id: 6,
        title: 'Tabriz Carpets',
        website: 'https://tabriz.example.ir',
        phone: null,
        has_phone: false,
      });
      expect(carpet.inventory).toBe(0);
      expect(carpet.creation_date).toBe('2024-03-01T06:30:00.000Z');
      const service = await ok('/en/api/store/products/3', productSchema);
      expect(service).toMatchObject({
        industry: null,
        collection: null,
        images: [],
        tags: [],
        title: 'مشاوره ترخیص کالا',
      });
    });

    it('image URLs are absolute: from the request host, or PUBLIC_URL', async () => {
      const product = await ok('/fa/api/store/products/1/', productSchema);
      expect(product.images[0]?.image).toMatch(/^http:\/\/localhost:80\/media\/[0-9a-f]{32}\.png$/);
      expect(product.images[1]?.image).toBe('https://cdn.example.com/p.jpg');
      const viaHost = (await get('/fa/api/store/products/1/', { host: 'shop.example.ir' })).body as z.infer<
        typeof productSchema
      >;
      expect(viaHost.images[0]?.image).toMatch(/^http:\/\/shop\.example\.ir\/media\//);

      const publicApp = await buildApp({ ...store().config, publicUrl: 'https://store.example.com' });
      try {
        const res = await publicApp.inject('/fa/api/store/image-banners/');
        const banners = z.array(bannerSchema).parse(res.json());
        expect(banners.map((b) => b.id)).toEqual([7, 3]);
        for (const b of banners)
          expect(b.image).toMatch(/^https:\/\/store\.example\.com\/media\/[0-9a-f]{32}\.(svg|png)$/);
      } finally {
        await publicApp.close();
      }
    });

    it('subcollections carry their collection and products; ?search= finds by title', async () => {
      const all = await ok('/en/api/store/subcollections/', z.array(subcollectionSchema));
      expect(all.map((s) => [s.id, s.collection, ids(s.products)])).toEqual([
        [10, { id: 1, title: 'Nuts' }, [1]],
        [11, { id: 2, title: 'Handicrafts' }, [2]],
      ]);
      const found = await ok(
        `/fa/api/store/subcollections/?search=${encodeURIComponent('فرش')}`,
        z.array(subcollectionSchema),
      );
      expect(ids(found)).toEqual([11]);
      expect(found[0]?.products[0]?.title).toBe('فرش دست‌باف تبریز کد ۱۲۳');
      expect(
        await ok('/fa/api/store/subcollections/?search=nothing-like-this', z.array(subcollectionSchema)),
      ).toEqual([]);
    });

    it('industries with industry_products; ?search= finds by title in any language', async () => {
      const all = await ok('/fa/api/store/industries/', z.array(industrySchema));
      expect(all.map((i) => [i.id, ids(i.industry_products)])).toEqual([
        [5, [1]],
        [6, [2]],
      ]);
      const found = await ok('/fa/api/store/industries/?search=tabriz', z.array(industrySchema));
      expect(found.map((i) => [i.title, i.has_phone, ids(i.industry_products)])).toEqual([
        ['فرش تبریز', false, [2]],
      ]);
    });

    it('banners, posts, post detail, about-us and reviews', async () => {
      expect(await ok('/en/api/store/posts/', z.array(postSchema))).toMatchObject([
        { id: 2, title: 'Second news', images: [] },
        { id: 1, title: 'First news', content: 'First summary.' },
      ]);
      const post = await ok('/en/api/store/posts/1/', postSchema);
      expect(post.images[0]?.image).toMatch(/\/media\/[0-9a-f]{32}\.svg$/);
      expect(await ok('/en/api/store/about-us/', z.array(aboutUsSchema))).toEqual([
        // The fixture's page has no team: an empty one (the team's own tests: about-us-team.test.ts).
        { id: 1, content: '<h3>About us</h3><p>A trading company</p>', team: [] },
      ]);
      const reviews = await ok('/fa/api/store/products/1/reviews/', z.array(reviewSchema));
      expect(reviews.map((r) => r.name)).toEqual(['رضا', 'Sara']);
      expect(JSON.stringify(reviews)).not.toContain('@example.com');
      expect(await ok('/fa/api/store/products/2/reviews/', z.array(reviewSchema))).toEqual([]);
    });
  });

  describe('the spec client’s spellings', () => {
    it.each(['True', 'True/', 'true', '1', 'yes'])(
      'recommend=%s lists recommended products',
      async (value) => {
        expect(ids(await ok(`/fa/api/store/products/?recommend=${value}`, z.array(productSchema)))).toEqual([
          1, 3,
        ]);
      },
    );
    it('recommend=false lists the others; a nonsense value is a 400', async () => {
      expect(ids(await ok('/fa/api/store/products/?recommend=False', z.array(productSchema)))).toEqual([2]);
      const bad = await get('/fa/api/store/products/?recommend=maybe');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        recommend: ['Must be a boolean: true or false.'],
        code: 'validation_failed',
        codes: { recommend: ['boolean_invalid'] },
      });
    });
    it('paths answer with and without the trailing slash', async () => {
      for (const url of [
        '/fa/api/store/products',
        '/fa/api/store/products/',
        '/fa/api/store/products/1',
        '/fa/api/store/products/1/',
      ]) {
        expect((await get(url)).status, url).toBe(200);
      }
    });
  });

  describe('paging and ordering', () => {
    it('limit/offset answer {count, next, previous, results}', async () => {
      const page = await ok('/en/api/store/products/?limit=1&offset=1', pageSchema(productSchema));
      expect(page.count).toBe(3);
      expect(ids(page.results)).toEqual([2]);
      expect(page.next).toBe('http://localhost/en/api/store/products/?limit=1&offset=2');
      expect(page.previous).toBe('http://localhost/en/api/store/products/?limit=1');
      const last = await ok('/en/api/store/products/?limit=2&offset=2', pageSchema(productSchema));
      expect([last.count, ids(last.results), last.next]).toEqual([3, [3], null]);
    });
    it('limit is capped at 100', async () => {
      const page = await ok('/en/api/store/products/?limit=5000', pageSchema(productSchema));
      expect(page.results).toHaveLength(3);
      expect(page.next).toBeNull();
    });
    it('paging keeps the filters in next/previous and the count is the filtered total', async () => {
      const page = await ok('/en/api/store/products/?recommend=True&limit=1', pageSchema(productSchema));
      expect([page.count, ids(page.results)]).toEqual([2, [1]]);
      expect(page.next).toContain('recommend=True');
    });
    it.each([
      ['id', [1, 2, 3]],
      ['-id', [3, 2, 1]],
      ['creation_date', [2, 1, 3]],
      ['-creation_date', [3, 1, 2]],
    ])('ordering=%s', async (ordering, expected) => {
      expect(ids(await ok(`/en/api/store/products/?ordering=${ordering}`, z.array(productSchema)))).toEqual(
        expected,
      );
    });
    it('posts default to newest first and accept ordering', async () => {
      expect(ids(await ok('/en/api/store/posts/?ordering=id', z.array(postSchema)))).toEqual([1, 2]);
      expect(ids((await ok('/en/api/store/posts/?limit=1', pageSchema(postSchema))).results)).toEqual([2]);
    });
  });

  describe('filters of the filtered search page (exact titles)', () => {
    it.each([
      ['industry', 'Kerman Trading', [1]],
      ['industry', 'بازرگانی کرمان', [1]],
      ['industry', 'Kerman', []],
      ['collection', 'Handicrafts', [2]],
      ['collection', 'صنایع دستی', [2]],
      ['product', 'Akbari pistachio', [1]],
      ['product', 'پسته کرمانی اکبری', [1]],
      ['product', 'Akbari', []],
      ['subcollection', 'Pistachios', [1]],
    ])('%s=%s', async (param, value, expected) => {
      const url = `/fa/api/store/products/?${param}=${encodeURIComponent(value)}`;
      expect(ids(await ok(url, z.array(productSchema)))).toEqual(expected);
    });
    it('filters combine', async () => {
      const url = `/fa/api/store/products/?industry=${encodeURIComponent('Kerman Trading')}&collection=Handicrafts`;
      expect(await ok(url, z.array(productSchema))).toEqual([]);
    });
  });

  describe('Persian-aware search', () => {
    const search = async (q: string) =>
      ids(await ok(`/fa/api/store/products/?search=${encodeURIComponent(q)}`, z.array(productSchema)));
    it('Persian letters find text written with Arabic ي/ك, and the other way round', async () => {
      expect(await search('کرمانی')).toEqual([1]);
      expect(await search('اكبري')).toEqual([1]);
    });
    it('Persian, Arabic-Indic and ASCII digits match each other', async () => {
      expect(await search('123')).toEqual([2]);
      expect(await search('۱۲۳')).toEqual([2]);
      expect(await search('١٢٣')).toEqual([2]);
    });
    it('ZWNJ and spaces are the same, and diacritics and tatweel are ignored', async () => {
      expect(await search('دست باف')).toEqual([2]);
      expect(await search('دست‌باف')).toEqual([2]);
      expect(await search('فـرش')).toEqual([2]);
      expect(await search('فَرش')).toEqual([2]);
    });
    it('every word must match title, short description, a tag or the supplier', async () => {
      expect(await search('pistachio')).toEqual([1]);
      expect(await search('خندان')).toEqual([1]); // short description
      expect(await search('organic')).toEqual([1]); // tag
      expect(await search('صادراتی')).toEqual([1, 2]); // tag on both
      expect(await search('tabriz carpets')).toEqual([2]); // supplier
      expect(await search('PISTACHIO large')).toEqual([1]);
      expect(await search('pistachio carpet')).toEqual([]);
      expect(await search('ترخیص')).toEqual([3]);
      expect(await search('پیش‌نمایش')).toEqual([]); // preview text is not searched
    });
    it('a one- or two-letter word matches at the start or end of a word', async () => {
      expect(await search('ta')).toEqual([2]); // Tabriz
      expect(await search('ab')).toEqual([]); // only inside "Tabriz": not a word's start or end
      expect(await search('کد')).toEqual([2]); // a whole two-letter word
      expect(await search('zq')).toEqual([]);
      expect(await search('pistachio p')).toEqual([1]); // a lone letter beside a longer word is ignored
    });
    it('LIKE wildcards and quotes are matched literally', async () => {
      expect(await search('%')).toEqual([]); // punctuation alone searches for itself
      expect(await search('pi%o')).toEqual([]);
      expect(await search('"pistachio')).toEqual([1]);
      expect(await search('pi"st')).toEqual([]);
    });
    it('search pages and counts', async () => {
      const page = await ok(
        `/fa/api/store/products/?search=${encodeURIComponent('صادراتی')}&limit=1`,
        pageSchema(productSchema),
      );
      expect([page.count, ids(page.results)]).toEqual([2, [1]]);
    });
  });

  describe('errors', () => {
    it('unknown ids are 404 JSON', async () => {
      for (const url of [
        '/fa/api/store/products/999/',
        '/fa/api/store/posts/999/',
        '/fa/api/store/products/999/reviews/',
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body).toHaveProperty('detail');
      }
    });
    it('an unknown path is 404 JSON; an unserved language is 404 language_not_found', async () => {
      for (const url of [
        '/fa/api/store/nothing/',
        '/en-US/api/store/nothing/',
        '/api/nothing/',
        '/f.a/api/store/products/',
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
      for (const url of ['/de/api/store/collections/', '/xx/api/store/collections/', '/xx-YY/api/store/']) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body, url).toMatchObject({ code: 'language_not_found' });
      }
    });
    it.each([
      ['/fa/api/store/products/?limit=abc', { limit: ['A valid integer is required.'] }, 'integer_invalid'],
      [
        '/fa/api/store/products/?limit=0',
        { limit: ['Ensure this value is greater than or equal to 1.'] },
        'out_of_range',
      ],
      ['/fa/api/store/products/?offset=-1', { offset: ['A valid integer is required.'] }, 'integer_invalid'],
      [
        '/fa/api/store/products/?ordering=title',
        { ordering: ['Must be one of: id, -id, creation_date, -creation_date.'] },
        'choice_invalid',
      ],
      ['/fa/api/store/products/abc/', { id: ['A valid integer is required.'] }, 'integer_invalid'],
      [
        '/fa/api/store/collections/?footer=perhaps',
        { footer: ['Must be a boolean: true or false.'] },
        'boolean_invalid',
      ],
    ])('%s is a 400 with field errors', async (url, fields, code) => {
      const res = await get(url);
      expect(res.status).toBe(400);
      const field = Object.keys(fields)[0]!;
      expect(res.body).toEqual({ ...fields, code: 'validation_failed', codes: { [field]: [code] } });
    });
    it('repeated or oversized parameters are 400, never 500', async () => {
      expect((await get('/fa/api/store/products/?limit=1&limit=2')).status).toBe(400);
      expect((await get(`/fa/api/store/products/?search=${'x'.repeat(201)}`)).status).toBe(400);
      // An id beyond the database's integer range names no product.
      expect((await get('/fa/api/store/products/99999999999999999999/')).status).toBe(404);
    });
  });

  describe('health and media', () => {
    it('GET /healthz checks the database', async () => {
      const res = await get('/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', database: store().dialect });
    });
    it('media is served with long-lived caching and a locked-down content policy', async () => {
      const product = await ok('/fa/api/store/products/1/', productSchema);
      const url = new URL(product.images[0]!.image).pathname;
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await app.inject('/media/missing.png')).statusCode).toBe(404);
      expect((await app.inject('/media/../store.db')).statusCode).toBe(404);
    });
  });
});

describe('GET /healthz without a database', () => {
  it('answers 503 JSON when the database does not answer', async () => {
    const { createTestStore } = await import('./support/databases.ts');
    const store = await createTestStore('sqlite');
    const app = await buildApp(store.config);
    try {
      await app.database.destroy();
      const res = await app.inject('/healthz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        detail: 'The database is unavailable.',
        code: 'service_unavailable',
      });
    } finally {
      await app.close().catch(() => undefined);
      await store.cleanup();
    }
  });
});
