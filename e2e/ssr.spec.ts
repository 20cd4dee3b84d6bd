import { expect, test, type Page } from '@playwright/test';
import { appStarted } from './support/app.ts';

/**
 * Server-side rendering (apps/web/src/entry-server.tsx, apps/server/src/modules/web/ssr.ts): the first
 * byte of every page holds its content and data; the app hydrates it without a mismatch and without
 * fetching again; the page reads with JavaScript off; the language is the server's choice (lng, the
 * i18next cookie, Accept-Language, fa) and the app keeps it.
 */

const PAGES = ['/', '/products', '/product/1', '/news', '/news/1', '/aboutus', '/industries/search/x', '/s'];

/** Console errors and the API/translation calls the page makes, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/(fa|en)\/api\//.test(url.pathname) || url.pathname.startsWith('/locales/'))
      calls.push(url.pathname);
  });
  return { errors, calls };
}

test.describe('server-side rendering', () => {
  test('the first byte holds the page: content, language, data for the app', async ({ request }) => {
    const product = await request.get('/app/product/1?lng=en');
    expect(product.status()).toBe(200);
    const html = await product.text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    const root =
      /<div id="root"[^>]*>([\s\S]*)<\/div><script type="application\/json" id="storefront-state">/.exec(
        html,
      );
    expect(root, 'the app markup is in the root element').not.toBeNull();
    expect(root![1]).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(root![1]).toContain('data-testid="price-range"');
    // No inline script runs (the Content-Security-Policy allows none): the state is a data block.
    expect(html).not.toMatch(/<script>/);
    const state = JSON.parse(/id="storefront-state">([^<]*)<\/script>/.exec(html)![1]!) as {
      language: string;
      queries: { queries: { queryKey: unknown[] }[] };
    };
    expect(state.language).toBe('en');
    expect(state.queries.queries.map((query) => query.queryKey)).toContainEqual([
      'en',
      'store',
      'products',
      1,
    ]);

    // Unknown product: 404 with the not-found page drawn.
    const missing = await request.get('/app/product/999999?lng=en');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Product not found');
  });

  test('hostile URLs are rendered safely: no 500, nothing of them runs', async ({ request }) => {
    const hostile = [
      '/app/product/%00',
      '/app/products/search/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/app/products/search/${'ز'.repeat(60)}`,
      '/app/search?industry=%00&product=%FF&subCollection=%3Cimg%20src%3Dx%3E',
      '/app/news/99999999999999999999',
      '/app/industries/search/%E2%80%8C',
      '/app/?lng=%00',
      '/app/s?next=//evil.example',
    ];
    for (const url of hostile) {
      const answer = await request.get(url);
      expect(answer.status(), url).toBeLessThan(500);
      const html = await answer.text();
      expect(html, url).not.toMatch(/<script>alert|<img src=x>/);
    }
  });

  test('the language: lng, then the i18next cookie, then Accept-Language, then Persian', async ({
    playwright,
    baseURL,
  }) => {
    const lang = async (headers: Record<string, string>, query = '') => {
      const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
      const html = await (await context.get(`/app/news${query}`)).text();
      await context.dispose();
      return /<html lang="(\w+)"/.exec(html)?.[1];
    };
    expect(await lang({ 'Accept-Language': 'en-US,en;q=0.9' })).toBe('en');
    expect(await lang({ 'Accept-Language': 'en-US', Cookie: 'i18next=fa' })).toBe('fa');
    expect(await lang({ Cookie: 'i18next=en' }, '?lng=fa')).toBe('fa');
    expect(await lang({ Cookie: 'i18next=en' })).toBe('en');
    expect(await lang({ 'Accept-Language': 'de-DE' })).toBe('fa');
  });

  for (const lang of ['fa', 'en'] as const) {
    test(`every page hydrates in ${lang} without a mismatch and without fetching its data again`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const seen = watch(page);
      for (const path of PAGES) {
        seen.errors.length = 0;
        seen.calls.length = 0;
        await page.goto(`/app${path}${path.includes('?') ? '&' : '?'}lng=${lang}`);
        await appStarted(page);
        await page.waitForLoadState('networkidle');
        expect(seen.errors, `${path}: console errors`).toEqual([]);
        expect(seen.calls, `${path}: calls after the server's render`).toEqual([]);
      }
      // Hydrated means working: a client-side navigation fetches the next page's data.
      await page.goto(`/app/news?lng=${lang}`);
      await appStarted(page);
      await page.locator('[data-testid="news-grid"] a').first().click();
      await expect(page).toHaveURL(/\/app\/news\/\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('with JavaScript off the store reads: content, links, images, prices', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/app/?lng=en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Aria Pars Trading' })).toBeVisible();
    await expect(page.locator('main img').first()).toHaveAttribute('src', /\/media\//);
    // A product card is a link that leads to the product page, drawn by the server.
    const card = page.locator('main a[href^="/app/product/"]').first();
    await card.click();
    await expect(page).toHaveURL(/\/app\/product\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByTestId('price-range')).toBeVisible();
    // The header's links work too (the cookie is not set without JavaScript: Accept-Language says en).
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(page.locator('main article, main a[href^="/app/news/"]').first()).toBeVisible();
    await context.close();
  });

  test('nothing moves when the app takes over: carousels are laid out before their code runs', async ({
    browser,
  }) => {
    // One page: the server's layout is measured while the app's scripts are held back, then again once
    // they ran and the app hydrated. (Two pages, one without JavaScript, would compare two loads that
    // may differ in what a font or a concurrent test's write did in between.)
    const slides = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('main [data-slide]')].slice(0, 6).map((slide) => {
          const r = slide.getBoundingClientRect();
          return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
        }),
      );
    /** Fonts in use and the images fetched at once are in: the layout is the one the visitor keeps. */
    const settled = (page: Page) =>
      page.waitForFunction(
        () =>
          document.fonts.status === 'loaded' &&
          [...document.images].filter((img) => img.loading !== 'lazy').every((img) => img.complete),
      );
    for (const [width, path] of [
      [390, '/app/?lng=en'],
      [1280, '/app/?lng=fa'],
      [1280, '/app/product/1?lng=en'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.js(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator('main [data-slide]').first().waitFor({ state: 'attached' });
      await settled(page);
      const before = await slides(page);
      expect(before.length, `${path} at ${width}`).toBeGreaterThan(0);
      const hydrated = await page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
      expect(hydrated, `${path}: measured before the app ran`).toBe(false);
      release();
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      await settled(page);
      expect(await slides(page), `${path} at ${width}`).toEqual(before);
      await context.close();
    }
  });

  test('the language chosen in the app sets the cookie: the next page comes from the server in it', async ({
    page,
  }) => {
    await page.goto('/app/news?lng=fa');
    await appStarted(page);
    await page.getByRole('button', { name: /تغییر زبان/ }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'i18next')?.value).toBe('en');
    const answer = await page.request.get('/app/aboutus');
    expect(await answer.text()).toMatch(/<html lang="en"/);
  });

  test('a language kept only in local storage wins over the server: the app renders itself in it', async ({
    page,
  }) => {
    const seen = watch(page);
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/app/aboutus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    expect(seen.errors).toEqual([]);
  });
});
