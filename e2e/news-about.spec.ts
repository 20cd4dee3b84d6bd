import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { findDemoBusiness } from '../apps/web/test/demo-business.ts';
import {
  appStarted,
  expectNoHorizontalScroll,
  freshPhone,
  fullPageScreenshot,
  openApp,
  open,
  seriousViolations,
  type Lang,
} from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

type Texts = Record<Lang, string>;
/** The demo store's about-us team (apps/server/demo/catalogue.json), which the suite's server carries. */
const demoTeam = (
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../apps/server/demo/catalogue.json'), 'utf8'),
  ) as { about_us: { team: { name: Texts; role: Texts; photo?: { alt: Texts } }[] } }
).about_us.team;

/**
 * News list and detail, about us (with and without content) and the sign-in target (/app/s), in fa
 * and en at 390 and 1280 px, on the demo store; screenshots of each into e2e/screenshots/.
 */
const shots = path.resolve(import.meta.dirname, 'screenshots');
test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));
// Each test walks several pages with axe and full-page screenshots.
test.describe.configure({ timeout: 90_000 });

const TEXT = {
  fa: {
    count: /^[۰-۹]+ خبر$/,
    newest: 'ترتیب تاریخ: جدیدترین اول',
    oldest: 'ترتیب تاریخ: قدیمی‌ترین اول',
    share: /^اشتراک پیوند: /,
    copied: 'پیوند کپی شد.',
    copyFailed: /کپی پیوند ممکن نشد/,
    seeMore: /^مشاهده بیشتر: /,
    otherNews: 'اخبار دیگر',
    notFound: 'خبر پیدا نشد',
    back: 'بازگشت به فهرست اخبار',
    about: 'درباره ما',
    noInfo: 'اطلاعاتی ثبت نشده است.',
    team: 'تیم ما',
    teamCarousel: 'اعضای تیم ما',
    signIn: 'ورود به حساب',
    signInTitle: 'ورود برای پسندیدن',
    why: /برای پسندیدن محصولات/,
    login: 'ورود به حساب',
    phone: 'شماره همراه',
    password: 'رمز عبور',
    submit: 'ورود',
    site: 'آریا پارس',
  },
  en: {
    count: /^\d+ news posts?$/,
    newest: 'Date order: Newest first',
    oldest: 'Date order: Oldest first',
    share: /^Share link: /,
    copied: 'Link copied.',
    copyFailed: /could not be copied/,
    seeMore: /^See more: /,
    otherNews: 'Other news',
    notFound: 'News post not found',
    back: 'Back to the news list',
    about: 'About us',
    noInfo: 'No information yet.',
    team: 'Our team',
    teamCarousel: 'Our team members',
    signIn: 'Sign in',
    signInTitle: 'Sign in to like products',
    why: /You need an account to like products/,
    login: 'Log in',
    phone: 'Mobile number',
    password: 'Password',
    submit: 'Log in',
    site: 'Aria Pars',
  },
} as const;

