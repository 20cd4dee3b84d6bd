import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bannerSchema,
  industrySchema,
  pageSchema,
  productSchema,
  subcollectionSchema,
} from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportCatalogue } from '../src/modules/catalogue/export.ts';
import type { Catalogue } from '../src/modules/catalogue/format.ts';
import { CatalogueError, importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

/**
 * The fixture with the format's optional parts: product 2's price on request, an unpublished
 * product 4 (linked to everything a visitor could reach it by), alt texts on product 1's images
 * and a banner with an image per language.
 */
function optionsCatalogue(): Catalogue {
  const c = fixtureCatalogue();
  c.products[0]!.images = [
    { src: 'images/pistachio.png', alt: { fa: 'پسته در کاسه', en: 'Pistachios in a bowl' } },
    { src: 'https://cdn.example.com/p.jpg' },
  ];
  c.products[1]!.price_range = null;
  c.products.push({
    ...structuredClone(c.products[0]!),
    id: 4,
    title: { fa: 'پسته پنهان', en: 'Hidden pistachio' },
    published: false,
    recommend: true,
  });
  c.banners[0] = { id: 7, image: { fa: 'images/carpet.svg', en: 'images/pistachio.png' } };
  c.reviews.push({
    product: 4,
    name: 'Ali',
    email: 'ali@example.com',
    content: 'hidden',
    creation_date: '2024-09-01T09:00:00Z',
  });
  return c;
}

describeEachDatabase(
  'catalogue options: price on request, unpublished products, alt texts, banners per language',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));
    beforeAll(async () => {
      await importCatalogueFile(
        app.database,
        writeCatalogue(optionsCatalogue()),
        path.join(store().config.dataDir, 'media'),
      );
    });
    const json = async <T>(url: string, schema: z.ZodType<T>): Promise<T> => {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      return schema.parse(res.json());
    };
    const ids = (products: { id: number }[]) => products.map((p) => p.id);

    it('a product whose price is on request has price_range null', async () => {
      expect((await json('/fa/api/store/products/2/', productSchema)).price_range).toBeNull();
      expect((await json('/en/api/store/products/1/', productSchema)).price_range).toEqual({
        start_price: 1000000,
        end_price: 2500000,
        currency_type: 'IRR',
      });
      // Sorting keeps working with it.
      expect(ids(await json('/fa/api/store/products/?ordering=-id', z.array(productSchema)))).toEqual([
        3, 2, 1,
      ]);
    });

    it('an unpublished product is never served: lists, search, filters, counts, detail, writes', async () => {
      expect(ids(await json('/fa/api/store/products/', z.array(productSchema)))).toEqual([1, 2, 3]);
      expect(ids(await json('/fa/api/store/products/?recommend=True/', z.array(productSchema)))).toEqual([
        1, 3,
      ]);
      for (const term of ['پسته', 'pistachio', 'Hidden', 'پنهان']) {
        const page = await json(
          `/en/api/store/products/?search=${encodeURIComponent(term)}&limit=10`,
          pageSchema(productSchema),
        );
        expect(ids(page.results), term).not.toContain(4);
        expect(page.count, term).toBe(page.results.length);
      }
      expect(
        ids(
          await json(
            `/en/api/store/products/?product=${encodeURIComponent('Hidden pistachio')}`,
            z.array(productSchema),
          ),
        ),
      ).toEqual([]);
      const counted = await json('/fa/api/store/products/?limit=1', pageSchema(productSchema));
      expect(counted.count).toBe(3);
      const industries = await json('/fa/api/store/industries/', z.array(industrySchema));
      expect(industries.flatMap((i) => ids(i.industry_products))).not.toContain(4);
      const subcollections = await json('/fa/api/store/subcollections/', z.array(subcollectionSchema));
      expect(subcollections.flatMap((s) => ids(s.products))).not.toContain(4);
      for (const url of [
        '/fa/api/store/products/4/',
        '/fa/api/store/products/4/reviews/',
        '/fa/api/store/products/4/likes/',
      ]) {
        expect((await app.inject(url)).statusCode, url).toBe(404);
      }
      const order = await app.inject({
        method: 'POST',
        url: '/fa/api/store/products/4/orders/',
        payload: { phone: '09121234567' },
      });
      expect(order.statusCode).toBe(404);
    });

    it('image alt texts in the request’s language; banners with an image per language', async () => {
      const fa = await json('/fa/api/store/products/1/', productSchema);
      const en = await json('/en/api/store/products/1/', productSchema);
      expect(fa.images.map((i) => i.alt)).toEqual(['پسته در کاسه', '']);
      expect(en.images.map((i) => i.alt)).toEqual(['Pistachios in a bowl', '']);
      expect((await json('/en/api/store/products/2/', productSchema)).images.map((i) => i.alt)).toEqual(['']);
      const faBanners = await json('/fa/api/store/image-banners/', z.array(bannerSchema));
      const enBanners = await json('/en/api/store/image-banners/', z.array(bannerSchema));
      expect(faBanners[0]!.id).toBe(7);
      expect(faBanners[0]!.image).toMatch(/\.svg$/);
      expect(enBanners[0]!.image).toMatch(/\.png$/);
      // A banner with one image shows it in every language.
      expect(faBanners[1]!.image).toBe(enBanners[1]!.image);
    });

    it('export writes them back, and export then import gives the same store', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-export-'));
      const file = path.join(dir, 'catalogue.json');
      const exported = await exportCatalogue(app.database, file, path.join(store().config.dataDir, 'media'));
      const two = exported.products.find((p) => p.id === 2)!;
      const four = exported.products.find((p) => p.id === 4)!;
      const one = exported.products.find((p) => p.id === 1)!;
      expect(two.price_range).toBeNull();
      expect(four.published).toBe(false);
      expect(one.published).toBeUndefined();
      expect(one.images[0]).toEqual({
        src: expect.stringMatching(/^images\/[0-9a-f]{32}\.png$/),
        alt: { fa: 'پسته در کاسه', en: 'Pistachios in a bowl' },
      });
      expect(one.images[1]).toBe('https://cdn.example.com/p.jpg');
      expect(exported.banners[0]!.image).toEqual({
        fa: expect.stringMatching(/\.svg$/),
        en: expect.stringMatching(/\.png$/),
      });
      const first = fs.readFileSync(file, 'utf8');
      const before = (await app.inject('/en/api/store/products/')).body;
      await importCatalogueFile(app.database, file, path.join(store().config.dataDir, 'media'));
      await exportCatalogue(app.database, file, path.join(store().config.dataDir, 'media'));
      expect(fs.readFileSync(file, 'utf8')).toBe(first);
      expect((await app.inject('/en/api/store/products/')).body).toBe(before);
    });
  },
);

