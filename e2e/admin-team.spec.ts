import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminSettled, staffContext } from './support/admin.ts';
import { open, type Lang } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The about-us team as data (issue 21, item 2), end to end: in the back office's about-us page the
 * owner removes the demo store's team, adds two members (names and roles in both languages, a photo
 * uploaded with its alt text), moves the second before the first and saves; the storefront's about
 * page (a fresh load: the server's render) shows them in that order, in its language, the photo with
 * its alt text; emptied and saved again, the page has no team section at all. In fa and in en, on a
 * server of its own (the suite's demo store keeps its team for news-about.spec.ts).
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PASSWORD = 'a long enough password';

/** The back office's labels (apps/admin/src/locales), member numbers in the language's digits. */
const ADMIN = {
  fa: {
    digits: (n: number) => n.toLocaleString('fa-IR'),
    section: 'تیم',
    empty: 'هنوز عضوی اضافه نشده است.',
    add: 'افزودن عضو تیم',
    field: (part: 'name' | 'role', n: string, language: Lang) =>
      `${part === 'name' ? 'نام' : 'سمت'} عضو ${n} (${language === 'fa' ? 'فارسی' : 'انگلیسی'})`,
    upload: (n: string) => `بارگذاری عکس عضو ${n}`,
    alt: (n: string, language: Lang) =>
      `متن جایگزین عکس عضو ${n} (${language === 'fa' ? 'فارسی' : 'انگلیسی'})`,
    moveUp: (n: string) => `انتقال عضو ${n} به بالا`,
    remove: (n: string) => `حذف عضو ${n}`,
    save: 'ذخیره',
    saved: 'ذخیره شد.',
  },
  en: {
    digits: (n: number) => String(n),
    section: 'Team',
    empty: 'No team members yet.',
    add: 'Add a team member',
    field: (part: 'name' | 'role', n: string, language: Lang) =>
      `Member ${n} ${part} (${language === 'fa' ? 'Persian' : 'English'})`,
    upload: (n: string) => `Upload Member ${n} photo`,
    alt: (n: string, language: Lang) =>
      `Member ${n} photo alt text (${language === 'fa' ? 'Persian' : 'English'})`,
    moveUp: (n: string) => `Move member ${n} earlier`,
    remove: (n: string) => `Remove member ${n}`,
    save: 'Save',
    saved: 'Saved.',
  },
} as const;

/** The storefront's team heading (apps/web/public/locales). */
const TEAM_HEADING: Record<Lang, string> = { fa: 'تیم ما', en: 'Our team' };

type Texts = Record<Lang, string>;
interface Member {
  name: Texts;
  role: Texts;
  alt?: Texts;
}

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

/** Removes every member from the first on, until the team says it is empty. */
async function removeAll(page: Page, lang: Lang) {
  const L = ADMIN[lang];
  const first = page.getByRole('button', { name: L.remove(L.digits(1)), exact: true });
  while ((await first.count()) > 0) await first.click();
  await expect(page.getByText(L.empty)).toBeVisible();
}

async function save(page: Page, lang: Lang) {
  const L = ADMIN[lang];
  await page.getByRole('button', { name: L.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: L.saved })).toBeVisible();
}

/** The storefront's about page, loaded afresh (the server's render, then the app). */
async function aboutPage(context: BrowserContext, lang: Lang): Promise<Page> {
  const page = await context.newPage();
  await open(page, '/aboutus', lang);
  return page;
}

for (const lang of ['fa', 'en'] as const) {
  const L = ADMIN[lang];

  test(`the owner edits the about-us team and the storefront's about page shows it, then none (${lang})`, async ({
    browser,
  }) => {
    const stamp = Date.now() % 100_000;
    const first: Member = {
      name: { fa: `سارا ${stamp}`, en: `Sara ${stamp}` },
      role: { fa: 'مدیر فروش', en: 'Sales manager' },
      alt: { fa: `چهرهٔ سارا ${stamp}`, en: `Sara's portrait ${stamp}` },
    };
    const second: Member = {
      name: { fa: `رضا ${stamp}`, en: `Reza ${stamp}` },
      role: { fa: 'کارشناس انبار', en: 'Warehouse lead' },
    };

    const page = await owner.newPage();
    await page.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
    await page.goto('/admin/about-us');
    await adminSettled(page, lang, 10_000);
    const team = page.getByRole('region', { name: L.section, exact: true });
    await expect(team).toBeVisible();
    // Whatever the store had (the demo's team in fa; nothing left by fa in en): removed.
    await removeAll(page, lang);

    // Two members, in both languages; the first gets a photo and its alt text.
    for (const [index, member] of [first, second].entries()) {
      const n = L.digits(index + 1);
      await team.getByRole('button', { name: L.add, exact: true }).click();
      for (const part of ['name', 'role'] as const)
        for (const language of ['fa', 'en'] as const)
          await team
            .getByRole('textbox', { name: L.field(part, n, language), exact: true })
            .fill(member[part][language]);
    }
    const photo = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await team
      .getByLabel(L.upload(L.digits(1)), { exact: true })
      .setInputFiles({ name: 'sara.png', mimeType: 'image/png', buffer: photo });
    for (const language of ['fa', 'en'] as const)
      await team
        .getByRole('textbox', { name: L.alt(L.digits(1), language), exact: true })
        .fill(first.alt![language]);
    // The second member moves before the first.
    await team.getByRole('button', { name: L.moveUp(L.digits(2)) }).click();
    await expect(
      team.getByRole('textbox', { name: L.field('name', L.digits(1), 'fa'), exact: true }),
    ).toHaveValue(second.name.fa);
    await save(page, lang);

    // The storefront shows them, in that order, in its language.
    const visitor = await browser.newContext({ baseURL: server.url });
    const about = await aboutPage(visitor, lang);
    const shown = about.getByTestId('team');
    await expect(shown.getByRole('heading', { level: 2, name: TEAM_HEADING[lang] })).toBeVisible();
    await expect(shown.getByRole('heading', { level: 3 })).toHaveText([second.name[lang], first.name[lang]]);
    for (const member of [second, first])
      await expect(shown.getByText(member.role[lang], { exact: true })).toBeAttached();
    const pictures = shown.getByRole('img');
    await expect(pictures).toHaveCount(2);
    // No photo: drawn initials; the photo: the uploaded file with its alt text, loaded.
    await expect(pictures.nth(0)).toHaveJSProperty('tagName', 'svg');
    await expect(pictures.nth(1)).toHaveAttribute('alt', first.alt![lang]);
    await expect(pictures.nth(1)).toHaveAttribute('src', /\/media\/[0-9a-f]{32}\.\w+$/);
    await expect
      .poll(() => pictures.nth(1).evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await about.close();

    // Emptied and saved: no team section on the storefront at all.
    await removeAll(page, lang);
    await save(page, lang);
    await page.close();
    const empty = await aboutPage(visitor, lang);
    await expect(empty.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(empty.getByTestId('team')).toHaveCount(0);
    await expect(empty.getByRole('heading', { name: TEAM_HEADING[lang] })).toHaveCount(0);
    await visitor.close();
  });
}
