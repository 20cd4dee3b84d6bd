import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  freshPhone,
  fullPageScreenshot,
  open,
  recordAlerts,
  seriousViolations,
  type Lang,
} from './support/app.ts';

/**
 * Home (sections, liked filter, likes, the welcome box) and the product lists (all products with
 * paging, search, collection, industry, filtered search) in fa and en at 390 and 1280 px, on the real
 * server's fresh demo store, with axe and a screenshot of each page.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../apps/web/public/locales');
const screenshots = path.resolve(import.meta.dirname, 'screenshots');
const load = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree;
const texts = {
  fa: { pages: load('fa', 'pages'), common: load('fa', 'common') },
  en: { pages: load('en', 'pages'), common: load('en', 'common') },
};

/** The translated text of a key (no interpolation), `ns:key` for other namespaces than pages. */
function tr(lang: Lang, key: string): string {
  const [ns, rest] = key.includes(':') ? key.split(':') : ['pages', key];
  const value = rest!
    .split('.')
    .reduce<string | Tree>((node, part) => (node as Tree)[part]!, texts[lang][ns as 'pages' | 'common']);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value;
}

interface ApiProduct {
  id: number;
  title: string;
  tejarat_khareji: boolean;
  tejarat_dakheli: boolean;
  khadamat_tejarat: boolean;
  amouzesh_tejarat: boolean;
  industry: { title: string } | null;
}

const SECTIONS = [
  ['tejarat_khareji', 'foreignBusiness'],
  ['tejarat_dakheli', 'domesticBusiness'],
  ['khadamat_tejarat', 'businesServices'],
  ['amouzesh_tejarat', 'businessTraining'],
] as const;

