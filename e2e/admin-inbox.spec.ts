import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { freshPhone, seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office's second part end to end, on a server of its own (demo store, no staff): a visitor
 * sends an enquiry from the storefront (fa); the sales member (fa) sees the navigation's new count,
 * opens the enquiry, moves it to contacted with a note, filters the inbox and downloads the CSV; the
 * owner (en) holds reviews for approval, a visitor's review (en) is held (the storefront says so),
 * the owner approves it and it is on the storefront; axe finds nothing serious on any page of the
 * second part in fa and en (and the unsubscribe page).
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long enough password';
const PRODUCT = 2;
let server: ServerProcess;
let owner: BrowserContext;
let sales: BrowserContext;
const phone = freshPhone();

type Tree = { [key: string]: string | Tree };
const shopTexts = Object.fromEntries(
  (['fa', 'en'] as const).map((lang) => [
    lang,
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, `../apps/web/public/locales/${lang}/product.json`),
        'utf8',
      ),
    ) as Tree,
  ]),
) as Record<'fa' | 'en', Tree>;
function shop(lang: 'fa' | 'en', key: string): string {
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, shopTexts[lang]);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value;
}

/** A staff member of the given role, signed in in a context of their own (via the CLI's one-time link). */
async function signedIn(
  browser: Browser,
  role: 'owner' | 'sales',
  lang: 'fa' | 'en',
): Promise<BrowserContext> {
  const context = await staffContext(
    browser,
    server,
    { email: `${role}@example.com`, role, name: role === 'owner' ? 'Owner' : 'فروشنده', password: PASSWORD },
    { acceptDownloads: true },
  );
  await context.addInitScript((l) => {
    if (!localStorage.getItem('adminLng')) localStorage.setItem('adminLng', l);
  }, lang);
  return context;
}

test.beforeAll(async ({ browser }) => {
  server = await startServerProcess();
  owner = await signedIn(browser, 'owner', 'en');
  sales = await signedIn(browser, 'sales', 'fa');
});

test.afterAll(async () => {
  await owner?.close();
  await sales?.close();
  await server?.stop();
});

