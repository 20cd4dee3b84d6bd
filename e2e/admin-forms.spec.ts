import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminContextIn, holdBack } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office as a new owner meets it, on a server of its own: the setup and invitation forms
 * keep what was typed before their data arrived (the calls held back with page.route), every save
 * says so, and the audit log reads in the staff member's language (fa and en), never as JSON.
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long enough password';
let server: ServerProcess;
let owner: BrowserContext;
let ownerPage: Page;
let inviteLink = '';

test.beforeAll(async () => {
  // A server of its own starts slowly on a busy machine.
  test.setTimeout(120_000);
  server = await startServerProcess();
});

test.afterAll(async () => {
  await owner?.close();
  await server?.stop();
});

test('setup (fa): what is typed before the status arrives is what is sent', async ({ browser }) => {
  const [link] = await server.waitFor(/http[^\s"]*\/admin\/setup\/[\w-]+/);
  owner = await adminContextIn(browser, server, 'fa');
  ownerPage = await owner.newPage();
  const page = ownerPage;
  const release = await holdBack(page, '**/admin/api/setup');
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'نام', exact: true }).fill('مالک فروشگاه');
  await page.getByRole('textbox', { name: 'ایمیل', exact: true }).fill('owner@example.com');
  await page.getByRole('textbox', { name: 'گذرواژه', exact: true }).fill(PASSWORD);
  // Typed while the status was still on its way.
  await expect(page.getByText('در حال بارگذاری…')).toBeVisible();
  release();
  await expect(page.getByText('در حال بارگذاری…')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'ایمیل', exact: true })).toHaveValue('owner@example.com');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'ساختن حساب مالک' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  // The invitation's creation is confirmed.
  await page.goto('/admin/staff');
  await page.getByRole('textbox', { name: 'ایمیل', exact: true }).fill('editor@example.com');
  await page.getByRole('combobox', { name: 'نقش', exact: true }).selectOption({ label: 'ویرایشگر' });
  await page.getByRole('button', { name: 'ساختن دعوت‌نامه' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'دعوت‌نامه ساخته شد' })).toBeVisible();
  inviteLink = await page.getByLabel('پیوند دعوت').inputValue();
  expect(inviteLink).toMatch(/\/admin\/invite\//);
});

test('an invitation (en): what is typed before the invitation arrives is what is sent', async ({
  browser,
}) => {
  const context = await adminContextIn(browser, server, 'en');
  const page = await context.newPage();
  const release = await holdBack(page, '**/admin/api/invites/*');
  await page.goto(inviteLink);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Editor');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await expect(page.getByText('Loading…')).toBeVisible();
  release();
  await expect(page.getByText(/with the email editor@example\.com/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Editor');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  // A save of one's own settings says so (en).
  await page.goto('/admin/settings');
  const mine = page.getByRole('region', { name: 'My notifications' });
  await mine.getByRole('checkbox').first().click();
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await context.close();
});

test('review moderation (fa) says it was saved and stays in place; the audit log reads in fa and en', async () => {
  const page = ownerPage;
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'بازبینی نظرها' });
  const choice = section.getByRole('radio', { name: 'تا تأیید نگه داشته شود' });
  await choice.check();
  await section.getByRole('button', { name: 'ذخیره' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'ذخیره شد.' })).toBeVisible();
  await expect(choice).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/audit');
  const table = page.getByRole('table');
  await expect(table).toContainText('بازبینی نظرها: بی‌درنگ منتشر شود');
  await expect(table).toContainText('تغییر کرد');
  await expect(table).toContainText('تنظیمات');
  await expect(table).toContainText('دعوت شد');
  expect(await table.textContent()).not.toMatch(/[{}"]|\b(update|settings|invite)\b/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(table).toContainText('Review moderation: Publish it at once');
  await expect(table).toContainText('Hold it until it is approved');
  await expect(table).toContainText('Changed');
  await expect(table).toContainText('Invited');
  expect(await table.textContent()).not.toMatch(/[{}"]/);
  expect(await seriousViolations(page)).toEqual([]);
});
