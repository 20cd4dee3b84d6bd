import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue } from './support/fixture.ts';

describeEachDatabase('robots.txt and the sitemap', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  const base = 'http://localhost:80';

  it('robots.txt points at the sitemap and keeps crawlers off the API and sign-in', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /fa/api/');
    expect(res.body).toContain('Disallow: /app/s');
  });

  it('the index lists its chunks; a chunk has every page, collection, industry, product and post in both languages', async () => {
    const index = await app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const chunks = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(chunks).toEqual([`${base}/sitemap-1.xml`]);
    const chunk = await app.inject('/sitemap-1.xml');
    expect(chunk.statusCode).toBe(200);
    const locs = [...chunk.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const catalogue = fixtureCatalogue();
    const published = catalogue.products.filter((p) => p.published !== false);
    for (const p of published) {
      expect(locs).toContain(`${base}/app/product/${p.id}?lng=fa`);
      expect(locs).toContain(`${base}/app/product/${p.id}?lng=en`);
    }
    for (const p of catalogue.posts) {
      expect(locs).toContain(`${base}/app/news/${p.id}?lng=fa`);
      expect(locs).toContain(`${base}/app/news/${p.id}?lng=en`);
    }
    for (const c of catalogue.collections) {
      expect(locs).toContain(`${base}/app/collections/search/${encodeURIComponent(c.title.fa)}?lng=fa`);
      expect(locs).toContain(
        `${base}/app/collections/search/${encodeURIComponent(c.title.en ?? c.title.fa)}?lng=en`,
      );
    }
    for (const path of ['', 'products', 'news', 'aboutus'])
      expect(locs).toContain(`${base}/app/${path}?lng=fa`);
    // Every URL names its alternates: fa, en, and x-default (no language: the browser's).
    const first = chunk.body.split('<url>').find((u) => u.includes('/app/product/1?lng=fa<'))!;
    expect(first).toContain(`hreflang="fa" href="${base}/app/product/1?lng=fa"`);
    expect(first).toContain(`hreflang="en" href="${base}/app/product/1?lng=en"`);
    expect(first).toContain(`hreflang="x-default" href="${base}/app/product/1"`);
    expect(first).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(locs.length).toBe(new Set(locs).size);
    expect((await app.inject('/sitemap-2.xml')).statusCode).toBe(404);
    expect((await app.inject('/sitemap-0.xml')).statusCode).toBe(404);
    expect((await app.inject('/sitemap-abc.xml')).statusCode).toBe(404);
  });

  it('a crawler asking again gets 304; the URLs name the host the crawler asked', async () => {
    const first = await app.inject('/sitemap-1.xml');
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/sitemap-1.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const other = await app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example.ir' } });
    expect(other.body).toContain('http://shop.example.ir/sitemap-1.xml');
  });
});
