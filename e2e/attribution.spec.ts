import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { freshPhone } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * Where each enquiry came from (issue 26), end to end in Chromium on a server of its own (demo
 * store): a visitor lands from Torob (`?utm_source=torob&torob_clid=abc`), gets the first-party
 * cookie (HttpOnly, SameSite=Lax), browses to a product and sends an enquiry; the owner sees the
 * source in the inbox, filters by it, and reads Torob's click id on the enquiry.
 */

test.describe.configure({ mode: 'serial' });

const PRODUCT = 2;
let server: ServerProcess;

type Tree = { [key: string]: string | Tree };
const productTexts = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/public/locales/en/product.json'), 'utf8'),
) as Tree;
function shop(key: string): string {
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, productTexts);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value;
}

test.beforeAll(async () => {
  server = await startServerProcess();
});

test.afterAll(async () => {
  await server?.stop();
});

test('a visitor from Torob: the enquiry carries the source into the inbox', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  const visitor = await browser.newContext({ baseURL: server.url });
  const shopPage = await visitor.newPage();
  await shopPage.goto('/app?utm_source=torob&torob_clid=abc&lng=en');
  const [cookie] = (await visitor.cookies()).filter((c) => c.name === 'sf_src');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // A page of the store itself, later, keeps the first touch.
  await shopPage.goto(`/app/product/${PRODUCT}?status=open&lng=en`);
  expect((await visitor.cookies()).find((c) => c.name === 'sf_src')?.value).toBe(cookie!.value);
  const dialog = shopPage.getByRole('dialog', { name: shop('dialog.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(shop('dialog.phone')).fill(phone);
  await dialog.getByLabel(shop('dialog.message')).fill('A price for 20 pieces, please.');
  const sent = shopPage.waitForResponse(
    (r) => r.url().includes('/orders/') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: shop('dialog.submit') }).click();
  expect((await sent).status()).toBe(201);
  await visitor.close();

  const owner = await staffContext(browser, server, {
    email: 'owner@example.com',
    role: 'owner',
    name: 'Owner',
    password: 'a long enough password',
  });
  await owner.addInitScript(() => localStorage.setItem('adminLng', 'en'));
  const page = await owner.newPage();
  await page.goto('/admin/enquiries');
  await adminSettled(page, 'en');
  const row = page.getByRole('row').filter({ hasText: phone });
  await expect(row).toContainText('Torob');

  await page.getByRole('combobox', { name: 'Source' }).selectOption('torob');
  await expect(page).toHaveURL(/source=torob/);
  await expect(row).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Source' }).selectOption('direct');
  await expect(page.getByRole('row').filter({ hasText: phone })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Source' }).selectOption('torob');

  await row.getByRole('link').first().click();
  await adminSettled(page, 'en');
  await expect(page.getByRole('link', { name: 'Torob' })).toBeVisible();
  await expect(page.getByText('Torob click id', { exact: true })).toBeVisible();
  await expect(page.getByText('abc', { exact: true })).toBeVisible();
  await owner.close();
});
