import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appStarted, freshPhone, type Lang } from './support/app.ts';

/**
 * A slow phone shows the server's page for seconds before the app's scripts run. Here the scripts
 * are held (every /app/assets/*.js but the page's first, tiny one, src/early-input.ts) while the
 * visitor presses things, then released: every press leads somewhere. Links and GET forms work at
 * once (sign in, register, search, the product's request); presses on buttons and submissions of
 * the app's forms are held and replayed once the app has hydrated, with what was typed kept.
 */

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../apps/web/public/locales');
const NAMESPACES = ['common', 'pages', 'product'] as const;
type Namespace = (typeof NAMESPACES)[number];
const texts = Object.fromEntries(
  (['fa', 'en'] as const).map((lang) => [
    lang,
    Object.fromEntries(
      NAMESPACES.map((ns) => [
        ns,
        JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree,
      ]),
    ),
  ]),
) as Record<Lang, Record<Namespace, Tree>>;

/** A translated text (no interpolation). */
function tr(lang: Lang, ns: Namespace, key: string): string {
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, texts[lang][ns]);
  if (typeof value !== 'string') throw new Error(`no text for ${ns}:${key}`);
  return value;
}

/**
 * Holds the app's scripts until `release()`; `hold()` holds them again (for the next page). The
 * early-input script always passes: it is what a visitor's browser runs first.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  hold();
  await page.route(/\/app\/assets\/[^?#]+\.js(?:[?#].*)?$/, async (route) => {
    if (!/\/early-input-[^/]*\.js/.test(new URL(route.request().url()).pathname)) await gate;
    await route.continue().catch(() => {});
  });
  return { release: () => release(), hold };
}

const hydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

/** The server's page is shown, its first script has run, the app has not. */
async function serverPageOnly(page: Page): Promise<void> {
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForFunction(() => window.__storefrontEarlyInput !== undefined);
  expect(await hydrated(page)).toBe(false);
}

/** Opens an /app path with the scripts held. */
async function openHeld(page: Page, pagePath: string, lang: Lang) {
  const scripts = await holdScripts(page);
  const separator = pagePath.includes('?') ? '&' : '?';
  await page.goto(`/app${pagePath}${separator}lng=${lang}`, { waitUntil: 'commit' });
  await serverPageOnly(page);
  return scripts;
}

/** Releases the scripts and waits for the app to have taken the page over. */
async function release(page: Page, scripts: { release: () => void }): Promise<void> {
  scripts.release();
  await appStarted(page);
}

