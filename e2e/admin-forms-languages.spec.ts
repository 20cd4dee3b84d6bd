import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminContextIn, holdBack } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The other language of each case of admin-forms.spec.ts (issue 21, item 6): the setup form in en
 * and the invitation form in fa keep what was typed before their data arrived (the calls held back
 * with page.route), and what was typed is what is sent. On a server of its own, started without
 * staff (its log holds the setup link).
 */

// Generous: each test hashes a password and runs axe on a machine shared with other suites.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PASSWORD = 'a long enough password';
let server: ServerProcess;

/** The JSON body of the next POST to `pattern`, once `submit` has sent it. */
async function sentBody(page: Page, pattern: RegExp, submit: () => Promise<void>): Promise<unknown> {
  const request = page.waitForRequest((r) => r.method() === 'POST' && pattern.test(r.url()));
  await submit();
  return (await request).postDataJSON();
}

test.beforeAll(async () => {
  // A server of its own starts slowly on a busy machine.
  test.setTimeout(120_000);
  server = await startServerProcess();
});

test.afterAll(async () => {
  await server?.stop();
});

test('setup (en): what is typed before the status arrives is what is sent', async ({ browser }) => {
  const [link] = await server.waitFor(/http[^\s"]*\/admin\/setup\/[\w-]+/);
  const context = await adminContextIn(browser, server, 'en');
  const page = await context.newPage();
  const release = await holdBack(page, '**/admin/api/setup');
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Store owner');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  // Typed while the status was still on its way.
  await expect(page.getByText('Loading…')).toBeVisible();
  release();
  await expect(page.getByText('Loading…')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create the owner account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Store owner');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('owner@example.com');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(PASSWORD);
  expect(await seriousViolations(page)).toEqual([]);
  const body = await sentBody(page, /\/admin\/api\/setup$/, () =>
    page.getByRole('button', { name: 'Create the owner account' }).click(),
  );
  expect(body).toMatchObject({ name: 'Store owner', email: 'owner@example.com', password: PASSWORD });
  await expect(page).toHaveURL(/\/admin\/?$/);
  await context.close();
});

test('an invitation (fa): what is typed before the invitation arrives is what is sent', async ({
  browser,
}) => {
  // The invitation, made as `npm run staff -- create` makes one.
  const out = execFileSync(
    process.execPath,
    [
      path.resolve('apps/server/src/cli.ts'),
      'staff',
      'create',
      '--email',
      'editor@example.com',
      '--role',
      'editor',
    ],
    { env: { ...process.env, DATA_DIR: server.dataDir } },
  ).toString();
  const link = /http[^\s"]*\/admin\/invite\/[\w-]{40,}/.exec(out)?.[0];
  expect(link, out).toBeDefined();

  const context = await adminContextIn(browser, server, 'fa');
  const page = await context.newPage();
  const release = await holdBack(page, '**/admin/api/invites/*');
  await page.goto(new URL(new URL(link!).pathname, server.url).href);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await page.getByRole('textbox', { name: 'نام', exact: true }).fill('ویراستار');
  await page.getByRole('textbox', { name: 'گذرواژه', exact: true }).fill(PASSWORD);
  await expect(page.getByText('در حال بارگذاری…')).toBeVisible();
  release();
  await expect(page.getByText(/با ایمیل\s*\S*editor@example\.com/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'نام', exact: true })).toHaveValue('ویراستار');
  await expect(page.getByRole('textbox', { name: 'گذرواژه', exact: true })).toHaveValue(PASSWORD);
  expect(await seriousViolations(page)).toEqual([]);
  const body = await sentBody(page, /\/admin\/api\/invites\/[\w-]+$/, () =>
    page.getByRole('button', { name: 'ساختن حساب من' }).click(),
  );
  expect(body).toMatchObject({ name: 'ویراستار', password: PASSWORD });
  await expect(page).toHaveURL(/\/admin\/?$/);
  await context.close();
});
