import { expect, test } from '@playwright/test';
import { freshPhone, navigateInApp, open, openApp } from './support/app.ts';

test.describe('delivery', () => {
  test('deep links answer the app (not cached), hashed assets are immutable, unknown assets 404', async ({
    request,
  }) => {
    const deep = await request.get('/app/news/1');
    expect(deep.status()).toBe(200);
    expect(deep.headers()['cache-control']).toBe('no-cache');
    const html = await deep.text();
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toContain('immutable');
    expect((await request.get('/app/assets/no-such-chunk.js')).status()).toBe(404);
    expect((await request.get('/locales/fa/common.json')).status()).toBe(200);
    const unknown = await request.get('/locales/xx/common.json');
    expect(unknown.status()).toBe(404);
    // A language this store does not serve is named, as under /{lang}/api/.
    expect(await unknown.json()).toMatchObject({ code: 'language_not_found' });
    expect((await request.get('/locales/en/..%2F..%2F..%2Fpackage.json')).status()).toBe(404);
    const root = await request.get('/', { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers().location).toBe('/app/');
    const withQuery = await request.get('/?lng=en', { maxRedirects: 0 });
    expect(withQuery.headers().location).toBe('/app/?lng=en');
  });

  test('/ and /app show home; an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/?lng=en');
    await expect(page).toHaveURL(/\/app\/\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Aria Pars Trading' })).toBeVisible();
    await open(page, '/no/such/page', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Aria Pars Trading' })).toBeVisible();
  });

  test('every route of the spec renders its page', async ({ page }) => {
    test.setTimeout(90_000);
    const routes: [string, RegExp][] = [
      ['/', /Welcome/],
      ['/products', /^Products$/],
      ['/products/search/saffron', /saffron/],
      ['/product/1', /.+/],
      ['/collections/search/Saffron', /Saffron/],
      ['/industries/search/Aria', /Aria/],
      ['/search/?industry=x', /x/],
      ['/news', /^News$/],
      ['/news/1', /.+/],
      ['/aboutus', /^About us$/],
      ['/s', /^Sign in$/],
    ];
    for (const [path, heading] of routes) {
      await open(page, path, 'en');
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
  });

  test('a chunk that fails reloads the page once, then shows the error with a retry that recovers', async ({
    page,
  }) => {
    // In the app (the account's page is its own), to another of its pages whose code cannot be had: the
    // page is loaded again as a document, which is the server's islands page (its code not needed yet).
    await openApp(page, '/s', 'en');
    await page.route('**/assets/about-us-page-*.js', (route) => route.abort());
    const reloaded = page.waitForEvent('load');
    await navigateInApp(page, '/aboutus');
    await reloaded;
    await expect(page).toHaveURL(/\/app\/aboutus$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await page.unroute('**/assets/about-us-page-*.js');

    // The account's list loads at once (the light client): its code failing is said, with a retry
    // that loads it again.
    const username = freshPhone();
    const password = 'Saffron-Harvest-2026';
    await page.request.post('/en/api/auth/users/', {
      data: { username, password, 'Email address': `${username}@example.com` },
    });
    const login = await page.request.post('/en/api/auth/jwt/create/', { data: { username, password } });
    const token = `Bearer ${((await login.json()) as { access: string }).access}`;
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.route('**/assets/my-requests-list-*.js', (route) => route.abort());
    await page.goto('/app/account/requests?lng=en');
    const alert = page.getByRole('alert').filter({ hasText: 'Part of the application could not be loaded' });
    await expect(alert).toBeVisible();
    await page.unroute('**/assets/my-requests-list-*.js');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('You have not sent a request while logged in yet.')).toBeVisible();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  });

  test('a failed data call shows a translated message with a retry', async ({ page }) => {
    // In the app: the about-us page is then drawn by the browser, which makes the call.
    await openApp(page, '/s', 'en');
    await page.route('**/en/api/store/about-us/**', (route) =>
      route.fulfill({ status: 503, body: '{"detail":"down"}' }),
    );
    // In the app (the server's own page would carry the answer).
    await navigateInApp(page, '/aboutus');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'The server did not answer properly (error 503).' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/en/api/store/about-us/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'About Arya Pars Trading Company' })).toBeVisible();
  });
});