/** Watches for hydration errors (a replay must not make the page differ from the server's). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const lang of ['fa', 'en'] as const) {
  const t = (ns: Namespace, key: string) => tr(lang, ns, key);

  test.describe(`before hydration (${lang})`, () => {
    test('sign in: the header link leads to the login page; its form, filled and sent before its scripts run, signs in once they do and goes back', async ({
      page,
    }) => {
      const phone = freshPhone();
      const password = 'Saffron-Tea-2026';
      const created = await page.request.post(`/${lang}/api/auth/users/`, {
        data: { username: phone, password, 'Email address': `${phone}@example.com` },
      });
      expect(created.status()).toBe(201);
      const errors = hydrationErrors(page);

      const scripts = await openHeld(page, '/news', lang);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: t('common', 'auth.login'), exact: true }).click();
      await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Fnews/);
      await serverPageOnly(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('common', 'dialog.title'));
      await expect(main.getByRole('link', { name: t('common', 'dialog.loginTab') })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await main.getByLabel(t('common', 'dialog.phone')).fill(phone);
      await main.getByLabel(t('common', 'dialog.password')).fill(password);
      await main.getByRole('button', { name: t('common', 'dialog.submitLogin'), exact: true }).click();
      // Held: the page stays, nothing went into the URL.
      await expect(page).toHaveURL(
        new RegExp(`/app/login\\?next=%2Fapp%2Fnews%3Flng%3D${lang}&lng=${lang}$`),
      );
      expect(await hydrated(page)).toBe(false);

      await release(page, scripts);
      // Signed in (the toast lives a second before the page goes): back where the visitor was.
      await expect(page).toHaveURL(new RegExp(`/app/news\\?lng=${lang}$`), { timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer \S+$/);
      expect(errors).toEqual([]);
    });

    test('register (390 px): the header link leads to the register page; sent before hydration, it registers and shows the login tab with the phone', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      const phone = freshPhone();
      const password = 'Saffron-Tea-2026';
      const scripts = await openHeld(page, '/products', lang);
      await page
        .getByRole('banner')
        .getByRole('button', { name: t('common', 'auth.register'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/app\/register\?next=/);
      await serverPageOnly(page);
      const main = page.getByRole('main');
      await main.getByLabel(t('common', 'dialog.phone')).fill(phone);
      await main.getByLabel(t('common', 'dialog.email')).fill(`${phone}@example.com`);
      await main.getByLabel(t('common', 'dialog.password'), { exact: true }).fill(password);
      await main.getByLabel(t('common', 'dialog.repeatPassword')).fill(password);
      await main.getByLabel(t('common', 'dialog.acceptTerms')).check();
      await main.getByRole('button', { name: t('common', 'dialog.submitRegister'), exact: true }).click();
      expect(await hydrated(page)).toBe(false);

      await release(page, scripts);
      await expect(page).toHaveURL(/\/app\/login\?next=/);
      await expect(main.getByLabel(t('common', 'dialog.phone'))).toHaveValue(phone);
      const login = await page.request.post(`/${lang}/api/auth/jwt/create/`, {
        data: { username: phone, password },
      });
      expect(login.status()).toBe(200);
    });

    test('without the app: a search is redirected to its page; each account page is drawn for its way back', async ({
      request,
    }) => {
      const term = lang === 'fa' ? 'پسته ایرانی' : 'pistachio nuts';
      const search = await request.get(
        `/app/products/search?lng=${lang}&q=${encodeURIComponent(` ${term} `)}`,
        {
          maxRedirects: 0,
        },
      );
      expect(search.status()).toBe(302);
      expect(search.headers()['location']).toBe(
        `/app/products/search/${encodeURIComponent(term)}?lng=${lang}`,
      );
      const empty = await request.get(`/app/products/search?q=&lng=${lang}`, { maxRedirects: 0 });
      expect(empty.headers()['location']).toBe(`/app/products?lng=${lang}`);

      for (const next of ['/app/news', '/app/products?lng=en']) {
        const page = await request.get(`/app/login?next=${encodeURIComponent(next)}&lng=${lang}`);
        expect(page.status()).toBe(200);
        const html = await page.text();
        expect(html).toContain(`href="/app/register?next=${encodeURIComponent(next)}&amp;lng=${lang}"`);
        expect(html).toContain('<meta name="robots" content="noindex">');
      }
    });

    for (const width of [390, 1280]) {
      test(`search (${width} px): the box is a form that submits before hydration`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        const scripts = await openHeld(page, '/', lang);
        const term = lang === 'fa' ? 'پسته' : 'pistachio';
        const box = page.getByRole('search').getByRole('searchbox');
        await box.fill(term);
        await box.press('Enter');
        await expect(page).toHaveURL(
          new RegExp(`/app/products/search/${encodeURIComponent(term)}\\?lng=${lang}$`),
        );
        await expect(page.getByRole('main')).toContainText(term);
        await release(page, scripts);
        await expect(page.getByRole('main')).toContainText(term);
      });
    }

    test('the language switch: the globe pressed before hydration opens its menu once the app runs; the languages are links', async ({
      page,
    }) => {
      const other = lang === 'fa' ? 'en' : 'fa';
      const scripts = await openHeld(page, '/products', lang);
      await page.getByRole('button', { name: new RegExp(t('common', 'language.switch')) }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await release(page, scripts);
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const item = menu.locator(`[lang="${other}"]`);
      await expect(item).toHaveAttribute('href', `/app/products?lng=${other}`);
      await item.click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      // The products are an islands page: the switch is the link, the page loaded in the other language.
      await expect(page).toHaveURL(new RegExp(`/app/products\\?lng=${other}$`));
    });

    test("the product's request button leads to ?status=open, where the dialog opens", async ({ page }) => {
      const scripts = await openHeld(page, '/product/1', lang);
      await page.getByRole('button', { name: t('product', 'request'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/product/1\\?lng=${lang}&status=open$`));
      await serverPageOnly(page);
      await release(page, scripts);
      await expect(page.getByRole('dialog', { name: t('product', 'dialog.title') })).toBeVisible();
    });

    test('product page: a tab and the like button pressed before hydration act once it runs', async ({
      page,
    }) => {
      const scripts = await openHeld(page, '/product/1', lang);
      const properties = page.getByRole('tab', { name: t('product', 'tabs.properties') });
      await properties.click();
      await expect(properties).toHaveAttribute('aria-selected', 'false');
      await release(page, scripts);
      await expect(properties).toHaveAttribute('aria-selected', 'true');

      // Again, with the like button: a visitor goes to the sign-in target.
      const held = await openHeld(page, '/product/1', lang);
      await page.getByRole('main').getByTestId('like-button').first().click();
      await release(page, held);
      // With the way back in the query (an islands page's navigation is a document load).
      await expect(page).toHaveURL(/\/app\/s\?next=%2Fapp%2Fproduct%2F1/);
    });

    test('product list: sort, load more and the quick view pressed before hydration act once it runs', async ({
      page,
    }) => {
      const scripts = await openHeld(page, '/products', lang);
      const sort = page.getByRole('button', { name: new RegExp(`^${t('pages', 'products.sortLabel')}`) });
      await expect(sort).toContainText(t('pages', 'products.sortOldest'));
      await sort.click();
      await release(page, scripts);
      await expect(sort).toContainText(t('pages', 'products.sortNewest'));

      const more = await openHeld(page, '/products', lang);
      const cards = page.getByRole('main').getByRole('article');
      const first = await cards.count();
      await page.getByRole('button', { name: t('pages', 'products.loadMore') }).click();
      await release(page, more);
      await expect.poll(() => cards.count()).toBeGreaterThan(first);

      const view = await openHeld(page, '/products', lang);
      await cards
        .first()
        .getByRole('button', { name: t('pages', 'products.show') })
        .click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await release(page, view);
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test('home: the welcome box opens and the newsletter sends what was typed before hydration', async ({
      page,
    }) => {
      const scripts = await openHeld(page, '/', lang);
      const box = page.getByRole('complementary', { name: t('pages', 'welcome.label') });
      await box.getByRole('button', { name: t('pages', 'welcome.open') }).click();
      const email = page.getByLabel(t('common', 'footer.newsletterEmail'));
      await email.fill(`news-${freshPhone()}@example.com`);
      // The floating box covers the footer's corner until the app reserves its room: Enter sends.
      await email.press('Enter');
      expect(await hydrated(page)).toBe(false);
      await release(page, scripts);
      await expect(box.getByLabel(t('pages', 'welcome.phone'))).toBeVisible();
      await expect(page.getByText(t('common', 'sentSuccessfully'))).toBeVisible();
      await expect(email).toHaveValue('');
    });

    test('390 px: the menu button pressed before hydration opens the menu once the app runs', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      const scripts = await openHeld(page, '/news', lang);
      await page.getByRole('button', { name: t('common', 'nav.menu') }).click();
      await release(page, scripts);
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitem', { name: t('common', 'nav.aboutUs') })).toBeVisible();
    });

    test('1280 px: the categories button pressed before hydration opens the mega-menu once the app runs', async ({
      page,
    }) => {
      const scripts = await openHeld(page, '/news', lang);
      const toggle = page.getByRole('button', { name: t('common', 'nav.openCategories') });
      await toggle.click();
      await release(page, scripts);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    });
  });
}

declare global {
  interface Window {
    __storefrontEarlyInput?: unknown;
  }
}
