import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office end to end, on a server of its own started empty of staff: the setup link from its
 * log creates the owner (fa); the owner invites an editor and a sales member; the editor (en) creates
 * a product in both languages with two images and a price on request, publishes it, and it is on the
 * storefront's product page and in its search at once; the sales member cannot reach the catalogue;
 * two tabs saving one product get the conflict; axe finds nothing serious on any page in fa and en.
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long enough password';
let server: ServerProcess;
let owner: BrowserContext;
let editor: BrowserContext;
let editorLink = '';
let salesLink = '';
let productId = 0;

async function contextIn(browser: Browser, lang: 'fa' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('adminLng')) localStorage.setItem('adminLng', l);
  }, lang);
  return context;
}

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.beforeAll(async () => {
  server = await startServerProcess();
});

test.afterAll(async () => {
  await owner?.close();
  await editor?.close();
  await server?.stop();
});

test('the setup link from the first start creates the owner (fa)', async ({ browser }) => {
  const [, link] = await server.waitFor(/one-time link to create the owner: ([^\s"]+)/);
  owner = await contextIn(browser, 'fa');
  const page = await owner.newPage();
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('textbox', { name: 'ایمیل', exact: true }).fill('owner@example.com');
  await page.getByRole('textbox', { name: 'نام', exact: true }).fill('مالک فروشگاه');
  await page.getByRole('textbox', { name: 'گذرواژه', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'ساختن حساب مالک' }).click();
  // The first screen after sign-in is the dashboard.
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Used: the same link does not set up again.
  const again = await owner.newPage();
  await again.goto(link!);
  await expect(again.getByText(/راه‌اندازی شده است|معتبر نیست/).first()).toBeVisible();
  await again.close();

  // The owner invites an editor and a sales member.
  await page.goto('/admin/staff');
  for (const [email, role] of [
    ['editor@example.com', 'ویرایشگر'],
    ['sales@example.com', 'فروش'],
  ] as const) {
    await page.getByRole('textbox', { name: 'ایمیل', exact: true }).fill(email);
    await page.getByRole('combobox', { name: 'نقش', exact: true }).selectOption({ label: role });
    await page.getByRole('button', { name: 'ساختن دعوت‌نامه' }).click();
    const field = page.getByLabel('پیوند دعوت');
    await expect(field).toHaveValue(/\/admin\/invite\//);
    // The second invitation replaces the first one's link: wait for the new one.
    if (editorLink) await expect(field).not.toHaveValue(editorLink);
    const value = await field.inputValue();
    if (email.startsWith('editor')) editorLink = value;
    else salesLink = value;
  }
  expect(editorLink).not.toBe(salesLink);
});

test('the editor creates a product in both languages with two images and a price on request; the storefront shows it at once (en)', async ({
  browser,
}) => {
  editor = await contextIn(browser, 'en');
  const page = await editor.newPage();
  await page.goto(editorLink);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Editor');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await page.goto('/admin/products/new');
  await page.getByRole('textbox', { name: 'Title (Persian)', exact: true }).fill('زعفران نگین آزمایشی');
  await page.getByRole('textbox', { name: 'Title (English)', exact: true }).fill('Test Negin saffron');
  await page
    .getByRole('textbox', { name: 'Short description (Persian)', exact: true })
    .fill('زعفران درجه یک');
  await page
    .getByRole('textbox', { name: 'Short description (English)', exact: true })
    .fill('First grade saffron');
  await page.getByRole('textbox', { name: 'Preview description (Persian)', exact: true }).fill('پیش‌نمایش');
  await page.getByRole('textbox', { name: 'Description (Persian)', exact: true }).fill('توضیحات کامل زعفران');
  await page
    .getByRole('textbox', { name: 'Description (English)', exact: true })
    .fill('The whole description');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Published' });
  await page.getByRole('checkbox', { name: 'Price on request', exact: true }).check();
  await page.getByLabel('Add images').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png('#b91c1c') },
    { name: 'two.png', mimeType: 'image/png', buffer: await png('#1d4ed8') },
  ]);
  await expect(page.getByRole('textbox', { name: 'Image 2 alt text (English)', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('textbox', { name: 'Image 1 alt text (English)', exact: true }).fill('Red sample');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  productId = Number(/(\d+)$/.exec(page.url())![1]);
  // Each tab says what it holds.
  await expect(page).toHaveTitle('Edit product | Store admin');

  const shop = await editor.newPage();
  await shop.goto(`/app/product/${productId}?lng=en`);
  await expect(shop.getByRole('heading', { level: 1, name: 'Test Negin saffron' })).toBeVisible();
  await expect(shop.getByText('Price on request')).toBeVisible();
  await expect(shop.locator('main img[alt="Red sample"]').first()).toBeVisible();
  await shop.goto(`/app/products/search/${encodeURIComponent('Negin saffron')}?lng=en`);
  await expect(shop.getByRole('main').getByText('Test Negin saffron').first()).toBeVisible();
  await shop.goto(`/app/product/${productId}?lng=fa`);
  await expect(shop.getByRole('heading', { level: 1, name: 'زعفران نگین آزمایشی' })).toBeVisible();
  await expect(shop.getByText('استعلام قیمت')).toBeVisible();
  await shop.close();
});

test('a sales account cannot reach the catalogue', async ({ browser }) => {
  const context = await contextIn(browser, 'en');
  const page = await context.newPage();
  await page.goto(salesLink);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sales');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }),
  ).toHaveCount(0);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  const api = await page.request.get('/admin/api/catalogue/products/1');
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ code: 'forbidden' });
  await context.close();
});

test('two tabs saving one product: the second gets the conflict with the other change', async () => {
  const first = await editor.newPage();
  const second = await editor.newPage();
  for (const page of [first, second]) {
    await page.goto(`/admin/products/${productId}`);
    await expect(page.getByRole('textbox', { name: 'Title (English)', exact: true })).toHaveValue(
      'Test Negin saffron',
    );
  }
  await first.getByRole('spinbutton', { name: 'Inventory', exact: true }).fill('12');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByText('Saved.')).toBeVisible();
  await second
    .getByRole('textbox', { name: 'Short description (English)', exact: true })
    .fill('Changed in the second tab');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = second.getByRole('dialog', { name: 'Someone else saved this in the meantime' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('12');
  expect(await seriousViolations(second), 'conflict dialog').toEqual([]);
  await first.close();
  await second.close();
});

const AXE_GROUPS: Record<string, (id: number) => string[]> = {
  products: (id) => ['/admin/products', `/admin/products/${id}`, '/admin/products/new'],
  lists: () =>
    ['collections', 'subcollections', 'industries', 'tags', 'posts', 'banners'].map((k) => `/admin/${k}`),
  editors: () =>
    ['collections', 'subcollections', 'industries', 'tags', 'posts', 'banners'].flatMap((k) => [
      `/admin/${k}/new`,
      `/admin/${k}/1`,
    ]),
  owner: () => [
    '/admin/about-us',
    '/admin/transfer',
    '/admin/store',
    '/admin/staff',
    '/admin/audit',
    '/admin/account',
  ],
};

for (const lang of ['fa', 'en'] as const) {
  for (const [group, pathsOf] of Object.entries(AXE_GROUPS)) {
    test(`axe finds nothing serious on the back office's ${group} pages (${lang})`, async () => {
      test.setTimeout(180_000);
      const page = await owner.newPage();
      await page.goto('/admin/account');
      await page.evaluate((l) => localStorage.setItem('adminLng', l), lang);
      for (const target of pathsOf(productId)) {
        await page.goto(target);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading|در حال بارگذاری/ })).toHaveCount(0);
        expect(await seriousViolations(page), `${lang} ${target}`).toEqual([]);
      }
      await page.close();
    });
  }

  test(`axe finds nothing serious on the sign-in page (${lang})`, async ({ browser }) => {
    const context = await contextIn(browser, lang);
    const page = await context.newPage();
    await page.goto('/admin/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), `${lang} sign-in`).toEqual([]);
    await context.close();
  });
}

test('the back office downloads the store as a zip, and the staff CLI prints a one-time link for this store', async () => {
  const page = await owner.newPage();
  const response = await page.request.get('/admin/api/export');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/zip');
  await page.close();
  // The staff CLI prints a one-time link on this server's store.
  const out = execFileSync(
    process.execPath,
    [
      path.resolve('apps/server/src/cli.ts'),
      'staff',
      'create',
      '--email',
      'cli@example.com',
      '--role',
      'editor',
    ],
    {
      env: { ...process.env, DATA_DIR: server.dataDir },
    },
  ).toString();
  expect(out).toMatch(/\/admin\/invite\/[\w-]{40,}/);
});
