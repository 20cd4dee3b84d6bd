import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue } from './support/fixture.ts';

/** The JSON-LD objects of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];

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
});
