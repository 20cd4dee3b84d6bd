import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office's dates and texts in fa and en (issue 21, items 9 and 10), on a server of its own
 * (demo store): the product's date and time is a Jalali picker with Persian digits in fa and a
 * Gregorian one in en, and what is typed is saved as the right ISO instant (the browser in Tehran's
 * time zone); the inbox's day filter in en puts the typed Gregorian day in the URL and shows it as a
 * Jalali day in fa; image alt-text labels number the images in the language's digits; the account
 * page names the current session's browser and system, never its user agent; the import and export
 * page names no command line and says how large an upload may be. axe on each page.
 */

test.describe.configure({ mode: 'serial' });

type Lang = 'fa' | 'en';
const PASSWORD = 'a long enough password';
const TIME_ZONE = 'Asia/Tehran';
let server: ServerProcess;
let owner: BrowserContext;
/** The major version of the Chromium running the tests (what its user agent carries). */
let chromeMajor = 0;

const TEXT = {
  fa: {
    date: 'تاریخ',
    save: 'ذخیره',
    saved: 'ذخیره شد.',
    altFa: (n: string) => `متن جایگزین تصویر ${n} (فارسی)`,
    altEn: (n: string) => `متن جایگزین تصویر ${n} (انگلیسی)`,
    sessions: 'دستگاه‌های واردشده',
    thisSession: 'همین دستگاه',
    device: (major: string) => `کروم ${major} روی لینوکس`,
    transfer: 'ورود و خروج کاتالوگ',
    size: '۵۰۰ مگابایت',
  },
  en: {
    date: 'Date',
    save: 'Save',
    saved: 'Saved.',
    altFa: (n: string) => `Image ${n} alt text (Persian)`,
    altEn: (n: string) => `Image ${n} alt text (English)`,
    sessions: 'Signed-in devices',
    thisSession: 'This device',
    device: (major: string) => `Chrome ${major} on Linux`,
    transfer: 'Import and export',
    size: '500 megabytes',
  },
} as const;

const digits = (n: number, lang: Lang) => new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);

/** One part of an instant as the picker shows it in a language (Tehran's time, two digits). */
function part(iso: string, lang: Lang, type: 'year' | 'month' | 'day' | 'hour' | 'minute'): string {
  const parts = new Intl.DateTimeFormat(lang === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === type)!.value;
}

async function openAt(lang: Lang, target: string): Promise<Page> {
  const page = await owner.newPage();
  await page.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
  await page.goto(target);
  await adminSettled(page, lang, 10_000);
  return page;
}

async function savedDate(id: number): Promise<string> {
  const answer = await owner.request.get(`/admin/api/catalogue/products/${id}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { entity: { creation_date: string } }).entity.creation_date;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServerProcess();
  // Chromium's user agent on Linux, in Tehran's time zone.
  chromeMajor = Number.parseInt(browser.version(), 10);
  owner = await staffContext(
    browser,
    server,
    { email: 'owner@example.com', role: 'owner', name: 'Owner', password: PASSWORD },
    {
      timezoneId: TIME_ZONE,
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeMajor}.0.0.0 Safari/537.36`,
    },
  );
});

test.afterAll(async () => {
  await owner?.close();
  await server?.stop();
});

/** Each language edits a product of its own: the date typed, in Tehran, and the instant saved. */
const EDIT = {
  // 10 Farvardin 1404, 09:45 in Tehran (UTC+3:30) is 30 March 2025, 06:15 UTC.
  fa: {
    id: 1,
    typed: { year: '1404', month: '01', day: '10', hour: '09', minute: '45' },
    saved: '2025-03-30T06:15:00.000Z',
  },
  // 14 March 2025, 21:05 in Tehran is 14 March 2025, 17:35 UTC.
  en: {
    id: 2,
    typed: { year: '2025', month: '03', day: '14', hour: '21', minute: '05' },
    saved: '2025-03-14T17:35:00.000Z',
  },
} as const;