/** The page settled (no skeletons), then a full-page screenshot. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await fullPageScreenshot(page, path.join(shots, name));
}

async function expectAccessible(page: Page, label: string) {
  expect(await seriousViolations(page), label).toEqual([]);
}

const cardTitles = (page: Page) =>
  page.getByTestId('news-grid').getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

for (const lang of ['fa', 'en'] as Lang[]) {
  for (const width of [390, 1280]) {
    test.describe(`${lang} ${width}px`, () => {
      const T = TEXT[lang];
      test.use({ viewport: { width, height: 900 } });

      test('news list: count, cards, sort toggle, share copies the link, see more opens the modal', async ({
        page,
        context,
        baseURL,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
        await open(page, '/news', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`\\| .*${T.site}`));
        await expect(page.getByTestId('news-count')).toHaveText(T.count);
        const cards = page.getByTestId('news-grid').getByRole('article');
        await expect(cards.first()).toBeVisible();
        const count = await cards.count();
        expect(count).toBeGreaterThan(1);
        for (const preview of await page.getByTestId('news-preview').allTextContents()) {
          expect(preview.length).toBeLessThanOrEqual(500);
        }
        await expectNoHorizontalScroll(page);
        await expectAccessible(page, `${lang} ${width} news`);
        await screenshot(page, `news-list-${lang}-${width}.png`);

        // The sort toggle reverses the order (newest first by default).
        const newestFirst = await cardTitles(page);
        await page.getByRole('button', { name: T.newest }).click();
        await expect(page.getByRole('button', { name: T.oldest })).toBeVisible();
        await expect.poll(() => cardTitles(page)).toEqual([...newestFirst].reverse());
        await page.getByRole('button', { name: T.oldest }).click();
        await expect.poll(() => cardTitles(page)).toEqual(newestFirst);

        // Share, from the keyboard: the absolute link is on the clipboard and the toast says so.
        const first = cards.first();
        const id = await first.getAttribute('data-post-id');
        const share = first.getByRole('button', { name: T.share });
        await share.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('alert').filter({ hasText: T.copied })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/app/news/${id}`);

        // 'See more' opens the global modal with the post.
        const title = (await first.getByRole('heading', { level: 2 }).textContent())!;
        await first.getByRole('button', { name: T.seeMore }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('link').last()).toHaveAttribute('href', `/app/news/${id}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      test('news detail: body, other news (at most 4, never the current post), unknown id', async ({
        page,
      }) => {
        await open(page, '/news', lang);
        const cards = page.getByTestId('news-grid').getByRole('article');
        // Count only once the list is drawn (a count taken during loading is 0).
        await expect(cards.nth(1)).toBeVisible();
        const total = await cards.count();
        const second = cards.nth(1);
        const id = (await second.getAttribute('data-post-id'))!;
        const title = (await second.getByRole('heading', { level: 2 }).textContent())!;
        await second.getByRole('link', { name: title }).click();
        await expect(page).toHaveURL(new RegExp(`/app/news/${id}$`));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page).toHaveTitle(
          `${title} | ${await page.evaluate(() => document.title.split(' | ')[1])}`,
        );
        await expect(page.locator('article .content-html')).not.toBeEmpty();
        const other = page.getByTestId('other-news');
        await expect(other.getByRole('heading', { level: 2, name: T.otherNews })).toBeVisible();
        const links = other.getByRole('heading', { level: 3 }).getByRole('link');
        await expect(links.first()).toBeAttached();
        const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(hrefs.length).toBe(Math.min(4, total - 1));
        expect(hrefs).not.toContain(`/app/news/${id}`);
        expect(new Set(hrefs).size).toBe(hrefs.length);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page, `${lang} ${width} news detail`);
        await screenshot(page, `news-detail-${lang}-${width}.png`);

        await open(page, '/news/999999', lang);
        await expect(page.getByRole('heading', { level: 1, name: T.notFound })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`^${T.notFound} \\| `));
        await page.getByRole('link', { name: T.back }).click();
        await expect(page).toHaveURL(/\/app\/news$/);
      });

      test('about us: content and the store’s team from its data, then the empty answer (no team)', async ({
        page,
      }) => {
        await open(page, '/aboutus', lang);
        await expect(page.getByRole('heading', { level: 1, name: T.about })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`^${T.about} \\| `));
        await expect(page.locator('main .content-html')).toContainText(/\S{3,}/);
        await expect(page.getByText(T.noInfo)).toHaveCount(0);
        const team = page.getByTestId('team');
        await expect(team.getByRole('heading', { level: 2, name: T.team })).toBeVisible();
        // The demo store's team as its catalogue lists it: names and roles in the page's language,
        // photos (with their alt texts) or drawn initials.
        await expect(team.getByRole('heading', { level: 3 })).toHaveText(demoTeam.map((m) => m.name[lang]));
        for (const member of demoTeam)
          await expect(team.getByText(member.role[lang], { exact: true })).toBeAttached();
        const pictures = team.getByRole('img');
        await expect(pictures).toHaveCount(demoTeam.length);
        for (const [i, member] of demoTeam.entries()) {
          if (member.photo) {
            await expect(pictures.nth(i)).toHaveAttribute('alt', member.photo.alt[lang]);
            await expect(pictures.nth(i)).toHaveAttribute('src', /\/media\/[0-9a-f]{32}\.svg$/);
            await expect
              .poll(() => pictures.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth))
              .toBeGreaterThan(0);
          } else await expect(pictures.nth(i)).toHaveJSProperty('tagName', 'svg');
        }
        // 1 slide per view on phones, 4 on wide screens.
        const visible = await team.locator('[data-slide]').evaluateAll(
          (slides) =>
            slides.filter((s) => {
              const r = s.getBoundingClientRect();
              return r.left >= -1 && r.right <= window.innerWidth + 1 && r.width > 0;
            }).length,
        );
        expect(visible).toBe(width < 500 ? 1 : 4);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page, `${lang} ${width} about`);
        await screenshot(page, `about-page-${lang}-${width}.png`);

        await page.route('**/store/about-us/', (route) => route.fulfill({ json: [] }));
        // In the app, which then draws the about-us page itself (and makes the call).
        await openApp(page, '/aboutus', lang);
        await expect(page.getByRole('heading', { level: 1, name: T.about })).toBeVisible();
        await expect(page.getByText(T.noInfo)).toBeVisible();
        await expect(page.locator('main .content-html')).toHaveCount(0);
        // No team: no team section at all.
        await expect(page.getByTestId('team')).toHaveCount(0);
        await expect(page.getByRole('heading', { name: T.team })).toHaveCount(0);
        await expectAccessible(page, `${lang} ${width} about empty`);
        await screenshot(page, `about-empty-${lang}-${width}.png`);
      });

      test('sign-in target: explains itself and returns to the page after login', async ({
        page,
        request,
      }) => {
        const phone = freshPhone();
        const password = 'Tr4de-safely-2026';
        const registered = await request.post(`/${lang}/api/auth/users/`, {
          data: { username: phone, password, 'Email address': `${phone}@example.com` },
        });
        expect(registered.ok()).toBe(true);

        await open(page, '/news', lang);
        const card = page.getByTestId('news-grid').getByRole('article').first();
        const id = await card.getAttribute('data-post-id');
        const title = (await card.getByRole('heading', { level: 2 }).textContent())!;

        await open(page, `/s?next=${encodeURIComponent(`/app/news/${id}`)}`, lang);
        await expect(page.getByRole('heading', { level: 1, name: T.signIn, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`^${T.signInTitle} \\| `));
        await expect(page.getByText(T.why)).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectAccessible(page, `${lang} ${width} sign-in`);
        await screenshot(page, `sign-in-${lang}-${width}.png`);

        await page.getByRole('main').getByRole('button', { name: T.login }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const panel = dialog.getByRole('tabpanel');
        await panel.getByLabel(T.phone).fill(phone);
        await panel.getByLabel(T.password).fill(password);
        await panel.getByRole('button', { name: T.submit }).click();
        // Back where the visitor came from (the login reloads the page after 1000 ms on the way).
        await expect(page).toHaveURL(new RegExp(`/app/news/${id}$`), { timeout: 20_000 });
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      });
    });
  }
}

