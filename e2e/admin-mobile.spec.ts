import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office on a phone and its date pickers, on a server of its own (demo store): at 390 px the
 * navigation is one "Menu" button opening a drawer (from the right in fa) that Escape closes, giving
 * focus back, and that a chosen link closes; list filters fold behind a "Filters" button saying how
 * many are set; axe finds nothing serious; at 1280 px the navigation is the side list as before. In fa
 * the inbox's day filters are Jalali pickers that put ISO days in the URL.
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long enough password';
let server: ServerProcess;
let owner: BrowserContext;

const TEXT = {
  fa: {
    menu: 'منو',
    close: 'بستن منو',
    nav: 'اصلی',
    products: 'محصولات',
    filters: 'فیلترها',
    search: 'جستجو در عنوان',
  },
  en: {
    menu: 'Menu',
    close: 'Close menu',
    nav: 'Main',
    products: 'Products',
    filters: 'Filters',
    search: 'Search by title',
  },
} as const;

async function openAt(lang: 'fa' | 'en', target: string, width: number): Promise<Page> {
  const page = await owner.newPage();
  await page.setViewportSize({ width, height: 844 });
  await page.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
  await page.goto(target);
  await adminSettled(page, lang);
  return page;
}

test.beforeAll(async ({ browser }) => {
  server = await startServerProcess();
  owner = await staffContext(browser, server, {
    email: 'owner@example.com',
    role: 'owner',
    name: 'Owner',
    password: PASSWORD,
  });
});

test.afterAll(async () => {
  await owner?.close();
  await server?.stop();
});

for (const lang of ['fa', 'en'] as const) {
  const text = TEXT[lang];

  test(`at 390 px the navigation is one menu button and the filters fold (${lang})`, async () => {
    test.setTimeout(120_000);
    const page = await openAt(lang, '/admin/', 390);
    // While the drawer is open the page behind it (the button too) is hidden from the accessibility tree.
    const menu = page.locator('header button[aria-haspopup="dialog"]');
    await expect(page.getByRole('button', { name: text.menu, exact: true })).toBeVisible();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // No link of the navigation shows before the menu opens.
    await expect(page.getByRole('link', { name: text.products, exact: true })).toBeHidden();
    expect(await seriousViolations(page), `${lang} dashboard at 390 px`).toEqual([]);

    await menu.click();
    const drawer = page.getByRole('dialog', { name: text.nav });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('navigation', { name: text.nav }).getByRole('link')).toHaveCount(20);
    // Focus is in the drawer, and the drawer comes from the start side: the right in fa.
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const box = (await drawer.boundingBox())!;
    if (lang === 'fa') expect(Math.round(box.x + box.width)).toBe(390);
    else expect(Math.round(box.x)).toBe(0);
    expect(await seriousViolations(page), `${lang} menu open`).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: text.products, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: text.products })).toBeVisible();

    // The products' filters fold behind a button, which says how many are set.
    const filters = page.getByRole('button', { name: new RegExp(`^${text.filters}`) });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('searchbox', { name: text.search })).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('searchbox', { name: text.search })).toBeVisible();
    expect(await seriousViolations(page), `${lang} products filters open`).toEqual([]);
    await page.goto('/admin/products?status=published');
    await expect(
      page.getByRole('button', { name: lang === 'fa' ? 'فیلترها ۱ فعال' : 'Filters 1 active' }),
    ).toBeVisible();

    // The other lists fold theirs too.
    for (const target of [
      '/admin/enquiries',
      '/admin/customers',
      '/admin/newsletter',
      '/admin/reviews',
      '/admin/audit',
    ]) {
      await page.goto(target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(`^${text.filters}`) })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(await seriousViolations(page), `${lang} ${target} at 390 px`).toEqual([]);
    }
    await page.goto('/admin/settings');
    await expect(page.getByRole('button', { name: new RegExp(`^${text.filters}`) })).toBeVisible();
    await page.close();
  });

  test(`at 1280 px the navigation is the side list, without a menu button (${lang})`, async () => {
    test.setTimeout(120_000);
    const page = await openAt(lang, '/admin/products', 1280);
    await expect(page.getByRole('button', { name: text.menu, exact: true })).toBeHidden();
    const nav = page.getByRole('navigation', { name: text.nav });
    await expect(nav.getByRole('link')).toHaveCount(20);
    await expect(nav.getByRole('link', { name: text.products, exact: true })).toBeVisible();
    // The filters are shown as they were, with no disclosure button.
    await expect(page.getByRole('searchbox', { name: text.search })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${text.filters}`) })).toBeHidden();
    // The pages with date pickers (the audit log's and the inbox's filters, an editor's date and time).
    for (const target of ['/admin/audit', '/admin/enquiries', '/admin/products/1']) {
      await page.goto(target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page
          .getByRole('group')
          .filter({ has: page.getByRole('spinbutton') })
          .first(),
      ).toBeVisible();
      expect(await seriousViolations(page), `${lang} ${target} at 1280 px`).toEqual([]);
    }
    await page.close();
  });
}

test('the inbox’s day filters are Jalali pickers that put ISO days in the URL (fa)', async () => {
  test.setTimeout(120_000);
  const page = await openAt('fa', '/admin/enquiries', 1280);
  // Typed in the Jalali calendar: 4 Azar 1405 is 25 November 2026.
  const from = page.getByRole('group', { name: 'از روز' });
  await from.getByRole('spinbutton').first().click();
  await page.keyboard.type('14050904');
  await expect(page).toHaveURL(/[?&]from=2026-11-25(&|$)/);
  await expect(from).toContainText('۱۴۰۵');
  await expect(from.locator('[data-type="day"]')).toHaveText('۰۴');

  // Picked in the calendar: the 10th of the month shown (weeks from Saturday).
  await page.getByRole('button', { name: /^انتخاب تا روز از تقویم/ }).click();
  const calendar = page.getByRole('dialog', { name: 'تا روز' });
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText('ش');
  const month = (await calendar.getByRole('grid').getAttribute('aria-label'))!;
  await calendar
    .locator('td[role="gridcell"]:not([aria-disabled="true"])')
    .filter({ hasText: /^۱۰$/ })
    .click();
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(/[?&]to=\d{4}-\d{2}-\d{2}(&|$)/);
  const to = new URL(page.url()).searchParams.get('to')!;
  // The ISO day in the URL is that Jalali day.
  const jalali = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', ...options }).format(
      new Date(`${to}T00:00:00Z`),
    );
  expect(jalali({ day: 'numeric' })).toBe('۱۰');
  expect(month).toContain(jalali({ month: 'long' }));
  expect(await seriousViolations(page), 'inbox with date filters fa').toEqual([]);
  await page.close();
});