for (const lang of ['fa', 'en'] as const) {
  const text = TEXT[lang];
  const edit = EDIT[lang];

  test(`the product editor: its date in the language's calendar and digits, saved as ISO, and alt-text labels numbered in its digits (${lang})`, async () => {
    test.setTimeout(60_000);
    const before = await savedDate(edit.id);
    const page = await openAt(lang, `/admin/products/${edit.id}`);
    const field = page.getByRole('group', { name: text.date, exact: true });
    await expect(field.getByRole('spinbutton').first()).toBeVisible({ timeout: 10_000 });
    // The stored instant, shown in the language's calendar and digits (Jalali in fa, Gregorian in en).
    for (const type of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      await expect(field.locator(`[data-type="${type}"]`)).toHaveText(part(before, lang, type));
    }
    if (lang === 'fa') {
      await expect(field).toContainText(/[۰-۹]{4}/);
      await expect(field).not.toContainText(/[0-9]/);
    } else {
      await expect(field).not.toContainText(/[۰-۹]/);
      // en-GB: the day before the month.
      const order = await field
        .locator('[data-type]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));
      expect(order.indexOf('day')).toBeLessThan(order.indexOf('month'));
    }

    // The image alt-text labels: the second image is «۲» in fa, 2 in en.
    await expect(page.getByRole('textbox', { name: text.altFa(digits(2, lang)), exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: text.altEn(digits(2, lang)), exact: true })).toBeVisible();
    if (lang === 'fa') {
      await expect(page.getByRole('textbox', { name: text.altFa('2'), exact: true })).toHaveCount(0);
    }
    expect(await seriousViolations(page), `${lang} product editor`).toEqual([]);

    // Typed segment by segment (in fa the Jalali date), saved as the instant in Tehran's time.
    for (const type of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      await field.locator(`[data-type="${type}"]`).click();
      await page.keyboard.type(edit.typed[type]);
    }
    for (const type of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      await expect(field.locator(`[data-type="${type}"]`)).toHaveText(part(edit.saved, lang, type));
    }
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    expect(await savedDate(edit.id)).toBe(edit.saved);
    await page.close();
  });

  test(`the account page names the session's browser and system, and the import page its size limit without npm (${lang})`, async () => {
    test.setTimeout(60_000);
    const page = await openAt(lang, '/admin/account');
    const sessions = page.getByRole('table', { name: text.sessions });
    const current = sessions.getByRole('row').filter({ hasText: text.thisSession });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('cell').first()).toHaveText(text.device(digits(chromeMajor, lang)));
    // Never the raw user agent.
    expect(await sessions.textContent()).not.toMatch(/Mozilla|AppleWebKit|X11|Safari\//);
    expect(await seriousViolations(page), `${lang} account`).toEqual([]);
    await page.close();

    const transfer = await openAt(lang, '/admin/transfer');
    await expect(transfer.getByRole('heading', { level: 1, name: text.transfer })).toBeVisible();
    const main = transfer.getByRole('main');
    await expect(main).toContainText(text.size);
    expect(await main.textContent()).not.toMatch(/npm|catalogue --|CLI/i);
    expect(await seriousViolations(transfer), `${lang} import and export`).toEqual([]);
    await transfer.close();
  });
}

test('the inbox’s day filter is Gregorian in en and puts the ISO day in the URL; the same day is Jalali in fa', async () => {
  test.setTimeout(60_000);
  const page = await openAt('en', '/admin/enquiries');
  const from = page.getByRole('group', { name: 'From (day)', exact: true });
  await expect(from.getByRole('spinbutton').first()).toBeVisible({ timeout: 10_000 });
  // Day first: en-GB's order.
  const order = await from
    .locator('[data-type]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));
  expect(order.filter((type) => type !== 'literal')).toEqual(['day', 'month', 'year']);
  // 25 September 2026 typed at once, in the fields' order: React Aria calls the date complete at the
  // year's first key («2»); a year still being typed is not stored (DatePicker's isPartialYear), so
  // the URL gets the whole date once, and nothing comes back to the field while it is typed.
  await from.locator('[data-type="day"]').click();
  await page.keyboard.type('25092026');
  await expect(page).toHaveURL(/[?&]from=2026-09-25(&|$)/);
  await expect(from.locator('[data-type="day"]')).toHaveText('25');
  await expect(from.locator('[data-type="month"]')).toHaveText('09');
  await expect(from.locator('[data-type="year"]')).toHaveText('2026');
  await expect(from).not.toContainText(/[۰-۹]/);
  expect(await seriousViolations(page), 'inbox with a day filter en').toEqual([]);
  const url = page.url();
  await page.close();

  // The same URL in fa: 25 September 2026 is 3 Mehr 1405.
  const fa = await openAt('fa', url);
  const faFrom = fa.getByRole('group', { name: 'از روز', exact: true });
  await expect(faFrom.locator('[data-type="year"]')).toHaveText('۱۴۰۵', { timeout: 10_000 });
  await expect(faFrom.locator('[data-type="month"]')).toHaveText('۰۷');
  await expect(faFrom.locator('[data-type="day"]')).toHaveText('۰۳');
  await fa.close();
});
