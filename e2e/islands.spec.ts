/**
 * Islands pages (apps/web/src/app/islands.tsx; docs/storefront.md, Islands): a product, a news post
 * and the about-us page are the server's markup with a few React roots, each loaded when first used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appStarted, freshPhone, type Lang } from './support/app.ts';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../apps/web/public/locales');

/** The translated text of a key (no interpolation), from the app's translation files. */
function tr(lang: Lang, key: string, ns: 'common' | 'product' = 'common'): string {
  const tree = JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree;
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree);
  if (typeof value !== 'string') throw new Error(`no text for ${ns}:${key}`);
  return value;
}

/** The script files the page asked for, by name without their hash. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const name = /\/app\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (name && request.resourceType() === 'script') seen.push(name);
  });
  return seen;
}

const islandHydrated = (page: Page, name: string) =>
  page.evaluate(
    (island) =>
      document.querySelector(`[data-island="${island}"]`)?.hasAttribute('data-island-hydrated') ?? false,
    name,
  );

for (const lang of ['fa', 'en'] as const) {
  test(`a product page (${lang}) loads no React until a part of it is used; then only that part hydrates`, async ({
    page,
  }) => {
    const loaded = scripts(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/app/product/1?lng=${lang}`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-islands-armed')),
    ).toBe(true);
    // The early-input script and the islands' loader: nothing of React, the router or the app.
    expect(loaded.filter((name) => !['early-input', 'islands', 'loader'].includes(name))).toEqual([]);
    // The tab's title is the app's (the product's title).
    await expect(page).toHaveTitle(await page.getByRole('heading', { level: 1 }).innerText());

    // A press on a tab: the product's panel loads, hydrates and takes the press; the header does not.
    const properties = page.getByRole('tab', { name: tr(lang, 'tabs.properties', 'product') });
    await properties.click();
    await expect(properties).toHaveAttribute('aria-selected', 'true');
    expect(await islandHydrated(page, 'product')).toBe(true);
    expect(await islandHydrated(page, 'header')).toBe(false);
    expect(loaded).toContain('island-client');
    expect(errors).toEqual([]);
  });

  test(`the language switch on an islands page (${lang}) loads the page in the other language, and it is kept`, async ({
    page,
  }) => {
    const other = lang === 'fa' ? 'en' : 'fa';
    await page.goto(`/app/news/1?lng=${lang}`);
    await appStarted(page);
    await page
      .getByRole('button', { name: tr(lang, 'language.switch') })
      .first()
      .click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: other === 'en' ? 'English' : 'فارسی' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/news/1\\?lng=${other}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await appStarted(page);
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe(other);
    // The next page, without lng, comes in the chosen language (the cookie).
    await page.goto('/app/aboutus');
    await expect(page.locator('html')).toHaveAttribute('lang', other);
  });
}

test('a visitor whose kept language is not the page’s gets the page in it from the server', async ({
  page,
}) => {
  await page.goto('/app/product/1?lng=fa');
  await appStarted(page);
  // English kept in this browser's storage only: no cookie, so the server draws the page in the
  // browser's language (Persian: the suite's locale is fa-IR); the page is then loaded in English.
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
  await page.context().clearCookies();
  const loaded = scripts(page);
  await page.goto('/app/product/1');
  await expect(page).toHaveURL(/\/app\/product\/1\?lng=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await appStarted(page);
  expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-islands-armed'))).toBe(
    true,
  );
  expect(loaded).not.toContain('index');
  await page.getByRole('tab', { name: tr('en', 'tabs.properties', 'product') }).click();
  await expect(page.getByRole('tab', { name: tr('en', 'tabs.properties', 'product') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('a signed-in visitor keeps the islands: only those that draw the visitor’s own state load at once', async ({
  page,
}) => {
  const username = freshPhone();
  const password = 'Saffron-Harvest-2026';
  expect(
    (
      await page.request.post('/en/api/auth/users/', {
        data: { username, password, 'Email address': `${username}@example.com` },
      })
    ).status(),
  ).toBe(201);
  const login = await page.request.post('/en/api/auth/jwt/create/', { data: { username, password } });
  const token = `Bearer ${((await login.json()) as { access: string }).access}`;
  const loaded = scripts(page);
  await page.goto('/app/news/1?lng=en');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.reload();
  await appStarted(page);
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  // Nothing on a post is the visitor's own but the header's controls, which the server drew for both
  // kinds of visitor: the signed-in ones are shown with no script, and nothing hydrates.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: tr('en', 'auth.myRequests') })).toBeVisible();
  await expect(header.getByRole('button', { name: tr('en', 'auth.login') })).toHaveCount(0);
  expect(await islandHydrated(page, 'header')).toBe(false);
  expect(await islandHydrated(page, 'newsletter')).toBe(false);
  expect(loaded.filter((name) => !['early-input', 'islands', 'loader'].includes(name))).toEqual([]);

  // Logging out before the header has hydrated: the press is held, the header hydrates and takes it;
  // home comes a second later, signed out.
  const home = page.waitForEvent('load');
  await header.getByRole('button', { name: tr('en', 'auth.logout') }).click();
  await home;
  await expect(page).toHaveURL(/\/app\/?(\?.*)?$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: tr('en', 'auth.login') })).toBeVisible();

  // On a product, its panel (the supplier's phone, the like) is the visitor's own: it loads at once.
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto('/app/product/1?lng=en');
  await appStarted(page);
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('[data-island="product"]') ?? {}).some((key) =>
      key.startsWith('__reactContainer'),
    ),
  );
  expect(await islandHydrated(page, 'header')).toBe(false);
});

test('a product’s ?status=open page is its own: the plain page is not drawn with the dialog open', async ({
  request,
}) => {
  const open = await (await request.get('/app/product/3?lng=en&status=open')).text();
  expect(open).toMatch(/data-island="product"[^>]*data-island-load="load"/);
  const plain = await (await request.get('/app/product/3?lng=en')).text();
  expect(plain).toMatch(/data-island="product"[^>]*data-island-load="interaction"/);
});

test('a request sent from an islands page before anything else was used', async ({ page }) => {
  await page.goto('/app/product/2?lng=en');
  await appStarted(page);
  await page.getByRole('button', { name: tr('en', 'request', 'product'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tr('en', 'dialog.title', 'product') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(tr('en', 'dialog.phone', 'product')).fill(freshPhone());
  await dialog.getByRole('button', { name: tr('en', 'dialog.submit', 'product') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: tr('en', 'orderSubmittedSuccessfully', 'product') }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('before the welcome box hydrates, the page keeps room below its end for it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/app/?lng=en');
  await appStarted(page);
  expect(await islandHydrated(page, 'welcome')).toBe(false);
  const box = page.getByTestId('welcome-box');
  await expect(box).toBeVisible();
  const height = (await box.boundingBox())!.height;
  // The footer's last lines can be scrolled out from under the box (the box keeps the room itself
  // once hydrated).
  await expect
    .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom)))
    .toBeCloseTo(height + 24, 0);
});
