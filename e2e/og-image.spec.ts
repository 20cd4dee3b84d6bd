import { expect, test } from '@playwright/test';

/**
 * Link previews (apps/server/src/modules/web/page-head.ts): every page, in fa and en, carries an
 * absolute og:image and the same twitter:image, and the image answers.
 */

const PAGES = [
  '/',
  '/products',
  '/product/1',
  '/news',
  '/news/1',
  '/aboutus',
  '/search',
  '/products/search/x',
  '/industries/search/x',
  '/login',
];

for (const lng of ['fa', 'en'] as const) {
  test(`every page has an absolute og:image that answers (${lng})`, async ({ page, request }) => {
    for (const path of PAGES) {
      await page.goto(`/app${path}?lng=${lng}`);
      const og = await page.locator('meta[property="og:image"]').getAttribute('content');
      const twitter = await page.locator('meta[name="twitter:image"]').getAttribute('content');
      expect(og, path).toMatch(/^https?:\/\/[^/]+\//);
      expect(twitter, path).toBe(og);
      const image = await request.get(og!);
      expect(image.status(), `${path}: ${og}`).toBe(200);
      expect(image.headers()['content-type'], `${path}: ${og}`).toMatch(/^image\//);
    }
  });
}

test('the default preview draws the store’s name: a 1200×630 PNG', async ({ request }) => {
  for (const lng of ['fa', 'en']) {
    const image = await request.get(`/og-image.png?lng=${lng}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    // The PNG header's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  }
});