test.describe('extremes', () => {
  test('320 px: no horizontal scrolling on the four pages', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    for (const target of ['/news', '/news/1', '/aboutus', '/s']) {
      for (const lang of ['fa', 'en'] as Lang[]) {
        await open(page, target, lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.animate-pulse')).toHaveCount(0);
        await expectNoHorizontalScroll(page);
      }
    }
  });

  test('a refused clipboard shows the translated failure with the link', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    for (const lang of ['fa', 'en'] as Lang[]) {
      await open(page, '/news', lang);
      await page.getByRole('button', { name: TEXT[lang].share }).first().click();
      await expect(page.getByRole('alert').filter({ hasText: TEXT[lang].copyFailed })).toContainText(
        '/app/news/',
      );
    }
  });

  test('a signed-in visitor sent to an unsafe target stays on /app/s', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('token', 'Bearer not-checked-here'));
    await open(page, `/s?next=${encodeURIComponent('https://example.org/app/news')}`, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/s\?/);
  });
});

/**
 * A store that is not the demo business: its own name and phones set in the back office (on a server
 * of its own, so the suite's demo store stays as it is). The tab's title is its name before and after
 * hydration and across a language switch, never the demo's; the forgot-password help names its phones.
 */
test.describe('a store of its own', () => {
  test.describe.configure({ mode: 'serial' });
  const NAME = { fa: 'ادویه گلستان', en: 'Golestan Spices' };
  const PHONES = ['021-1234 5678', '0912 345 6789'];
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A server process of its own, loading the demo store first: longer than a test on a busy machine.
    test.setTimeout(120_000);
    server = await startServerProcess();
    const [link] = await server.waitFor(/http[^\s"]*\/admin\/setup\/[\w-]+/);
    const setup = await fetch(`${server.url}/admin/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: link.split('/').pop(),
        email: 'owner@example.com',
        name: 'Owner',
        password: 'a long enough password',
      }),
    });
    expect(setup.status).toBe(201);
    const cookie = setup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrf_token } = (await setup.json()) as { csrf_token: string };
    const saved = await fetch(`${server.url}/admin/api/store`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf_token },
      body: JSON.stringify({ entity: { name: NAME, phones: PHONES } }),
    });
    expect(saved.status).toBe(200);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ['fa', 'en'] as Lang[]) {
    test(`${lang}: the tab's title is the store's name after hydration and a language switch`, async ({
      page,
    }) => {
      // Every title the tab shows, from the first parse on.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { titles: string[] }).titles = seen;
        new MutationObserver(() => {
          // (None until the head's <title> is parsed.)
          if (document.title !== '' && seen.at(-1) !== document.title) seen.push(document.title);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const other: Lang = lang === 'fa' ? 'en' : 'fa';
      await page.goto(`${server.url}/app/?lng=${lang}`);
      await appStarted(page);
      await expect(page).toHaveTitle(NAME[lang]);
      await page.goto(`${server.url}/app/aboutus?lng=${lang}`);
      await appStarted(page);
      await expect(page).toHaveTitle(new RegExp(` \\| ${NAME[lang]}$`));
      // The language switch: the name in the other language.
      await page.getByRole('button', { name: lang === 'fa' ? /تغییر زبان/ : /Change language/ }).click();
      await page.getByRole('menuitem', { name: other === 'fa' ? 'فارسی' : 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page).toHaveTitle(new RegExp(` \\| ${NAME[other]}$`));
      const titles = await page.evaluate(() => (window as unknown as { titles: string[] }).titles);
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(title).toMatch(new RegExp(`${NAME.fa}|${NAME.en}`));
      expect(titles.join('\n')).not.toMatch(/ar[iy]a pars|آریا پارس/i);
    });

    test(`${lang}: the forgot-password help names the store's phones`, async ({ page }) => {
      await page.goto(`${server.url}/app/login?lng=${lang}`);
      await appStarted(page);
      await page
        .getByRole('button', {
          name: lang === 'fa' ? 'رمز عبور را فراموش کرده‌اید؟' : 'Forgot your password?',
        })
        .click();
      const help = page.getByText(
        lang === 'fa'
          ? 'برای بازیابی رمز عبور با فروشگاه تماس بگیرید:'
          : 'To reset your password, call the store:',
      );
      await expect(help).toBeVisible();
      const links = help.getByRole('link');
      await expect(links).toHaveText(
        lang === 'fa' ? ['۰۲۱-۱۲۳۴ ۵۶۷۸', '۰۹۱۲ ۳۴۵ ۶۷۸۹'] : ['021-1234 5678', '0912 345 6789'],
      );
      await expect(links.first()).toHaveAttribute('href', 'tel:+982112345678');
      await expect(links.last()).toHaveAttribute('href', 'tel:+989123456789');
      await expect(help).not.toContainText(/8877|۸۸۷۷/);
    });
  }
});

test('the storefront build the suite serves names no demo business', () => {
  // The production build made for this run (playwright.config.ts): scripts, styles, translations,
  // the page template and the server-side entry (apps/web/test/no-demo-business.test.ts: sources).
  const dist = process.env.E2E_WEB_DIST;
  expect(dist, 'E2E_WEB_DIST').toBeTruthy();
  expect(fs.readdirSync(dist!).length).toBeGreaterThan(0);
  expect(findDemoBusiness([dist!])).toEqual([]);
});
