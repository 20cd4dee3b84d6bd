import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { writeCatalogue } from '../src/modules/catalogue/writes.ts';
import { withFixtureApp } from './support/app.ts';
import { createTestStore, describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue } from './support/fixture.ts';

/** The JSON-LD objects of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describeEachDatabase('each page’s head, in its language, in the first byte', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  const base = 'http://localhost:80';
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ url, headers });
    return { status: res.statusCode, html: res.body, headers: res.headers };
  };

  it('a product: title, description, canonical, alternates, preview image, Product and BreadcrumbList', async () => {
    const product = fixtureCatalogue().products[0]!;
    for (const [url, lang, dir] of [
      ['/app/product/1', 'fa', 'rtl'],
      ['/app/product/1?lng=en', 'en', 'ltr'],
    ] as const) {
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
      const title = lang === 'en' ? product.title.en! : 'پسته كرماني اكبري';
      expect(html).toMatch(new RegExp(`<title>${title} \\| [^<]+</title>`));
      expect(meta(html, 'name', 'description')).toBe(
        lang === 'en' ? product.short_description.en : product.short_description.fa,
      );
      expect(html).toContain(
        `<link rel="canonical" href="${base}/app/product/1${lang === 'en' ? '?lng=en' : ''}">`,
      );
      expect(html).toContain(`<link rel="alternate" hreflang="fa" href="${base}/app/product/1?lng=fa">`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${base}/app/product/1?lng=en">`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/app/product/1">`);
      expect(meta(html, 'property', 'og:image')).toMatch(/^http:\/\/localhost:80\/media\/[0-9a-f]{32}\.png$/);
      expect(meta(html, 'property', 'og:type')).toBe('product');
      const [ld, crumbs] = jsonLd(html);
      expect(ld).toMatchObject({
        '@type': 'Product',
        sku: '1',
        brand: { '@type': 'Brand' },
        manufacturer: { '@type': 'Organization' },
        offers: {
          '@type': 'AggregateOffer',
          lowPrice: product.price_range!.start_price,
          highPrice: product.price_range!.end_price,
          priceCurrency: 'IRR',
          availability: 'https://schema.org/InStock',
        },
      });
      expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
      expect((crumbs!.itemListElement as unknown[]).length).toBe(3);
    }
  });

  it('a product whose price is on request has no offer; text that could close the script is escaped', async () => {
    const { writeCatalogue } = await import('../src/modules/catalogue/writes.ts');
    const base3 = fixtureCatalogue().products[2]!;
    await writeCatalogue(app.database, (w) =>
      w.put('product', [
        { ...base3, title: { fa: 'بسته </script><script>alert(1)</script>', en: 'x' }, price_range: null },
      ]),
    );
    const { html } = await page('/app/product/3');
    expect(html).not.toContain('<script>alert(1)');
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'بسته </script><script>alert(1)</script>' });
    expect(ld).not.toHaveProperty('offers');
  });

  it('news, about us, home (Organization, WebSite with a SearchAction); an unknown id is a 404 with noindex', async () => {
    const post = await page('/app/news/1?lng=en');
    const [article] = jsonLd(post.html);
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      datePublished: expect.stringMatching(/^\d{4}-/) as unknown,
    });
    expect(meta(post.html, 'property', 'og:type')).toBe('article');
    const about = await page('/app/aboutus');
    expect(jsonLd(about.html)[0]).toMatchObject({ '@type': 'AboutPage' });
    const home = await page('/app/');
    const [organization, website] = jsonLd(home.html);
    expect(organization).toMatchObject({ '@type': 'Organization' });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' },
    });
    for (const url of ['/app/product/999', '/app/news/999', '/app/product/x']) {
      const missing = await page(url);
      expect(missing.status, url).toBe(404);
      expect(missing.html, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('the account pages (/app/login, /app/register) are named by their tab and never indexed', async () => {
    for (const [url, title] of [
      ['/app/login', 'ورود'],
      ['/app/register?lng=en', 'Register'],
    ] as const) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toMatch(new RegExp(`<title>${title} \\| [^<]+</title>`));
      expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('a rendered page is kept per catalogue version and language: a catalogue change is seen at once', async () => {
    const { writeCatalogue } = await import('../src/modules/catalogue/writes.ts');
    const first = await page('/app/product/2?lng=en');
    expect((await page('/app/product/2?lng=en')).html).toBe(first.html);
    const brotli = await app.inject({ url: '/app/product/2?lng=en', headers: { 'accept-encoding': 'br' } });
    if (first.html.length >= 1024) expect(brotli.headers['content-encoding']).toBe('br');
    const product = fixtureCatalogue().products[1]!;
    await writeCatalogue(app.database, (w) =>
      w.put('product', [{ ...product, title: { ...product.title, en: 'Renamed carpet' } }]),
    );
    expect((await page('/app/product/2?lng=en')).html).toContain('<title>Renamed carpet |');
    expect((await page('/app/product/2')).html).not.toContain('Renamed carpet');
  });

  it('a page without lng is the x-default page: its own canonical, in the browser’s language', async () => {
    const { html } = await page('/app/products', { 'accept-language': 'en' });
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(`<link rel="canonical" href="${base}/app/products">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/app/products">`);
    const fa = await page('/app/products?lng=fa', { 'accept-language': 'en' });
    expect(fa.html).toContain(`<link rel="canonical" href="${base}/app/products?lng=fa">`);
  });

  it('the language: lng, then the i18next cookie, then Accept-Language, then fa', async () => {
    expect((await page('/app/products')).html).toContain('<html lang="fa" dir="rtl">');
    expect((await page('/app/products', { cookie: 'i18next=en' })).html).toContain(
      '<html lang="en" dir="ltr">',
    );
    expect((await page('/app/products', { 'accept-language': 'en-US,en;q=0.9' })).html).toContain(
      '<html lang="en"',
    );
    expect((await page('/app/products?lng=fa', { cookie: 'i18next=en' })).html).toContain('<html lang="fa"');
    expect((await page('/app/products?lng=<script>')).html).toContain('<html lang="fa"');
  });

  it('a language chosen by ?lng= is kept in the i18next cookie by the page itself, before any script', async () => {
    const chosen = await page('/app/products?lng=en', { cookie: 'i18next=fa', 'accept-language': 'fa' });
    const setCookie = ([] as string[]).concat(chosen.headers['set-cookie'] ?? []);
    const kept = setCookie.find((cookie) => cookie.startsWith('i18next='));
    expect(kept).toMatch(/^i18next=en; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(chosen.headers['cache-control']).toBe('private, no-cache');
    // The next page, with that cookie and no lng, is in the chosen language.
    const next = await page('/app/news', { cookie: kept!.split(';')[0]!, 'accept-language': 'fa' });
    expect(next.html).toContain('<html lang="en" dir="ltr">');
    // Nothing to keep: the cookie already holds it, no lng, or an lng that is not served.
    for (const [url, cookie] of [
      ['/app/products?lng=en', 'i18next=en'],
      ['/app/products', 'i18next=fa'],
      ['/app/products?lng=%3Cscript%3E', ''],
    ] as const) {
      const res = await page(url, cookie ? { cookie } : {});
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.some((c) => c.startsWith('i18next='))).toBe(false);
    }
  });

  it('every page has an absolute og:image: its own, else the logo, else its list’s first product image', async () => {
    const imageOf = async (id: number) =>
      ((await app.inject(`/fa/api/store/products/${id}/`)).json() as { images: { image: string }[] })
        .images[0]!.image;
    const pistachio = await imageOf(1);
    const carpet = await imageOf(2);
    expect(pistachio).toMatch(/^http:\/\/localhost:80\/media\//);
    const images = async (url: string) => {
      const { status, html } = await page(url);
      expect(status, url).toBe(url.includes('999') ? 404 : 200);
      const og = meta(html, 'property', 'og:image');
      expect(meta(html, 'name', 'twitter:image'), url).toBe(og);
      return og;
    };
    const q = encodeURIComponent;
    // The fixture store has no logo: each list shows its first product's image.
    for (const [url, expected] of [
      ['/app/', pistachio],
      ['/app/?lng=en', pistachio],
      ['/app/products', pistachio],
      ['/app/products?lng=en', pistachio],
      ['/app/search', pistachio],
      [`/app/products/search/${q('فرش')}`, carpet],
      [`/app/collections/search/${q('صنایع دستی')}`, carpet],
      [`/app/collections/search/${q('Handicrafts')}?lng=en`, carpet],
      [`/app/collections/search/${q('فرش دست‌باف')}`, carpet],
      [`/app/industries/search/${q('بازرگانی کرمان')}`, pistachio],
      ['/app/product/2', carpet],
    ] as const) {
      expect(await images(url), url).toBe(expected);
    }
    // News: the first post with an image (the newest has none).
    expect(await images('/app/news')).toMatch(/^http:\/\/localhost:80\/media\/.+\.svg$/);
    // Pages with no list: the default image, drawn from the store's name.
    for (const url of [
      '/app/aboutus',
      '/app/login',
      '/app/product/999',
      `/app/products/search/${q('zzzz')}`,
    ]) {
      expect(await images(url), url).toMatch(/^http:\/\/localhost:80\/og-image\.png\?lng=fa&v=[0-9a-f]{12}$/);
    }

    // With a logo, the logo is every page's image but a product's or a post's own.
    await writeCatalogue(app.database, (w) =>
      w.setStore({ name: { fa: 'فروشگاه آزمایشی' }, logo: 'images/carpet.svg' }),
    );
    try {
      const logo = await images('/app/aboutus');
      expect(logo).toMatch(/^http:\/\/localhost:80\/media\/.+\.svg$/);
      for (const url of ['/app/', '/app/products', `/app/collections/search/${q('خشکبار')}`, '/app/news']) {
        expect(await images(url), url).toBe(logo);
      }
      expect(await images('/app/product/1')).toBe(pistachio);
    } finally {
      await writeCatalogue(app.database, (w) => w.setStore(null));
    }
  });

  it('a store with no image at all: the default image, the store’s name drawn, 1200×630 PNG', async () => {
    const empty = await createTestStore(store().dialect);
    const bare = await buildApp(empty.config);
    try {
      const ogOf = async (url: string) => {
        const res = await bare.inject(url);
        expect(res.statusCode, url).toBe(200);
        const og = meta(res.body, 'property', 'og:image');
        expect(meta(res.body, 'name', 'twitter:image'), url).toBe(og);
        expect(og, url).toMatch(/^http:\/\/localhost:80\/og-image\.png\?lng=(fa|en)&v=[0-9a-f]{12}$/);
        return og!;
      };
      const unnamed = await ogOf('/app/');
      for (const url of ['/app/products', '/app/news', '/app/aboutus', '/app/search']) {
        expect(await ogOf(url), url).toBe(unnamed);
      }
      await writeCatalogue(bare.database, (w) =>
        w.setStore({ name: { fa: 'بازرگانی نمونه‌ی پارس', en: 'Sample Trading' } }),
      );
      // A new name is a new URL (sites that cached the old preview fetch the new one).
      const fa = await ogOf('/app/products');
      const en = await ogOf('/app/products?lng=en');
      expect(fa).not.toBe(unnamed);
      expect(en).not.toBe(fa);
      expect(en).toContain('lng=en');
      for (const url of [fa, en]) {
        const res = await bare.inject(new URL(url).pathname + new URL(url).search);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=86400');
        const info = await sharp(res.rawPayload).metadata();
        expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
        // Kept: the same bytes again, or 304 for the client that has them.
        const again = await bare.inject({ url: new URL(url).pathname + new URL(url).search });
        expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
        const cached = await bare.inject({
          url: new URL(url).pathname + new URL(url).search,
          headers: { 'if-none-match': String(res.headers.etag) },
        });
        expect(cached.statusCode).toBe(304);
      }
      // The two languages draw different names.
      const faPng = (await bare.inject(new URL(fa).pathname + new URL(fa).search)).rawPayload;
      const enPng = (await bare.inject(new URL(en).pathname + new URL(en).search)).rawPayload;
      expect(faPng.equals(enPng)).toBe(false);
    } finally {
      await bare.close();
      await empty.cleanup();
    }
  });
});