async function api<T>(page: Page, lang: Lang, pathAndQuery: string, token?: string): Promise<T> {
  const response = await page.request.get(`/${lang}/api/${pathAndQuery}`, {
    headers: token ? { Authorization: token } : {},
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** A new account's bearer token, through the real API. */
async function signUp(page: Page, lang: Lang): Promise<string> {
  const username = freshPhone();
  const password = 'Pistachio-Road-2026';
  const registered = await page.request.post(`/${lang}/api/auth/users/`, {
    data: { username, password, 'Email address': `${username}@example.com` },
  });
  expect(registered.status()).toBe(201);
  const login = await page.request.post(`/${lang}/api/auth/jwt/create/`, { data: { username, password } });
  return `Bearer ${((await login.json()) as { access: string }).access}`;
}

/** Digits as the language writes them (Persian digits in fa). */
function digits(lang: Lang, value: number): string {
  return lang === 'fa' ? String(value).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : String(value);
}

const cardTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

test.beforeAll(() => fs.mkdirSync(screenshots, { recursive: true }));

for (const lang of ['fa', 'en'] as Lang[]) {
  for (const width of [390, 1280]) {
    test.describe(`${lang} ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('home: a section per flag of the recommended products, arrows, the liked filter for a visitor', async ({
        page,
      }) => {
        const recommended = await api<ApiProduct[]>(page, lang, 'store/products/?recommend=True/');
        await open(page, '/', lang);
        await expect(
          page.getByRole('heading', { level: 2, name: tr(lang, 'home.recommended') }),
        ).toBeVisible();
        for (const [flag, heading] of SECTIONS) {
          const expected = recommended.filter((product) => product[flag]).map((product) => product.title);
          const section = page.locator(`section[data-section="${flag}"]`);
          if (expected.length === 0) {
            await expect(section).toHaveCount(0);
            continue;
          }
          await expect(section.getByRole('heading', { level: 3 })).toHaveText(tr(lang, heading));
          await expect(section.getByRole('heading', { level: 4 })).toHaveText(expected);
          await expect(section.getByRole('button', { name: tr(lang, 'common:slider.next') })).toBeVisible();
          await expect(
            section.getByRole('button', { name: tr(lang, 'common:slider.previous') }),
          ).toBeVisible();
        }
        // Slides per view by width: 1 below 500 px, 3 from 1000 px.
        const first = page.locator('section[data-section] [data-slide]').first();
        const sliderWidth = await page
          .locator('section[data-section] .slider-track')
          .first()
          .evaluate((el) => el.clientWidth);
        const slideWidth = await first.evaluate((el) => el.getBoundingClientRect().width);
        expect(Math.round(sliderWidth / slideWidth)).toBe(width >= 1000 ? 3 : 1);

        expect(await seriousViolations(page), 'home').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `home-sections-${lang}-${width}.png`));

        await page.getByRole('button', { name: tr(lang, 'home.showLiked') }).click();
        await expect(page.getByTestId('home-empty')).toContainText(tr(lang, 'home.noLikedSignedOut'));
        await expect(page.locator('section[data-section]')).toHaveCount(0);
        await page.getByRole('button', { name: tr(lang, 'home.showAll') }).click();
        await expect(page.locator('section[data-section]').first()).toBeVisible();

        // A like without a token goes to /app/s.
        await page.locator('section[data-section]').first().getByTestId('like-button').first().click();
        await expect(page).toHaveURL(/\/app\/s(\?|$)/);
      });

      test('home: a user likes on home (201, liked!) and show liked lists only that product', async ({
        page,
      }) => {
        const token = await signUp(page, lang);
        await open(page, '/', lang);
        await page.evaluate((value) => window.localStorage.setItem('token', value), token);
        await page.reload();
        const alerts = await recordAlerts(page);
        const section = page.locator('section[data-section]').first();
        const card = section.getByRole('article').first();
        const title = (await card.getByRole('heading', { level: 4 }).textContent())!;
        const liked = page.waitForResponse(
          (r) =>
            r.request().method() === 'POST' &&
            /\/products\/\d+\/likes\/$/.test(r.url()) &&
            r.status() === 201,
        );
        await card.getByTestId('like-button').click();
        await liked;
        await expect.poll(alerts).toContain(tr(lang, 'liked!'));
        await expect(card.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');

        await page.getByRole('button', { name: tr(lang, 'home.showLiked') }).click();
        const titles = page.locator('section[data-section]').getByRole('heading', { level: 4 });
        await expect(titles.first()).toBeVisible();
        expect(new Set(await titles.allTextContents())).toEqual(new Set([title]));
        const likes = await api<{ product: number }[]>(page, lang, 'store/likes/', token);
        expect(likes).toHaveLength(1);
      });

      test('home: the welcome box checks in order, sends to product -1 and stays hidden', async ({
        page,
      }) => {
        await open(page, '/', lang);
        const box = page.getByRole('complementary', { name: tr(lang, 'welcome.label') });
        await expect(box).toContainText(tr(lang, 'welcome.prompt'));
        await box.getByRole('button', { name: tr(lang, 'welcome.open') }).click();
        const phone = box.getByLabel(tr(lang, 'welcome.phone'));
        const email = box.getByLabel(tr(lang, 'welcome.email'));
        const message = box.getByTestId('quick-request-message');
        const send = box.getByRole('button', { name: tr(lang, 'welcome.submit') });
        await expect(phone).toBeFocused();

        await phone.fill('12');
        await email.fill('no-at-sign');
        await send.click();
        await expect(message).toHaveText(tr(lang, 'submitAValidEmail'));
        await email.fill('buyer@example.com');
        await send.click();
        await expect(message).toHaveText(tr(lang, 'phoneNumberMustStartWith09'));
        await expect(phone).toBeFocused();
        await phone.fill('0912345');
        await send.click();
        await expect(message).toHaveText(tr(lang, 'phoneNumberMustELevenChar'));
        expect(await seriousViolations(page), 'welcome box with a message').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `home-welcome-${lang}-${width}.png`));

        const number = freshPhone();
        await phone.fill(lang === 'fa' ? number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : number);
        await box.getByLabel(tr(lang, 'welcome.description')).fill('Two cartons of saffron, please.');
        const alerts = await recordAlerts(page);
        const sent = page.waitForResponse(
          (r) => r.request().method() === 'POST' && r.url().endsWith('/store/products/-1/orders/'),
        );
        await send.click();
        const response = await sent;
        expect(response.status()).toBe(201);
        expect(response.request().postDataJSON()).toMatchObject({
          phone: number,
          email: 'buyer@example.com',
        });
        await expect.poll(alerts).toContain(tr(lang, 'orderSubmittedSuccessfully'));
        await expect(box).toHaveCount(0);
        await page.reload();
        await expect(
          page.getByRole('heading', { level: 2, name: tr(lang, 'home.recommended') }),
        ).toBeVisible();
        await expect(box).toHaveCount(0);
      });

      test('products: total count, load more, sort toggle; every card has its like and call-us links', async ({
        page,
      }) => {
        const { count } = await api<{ count: number }>(page, lang, 'store/products/?limit=1');
        await open(page, '/products', lang);
        const counter = page.getByTestId('product-count');
        await expect(counter).toContainText(digits(lang, count));
        const cards = page.getByRole('main').getByRole('article');
        await expect(cards).toHaveCount(Math.min(24, count));
        const firstIds = await cards.evaluateAll((els) =>
          els.map((el) => Number(/(\d+)$/.exec(el.querySelector('h2 a')!.getAttribute('href')!)![1])),
        );
        expect(firstIds).toEqual([...firstIds].sort((a, b) => a - b));
        await expect(cards.first().getByRole('link', { name: tr(lang, 'products.callUs') })).toHaveAttribute(
          'href',
          `/app/product/${firstIds[0]}?status=open`,
        );
        await expect(cards.first().getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
        expect(await seriousViolations(page), 'products').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `products-list-${lang}-${width}.png`));

        await page.getByRole('button', { name: tr(lang, 'products.loadMore') }).click();
        await expect(cards).toHaveCount(count);
        await expect(cards.nth(24).getByRole('heading').getByRole('link')).toBeFocused();
        await expect(page.getByRole('button', { name: tr(lang, 'products.loadMore') })).toHaveCount(0);

        await page.getByRole('button', { name: new RegExp(tr(lang, 'products.sortLabel')) }).click();
        await expect(cards).toHaveCount(24);
        const newest = await cards.evaluateAll((els) =>
          els.map((el) => Number(/(\d+)$/.exec(el.querySelector('h2 a')!.getAttribute('href')!)![1])),
        );
        expect(newest).toEqual([...newest].sort((a, b) => b - a));
        expect(newest[0]).toBeGreaterThan(firstIds[0]!);
      });

      test('search, collection, industry and filtered pages: term, chip, count, sort, empty state', async ({
        page,
      }) => {
        // Header search → the search page with the term, the chip and the count.
        const term = lang === 'fa' ? 'زعفران' : 'saffron';
        const found = await api<ApiProduct[]>(
          page,
          lang,
          `store/products/?search=${encodeURIComponent(term)}`,
        );
        expect(found.length).toBeGreaterThan(0);
        await open(page, '/', lang);
        const searchbox = page.getByRole('searchbox', { name: tr(lang, 'common:search.label') });
        await searchbox.fill(term);
        await searchbox.press('Enter');
        await expect(page.getByRole('heading', { level: 1 })).toContainText(term);
        await expect(page.getByTestId('product-count')).toContainText(digits(lang, found.length));
        await expect(page.getByRole('main').getByRole('article')).toHaveCount(found.length);
        const chip = page
          .getByRole('main')
          .getByRole('link', { name: new RegExp(term) })
          .first();
        await expect(chip).toHaveAttribute('href', '/app');
        const crumbs = page.getByRole('navigation', { name: tr(lang, 'breadcrumb') });
        await expect(crumbs.getByRole('link').first()).toHaveAttribute('href', '/app');
        await expect(crumbs).toContainText(term);
        expect(await seriousViolations(page), 'search').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `search-${lang}-${width}.png`));
        // The sort toggle reverses the order.
        const before = await cardTitles(page);
        await page.getByRole('button', { name: new RegExp(tr(lang, 'products.sortLabel')) }).click();
        await expect.poll(() => cardTitles(page)).toEqual([...before].reverse());

        // A search without results says so and offers all products.
        await open(page, '/products/search/qqzzxxnothing', lang);
        await expect(page.getByTestId('empty-state')).toContainText('qqzzxxnothing');
        await expect(page.getByTestId('empty-state').getByRole('link')).toHaveAttribute(
          'href',
          '/app/products',
        );

        // Collection page (a subcollection by name) and industry page.
        const subcollections = await api<{ title: string; products: ApiProduct[] }[]>(
          page,
          lang,
          'store/subcollections/',
        );
        const sub = subcollections.find((s) => s.products.length > 1)!;
        await open(page, `/collections/search/${encodeURIComponent(sub.title)}`, lang);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(sub.title);
        await expect(page.getByRole('main').getByRole('article')).toHaveCount(sub.products.length);
        expect(await seriousViolations(page), 'collection').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `collection-${lang}-${width}.png`));

        const industries = await api<{ title: string; industry_products: ApiProduct[] }[]>(
          page,
          lang,
          'store/industries/',
        );
        const industry = industries.find((i) => i.industry_products.length > 0)!;
        await open(page, `/industries/search/${encodeURIComponent(industry.title)}`, lang);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(industry.title);
        await expect(page.getByTestId('product-count')).toContainText(
          digits(lang, industry.industry_products.length),
        );
        await fullPageScreenshot(page, path.join(screenshots, `industry-${lang}-${width}.png`));

        // Filtered search: exact industry title.
        await open(page, `/search/?industry=${encodeURIComponent(industry.title)}`, lang);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(industry.title);
        await expect(page.getByRole('main').getByRole('article')).toHaveCount(
          industry.industry_products.length,
        );
        expect(new Set(await cardTitles(page))).toEqual(
          new Set(industry.industry_products.map((p) => p.title)),
        );
        expect(await seriousViolations(page), 'filtered').toEqual([]);
        await fullPageScreenshot(page, path.join(screenshots, `filtered-${lang}-${width}.png`));
        // A title that is not exact matches nothing.
        await open(page, `/search/?industry=${encodeURIComponent(industry.title.slice(0, -1))}`, lang);
        await expect(page.getByTestId('empty-state')).toBeVisible();
      });
    });
  }
}

test('320 px: no horizontal scrolling on home (prompt and open form) and the product lists', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const lang of ['fa', 'en'] as Lang[]) {
    for (const target of ['/', '/products', '/products/search/tea', '/search/?product=x']) {
      await open(page, target, lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
    await open(page, '/', lang);
    const box = page.getByRole('complementary', { name: tr(lang, 'welcome.label') });
    await box.getByRole('button', { name: tr(lang, 'welcome.open') }).click();
    await expect(box.getByLabel(tr(lang, 'welcome.phone'))).toBeFocused();
    await expectNoHorizontalScroll(page);
    // The whole form fits: the send button can be reached.
    await expect(box.getByRole('button', { name: tr(lang, 'welcome.submit') })).toBeInViewport();
  }
});