describeEachDatabase('catalogue: the business’s identity (`store`)', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  const identity = {
    name: { fa: 'بازرگانی نمونه', en: 'Sample Trading' },
    description: { fa: 'صادرات خشکبار', en: 'Dried fruit exports' },
    logo: 'images/carpet.svg',
    favicon: 'images/pistachio.png',
    phones: ['02188776655', '09121234567'],
    email: 'info@example.ir',
    address: { fa: 'تهران، خیابان ولیعصر', en: 'Valiasr St, Tehran' },
    map_url: 'https://maps.example/?q=tehran',
    hours: { fa: 'شنبه تا چهارشنبه ۹ تا ۱۷', en: 'Sat–Wed 9–17' },
    social: { instagram: 'https://instagram.com/sample', telegram: 'https://t.me/sample' },
    price_display: 'IRT' as const,
  };

  it('is imported and exported as it was (its images copied)', async () => {
    const media = path.join(store().config.dataDir, 'media');
    await importCatalogueFile(
      app.database,
      writeCatalogue({ ...fixtureCatalogue(), store: identity }),
      media,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-export-'));
    const file = path.join(dir, 'catalogue.json');
    const exported = await exportCatalogue(app.database, file, media);
    expect(exported.store).toEqual({
      ...identity,
      logo: expect.stringMatching(/^images\/[0-9a-f]{32}\.svg$/),
      favicon: expect.stringMatching(/^images\/[0-9a-f]{32}\.png$/),
    });
    expect(fs.existsSync(path.join(dir, exported.store!.logo!))).toBe(true);
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object).slice(0, 3)).toEqual([
      'format',
      'languages',
      'store',
    ]);
    const first = fs.readFileSync(file, 'utf8');
    await importCatalogueFile(app.database, file, media);
    await exportCatalogue(app.database, file, media);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    // A file without it leaves the store without one.
    await importCatalogueFile(app.database, writeCatalogue(), media);
    expect((await exportCatalogue(app.database, file, media)).store).toBeUndefined();
  });
});

describe('catalogue options: what the format refuses', () => {
  it('names the JSON path of a bad image object, banner or flag', async () => {
    const c = optionsCatalogue() as unknown as Record<string, unknown[]>;
    (c.products![0] as Record<string, unknown>).images = [
      { src: 'images/pistachio.png', alt: 'not translated' },
    ];
    (c.products![1] as Record<string, unknown>).published = 'yes';
    (c.banners![1] as Record<string, unknown>).image = { en: 'images/pistachio.png' };
    const { validateCatalogue } = await import('../src/modules/catalogue/validate.ts');
    const result = validateCatalogue(c, path.dirname(writeCatalogue()));
    expect(result.ok).toBe(false);
    const errors = (result as { errors: string[] }).errors.join('\n');
    expect(errors).toContain('products[0].images[0]');
    expect(errors).toContain('products[1].published');
    expect(errors).toContain('banners[1].image');
    const badStore = {
      ...fixtureCatalogue(),
      store: {
        name: { fa: 'x' },
        social: { myspace: 'https://x' },
        map_url: 'javascript:alert(1)',
        logo: 'nope.svg',
      },
    };
    const storeResult = validateCatalogue(badStore, path.dirname(writeCatalogue()));
    const storeErrors = (storeResult as { errors: string[] }).errors.join('\n');
    expect(storeErrors).toContain('store.social');
    expect(storeErrors).toContain('store.map_url');
    expect(CatalogueError).toBeDefined();
  });
});

describeEachDatabase('re-importing an unchanged file', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  it('writes nothing: same version, reviews written since kept; a changed image is a change', async () => {
    const media = store().config.mediaDir;
    const file = writeCatalogue();
    // withFixtureApp imported this very fixture (another copy of the same file and images).
    expect((await importCatalogueFile(app.database, file, media)).unchanged).toBe(true);
    const version = await app.catalogueCache.version();
    const review = await app.inject({
      method: 'POST',
      url: '/en/api/store/products/2/reviews/',
      payload: { name: 'Nima', email: 'nima@example.com', content: 'Kept' },
    });
    expect(review.statusCode).toBe(201);
    const again = await importCatalogueFile(app.database, file, media);
    expect(again.unchanged).toBe(true);
    expect(again.products).toBe(3);
    expect(await app.catalogueCache.version()).toBe(version);
    const reviews = (await app.inject('/en/api/store/products/2/reviews/')).json() as { name: string }[];
    expect(reviews.map((r) => r.name)).toContain('Nima');
    // The same file whose image changed: imported.
    fs.writeFileSync(
      path.join(path.dirname(file), 'images', 'carpet.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect((await importCatalogueFile(app.database, file, media)).unchanged).toBe(false);
    expect(await app.catalogueCache.version()).not.toBe(version);
  });
});
