import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import type { ServerProcess } from './server.ts';

/**
 * A staff member signed in in a browser context of their own: `npm run staff -- create` prints a
 * one-time link on the server's store, and the context accepts it (name and password chosen here).
 */
export async function staffContext(
  browser: Browser,
  server: ServerProcess,
  staff: { email: string; role: 'owner' | 'editor' | 'sales'; name: string; password: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const out = execFileSync(
    process.execPath,
    [path.resolve('apps/server/src/cli.ts'), 'staff', 'create', '--email', staff.email, '--role', staff.role],
    { env: { ...process.env, DATA_DIR: server.dataDir } },
  ).toString();
  const token = /\/admin\/invite\/([\w-]{40,})/.exec(out)![1]!;
  const context = await browser.newContext({ baseURL: server.url, ...options });
  const accepted = await context.request.post(`/admin/api/invites/${token}`, {
    data: { name: staff.name, password: staff.password },
  });
  expect(accepted.status()).toBe(201);
  return context;
}

/** A back-office page has settled: in `lang`, its heading shown, nothing left loading. */
export async function adminSettled(page: Page, lang: 'fa' | 'en', headingTimeout?: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: headingTimeout });
  await expect(page.getByRole('status').filter({ hasText: /Loading|در حال بارگذاری/ })).toHaveCount(0);
}

/** A browser context on `server` whose back office starts in `lang` (unless the page chose one). */
export async function adminContextIn(
  browser: Browser,
  server: Pick<ServerProcess, 'url'>,
  lang: 'fa' | 'en',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('adminLng')) localStorage.setItem('adminLng', l);
  }, lang);
  return context;
}

/** Holds back the GETs of `pattern` until `release()` (a slow network). */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() === 'GET') await gate;
    await route.continue();
  });
  return release;
}