test('a visitor’s enquiry reaches the sales member: new count, open, contacted with a note, filter, export (fa)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await sales.newPage();
  await page.goto('/admin/');
  await adminSettled(page, 'fa');
  const nav = page.getByRole('navigation', { name: 'اصلی' });
  await expect(nav.getByRole('link', { name: /^استعلام‌ها/ })).toBeVisible();

  // The visitor sends a request from the product page.
  const visitor = await browser.newContext({ baseURL: server.url });
  const shopPage = await visitor.newPage();
  await shopPage.goto(`/app/product/${PRODUCT}?status=open&lng=fa`);
  const dialog = shopPage.getByRole('dialog', { name: shop('fa', 'dialog.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(shop('fa', 'dialog.phone')).fill(phone);
  await dialog.getByLabel(shop('fa', 'dialog.message')).fill('قیمت عمده برای ۲۰ عدد؟');
  await dialog.getByLabel(shop('fa', 'dialog.email')).fill('visitor@example.com');
  const sent = shopPage.waitForResponse(
    (r) => r.url().includes('/orders/') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: shop('fa', 'dialog.submit') }).click();
  expect((await sent).status()).toBe(201);
  await visitor.close();

  // The count in the navigation updates while the page is open.
  const inboxLink = nav.getByRole('link', { name: 'استعلام‌ها (۱ جدید)' });
  await expect(inboxLink).toBeVisible({ timeout: 40_000 });
  await inboxLink.click();
  await adminSettled(page, 'fa');
  const row = page.getByRole('row').filter({ hasText: phone });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('جدید');
  await row.getByRole('link').first().click();
  await adminSettled(page, 'fa');
  await expect(page.getByText('قیمت عمده برای ۲۰ عدد؟')).toBeVisible();
  await expect(page.locator(`a[href^="tel:+98"]`)).toBeVisible();
  await expect(page.locator('a[href="mailto:visitor@example.com"]')).toBeVisible();
  expect(await seriousViolations(page), 'enquiry detail fa').toEqual([]);

  // contacted, with a note on the timeline.
  await page.getByRole('combobox', { name: 'وضعیت', exact: true }).selectOption({ label: 'تماس گرفته شد' });
  await expect(page.getByText('وضعیت از «دریافت‌شده» به «تماس گرفته شد» تغییر کرد')).toBeVisible();
  await page.getByRole('textbox', { name: 'افزودن یادداشت' }).fill('تماس گرفتم؛ پیش‌فاکتور می‌خواهد.');
  await page.getByRole('button', { name: 'افزودن یادداشت' }).click();
  await expect(page.getByRole('list', { name: 'یادداشت‌ها و تاریخچه' })).toContainText(
    'تماس گرفتم؛ پیش‌فاکتور می‌خواهد.',
  );
  await expect(nav.getByRole('link', { name: /^استعلام‌ها$/ })).toBeVisible();

  // Filter by the status and by the phone typed in Persian digits; download the CSV of the list.
  await page.goto('/admin/enquiries');
  await adminSettled(page, 'fa');
  await page.getByRole('combobox', { name: 'وضعیت', exact: true }).selectOption({ label: 'تماس گرفته شد' });
  await expect(page).toHaveURL(/status=contacted/);
  await expect(page.getByRole('row').filter({ hasText: phone })).toHaveCount(1);
  const persianDigits = phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
  await page.getByRole('searchbox', { name: 'جستجوی تلفن، ایمیل یا متن' }).fill(persianDigits.slice(0, 8));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole('row').filter({ hasText: phone })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'دریافت CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain(phone);
  expect(text).toContain('تماس گرفته شد');
  expect(text.trim().split('\r\n')).toHaveLength(2);
  await page.close();
});

test('a held review waits for approval, the reviewer is told, and once approved it is on the storefront (en)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await owner.newPage();
  await page.goto('/admin/settings');
  await adminSettled(page, 'en');
  const hold = page.getByRole('radio', { name: 'Hold it until it is approved' });
  await hold.check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/admin/api/settings') && r.request().method() === 'PUT',
  );
  await page.locator('form').filter({ has: hold }).getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  expect(await seriousViolations(page), 'settings en').toEqual([]);

  const visitor = await browser.newContext({ baseURL: server.url });
  const shopPage = await visitor.newPage();
  await shopPage.goto(`/app/product/${PRODUCT}?lng=en`);
  await shopPage.getByRole('tab', { name: new RegExp(shop('en', 'tabs.commentsPlain')) }).click();
  await shopPage.getByLabel(shop('en', 'reviews.name'), { exact: true }).fill('Held Reviewer');
  await shopPage.getByLabel(shop('en', 'reviews.email'), { exact: true }).fill('held@example.com');
  await shopPage.getByLabel(shop('en', 'reviews.content')).fill('Checked before it shows.');
  await shopPage.getByRole('button', { name: shop('en', 'reviews.submit') }).click();
  await expect(shopPage.getByText(shop('en', 'reviews.held'))).toBeVisible();
  // Not listed (the form is cleared after a send, so the text is nowhere on the page).
  await expect(shopPage.getByText('Checked before it shows.')).toHaveCount(0);

  await page.goto('/admin/reviews?status=held');
  await adminSettled(page, 'en');
  await expect(page.getByText('Checked before it shows.')).toBeVisible();
  expect(await seriousViolations(page), 'reviews en').toEqual([]);
  await page.getByRole('button', { name: 'Approve the review by Held Reviewer' }).click();
  await expect(page.getByText('Checked before it shows.')).toHaveCount(0);

  await shopPage.reload();
  await shopPage.getByRole('tab', { name: new RegExp(shop('en', 'tabs.commentsPlain')) }).click();
  await expect(shopPage.getByTestId('review-list')).toContainText('Checked before it shows.');
  await visitor.close();
  await page.close();
});

const PAGES = [
  '/admin/',
  '/admin/enquiries',
  '/admin/enquiries/1',
  '/admin/reviews',
  '/admin/customers',
  '/admin/customers/1',
  '/admin/newsletter',
  '/admin/settings',
];

for (const lang of ['fa', 'en'] as const) {
  test(`axe finds nothing serious on the second part's pages (${lang})`, async () => {
    test.setTimeout(180_000);
    const page = await owner.newPage();
    // A storefront customer and a newsletter sign-up to show.
    await page.request.post('/fa/api/auth/users/', {
      data: { username: freshPhone(), password: 'Saffron-Harvest-2026', 'Email address': '' },
    });
    await page.request.post('/en/api/store/emails/', { data: { email: `news-${lang}@example.com` } });
    await page.goto('/admin/account');
    await page.evaluate((l) => localStorage.setItem('adminLng', l), lang);
    for (const target of PAGES) {
      await page.goto(target);
      await adminSettled(page, lang);
      expect(await seriousViolations(page), `${lang} ${target}`).toEqual([]);
    }
    // The unsubscribe page the newsletter's link opens (no sign-in).
    const list = (await (await page.request.get('/admin/api/newsletter')).json()) as {
      results: { unsubscribe_url: string }[];
    };
    const unsubscribe = await owner.newPage();
    await unsubscribe.goto(new URL(list.results[0]!.unsubscribe_url).pathname);
    await expect(unsubscribe.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(unsubscribe), 'unsubscribe page').toEqual([]);
    await unsubscribe.getByRole('button').click();
    await expect(unsubscribe.getByRole('main')).toContainText('@example.com');
    await unsubscribe.close();
    await page.close();
  });
}
