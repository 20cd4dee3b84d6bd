import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office's price-comparison page (issue 26) in Chromium, in fa and en, on a server of its
 * own (its feeds start off): the owner turns Torob's feed on and sees the path to give Torob; a
 * request without Torob's token is refused (401) and, after a reload, shows in the last requests with
 * its time in the language's calendar. In en the feed is first turned off by the keyboard: an off
 * feed answers 404 and records nothing. axe on the page.
 */

test.describe.configure({ mode: 'serial' });

type Lang = 'fa' | 'en';
const PASSWORD = 'a long enough password';
const TOROB_PATH = '/feeds/torob/v3/products';

const TEXT = {
  fa: {
    title: 'مقایسهٔ قیمت (ترب، ایمالز)',
    torob: 'ترب',
    toggle: 'فرستادن کالاها به ترب',
    on: 'روشن',
    off: 'خاموش',
    save: 'ذخیره',
    saved: 'ذخیره شد.',
    address: 'نشانی برای ترب',
    empty: /هنوز درخواستی نیامده است/,
    table: 'آخرین درخواست‌های ترب',
    notRead: 'خوانده نشد',
    refused: '۴۰۱: توکن رد شد',
  },
  en: {
    title: 'Price comparison (Torob, Emalls)',
    torob: 'Torob',
    toggle: 'Send products to Torob',
    on: 'On',
    off: 'Off',
    save: 'Save',
    saved: 'Saved.',
    address: 'Address for Torob',
    empty: /No requests yet/,
    table: 'Last requests from Torob',
    notRead: 'Not read',
    refused: '401: token refused',
  },
} as const;

/** This year in the language's calendar and digits (Jalali with Persian digits in fa). */
const YEAR = {
  fa: new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric' }).format(new Date()),
  en: String(new Date().getFullYear()),
};

let server: ServerProcess;
let owner: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
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

async function openAt(lang: Lang, target: string): Promise<Page> {
  const page = await owner.newPage();
  await page.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
  await page.goto(target);
  await adminSettled(page, lang, 10_000);
  return page;
}

/** Torob's feed asked for a page of products without Torob's token, as anyone on the internet may. */
async function postWithoutToken(): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${server.url}${TOROB_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, sort: 'date_added_desc' }),
  });
  return { status: answer.status, body: await answer.json() };
}

for (const lang of ['fa', 'en'] as const) {
  const text = TEXT[lang];

  test(`the owner turns Torob on; a request without a token is refused and listed (${lang})`, async () => {
    test.setTimeout(90_000);
    const page = await openAt(lang, '/admin/feeds');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const torob = page.getByRole('region', { name: text.torob, exact: true });
    const toggle = torob.getByRole('switch', { name: text.toggle });
    const save = torob.getByRole('button', { name: text.save, exact: true });

    if (lang === 'en') {
      // fa's run left it on: off by the keyboard, and an off feed is not there at all.
      await expect(toggle).toBeChecked();
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(toggle).not.toBeChecked();
      await save.click();
      await expect(torob.getByText(text.saved, { exact: true })).toBeVisible();
      await expect(torob.getByText(text.off, { exact: true })).toBeVisible();
      expect((await postWithoutToken()).status).toBe(404);
    } else {
      // A store that never turned it on: off, and no requests yet.
      await expect(torob.getByText(text.off, { exact: true })).toBeVisible();
      await expect(torob.getByText(text.empty)).toBeVisible();
      expect((await postWithoutToken()).status).toBe(404);
    }

    await toggle.check();
    await save.click();
    await expect(torob.getByText(text.saved, { exact: true })).toBeVisible();
    await expect(torob.getByText(text.on, { exact: true })).toBeVisible();
    // No PUBLIC_URL on this server: the path is what is given, with the store's address before it.
    await expect(torob.getByLabel(text.address, { exact: true })).toHaveValue(TOROB_PATH);

    const refused = await postWithoutToken();
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'not_authenticated' });

    await page.reload();
    await adminSettled(page, lang, 10_000);
    const table = torob.getByRole('table', { name: text.table });
    await expect(table).toBeVisible();
    // fa's run made one refused request; en's another (the 404s of an off feed are not recorded).
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(lang === 'fa' ? 2 : 3);
    const newest = rows.nth(1).getByRole('cell');
    await expect(newest.nth(0)).toContainText(YEAR[lang]);
    await expect(newest.nth(1)).toHaveText(text.notRead);
    await expect(newest.nth(2)).toHaveText(text.refused);
    await expect(newest.nth(3)).toHaveText('127.0.0.1');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'fa' ? 'rtl' : 'ltr');

    expect(await seriousViolations(page), `${lang} feeds`).toEqual([]);
    await page.close();
  });
}
