import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { appStarted, freshPhone, open, recordAlerts, seriousViolations, type Lang } from './support/app.ts';

/**
 * Product detail (/app/product/{id}) in fa and en at 390 and 1280 px, on the real server's fresh demo
 * store: content, ?status=open, the order dialog's toasts, the review form, an unknown id, the
 * supplier phone for visitors and signed-in users, axe, and a screenshot per language and width.
 */
// Generous limits: the suite shares the machine with builds and other suites.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../apps/web/public/locales');
const screenshots = path.resolve(import.meta.dirname, 'screenshots');
const texts = Object.fromEntries(
  (['fa', 'en'] as const).map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(localesDir, lang, 'product.json'), 'utf8')) as Tree,
  ]),
) as Record<Lang, Tree>;

/** The translated text of a key of the product namespace (no interpolation). */
function tr(lang: Lang, key: string): string {
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, texts[lang]);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value;
}

interface ApiProduct {
  id: number;
  title: string;
  short_description: string;
  images: { image: string; alt: string }[];
  industry: { title: string; phone: string | null; has_phone: boolean } | null;
  tags: { tag: { title: string } }[];
  properties: { key: string; value: string }[];
}

async function apiProduct(page: Page, lang: Lang, id: number, token?: string): Promise<ApiProduct> {
  const response = await page.request.get(`/${lang}/api/store/products/${id}/`, {
    headers: token ? { Authorization: token } : {},
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiProduct;
}

const WIDTHS = [390, 1280];

test.beforeAll(() => fs.mkdirSync(screenshots, { recursive: true }));

for (const lang of ['fa', 'en'] as Lang[]) {
  for (const width of WIDTHS) {
    test.describe(`product detail ${lang} ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('renders its content, passes axe and is photographed', async ({ page }) => {
        const product = await apiProduct(page, lang, 1);
        await open(page, '/product/1', lang);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.title);
        await expect(page).toHaveTitle(product.title);
        const crumbs = main.getByRole('navigation').first();
        await expect(crumbs.getByRole('link').first()).toHaveAttribute('href', /\/app\/?$/);
        await expect(crumbs.getByText(product.title)).toHaveAttribute('aria-current', 'page');
        await expect(main.getByText(product.short_description)).toBeVisible();

        // Carousel: every image has alt text and dimensions.
        const gallery = page.getByTestId('product-gallery');
        await expect(gallery).toBeVisible();
        const images = gallery.locator('img');
        expect(await images.count()).toBeGreaterThanOrEqual(product.images.length);
        for (const img of await images.all()) {
          // The catalogue's alt text where it gives one, else one naming the product.
          const src = await img.getAttribute('src');
          const given = product.images.find((image) => image.image === src)?.alt;
          await expect(img).toHaveAttribute('alt', given || new RegExp(product.title.slice(0, 10)));
          await expect(img).toHaveAttribute('width', /\d+/);
          await expect(img).toHaveAttribute('height', /\d+/);
        }
        await expect(gallery.getByRole('button', { name: tr(lang, 'gallery.next') })).toBeVisible();

        // Preview (cut, then the note), availability, price, supplier, tags.
        const preview = page.getByTestId('preview-description');
        expect(((await preview.textContent()) ?? '').length).toBeLessThanOrEqual(1001);
        await expect(main.getByText(tr(lang, 'continuedBelow'))).toBeVisible();
        await expect(page.getByTestId('availability')).toHaveText(tr(lang, 'inStock'));
        const price = page.getByTestId('price-range');
        await expect(price).toHaveText(lang === 'fa' ? /[۰-۹]/ : /^[^۰-۹]*\d/);
        const supplier = page.getByTestId('supplier-panel');
        await expect(supplier.getByText(product.industry!.title)).toBeVisible();
        await expect(supplier.getByRole('link').first()).toHaveAttribute('href', /^https?:\/\//);
        for (const { tag } of product.tags) {
          await expect(main.getByRole('link', { name: `#${tag.title}`, exact: true })).toBeVisible();
        }

        // Tabs: description by default, then properties and comments.
        const tablist = main.getByRole('tablist');
        await expect(tablist.getByRole('tab', { name: tr(lang, 'tabs.description') })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(main.getByRole('tabpanel')).toContainText(/\S{3,}/);
        // No horizontal scrolling at this width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => document.fonts.ready);
        await expect
          .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete)))
          .toBe(true);
        await page.screenshot({
          path: path.join(screenshots, `product-detail-${lang}-${width}.png`),
          fullPage: true,
        });

        await tablist.getByRole('tab', { name: tr(lang, 'tabs.properties') }).click();
        const panel = main.getByRole('tabpanel');
        for (const property of product.properties) {
          await expect(panel.getByText(property.key, { exact: true })).toBeVisible();
          await expect(panel.getByText(property.value, { exact: true })).toBeVisible();
        }
        await tablist.getByRole('tab', { name: new RegExp(tr(lang, 'tabs.commentsPlain')) }).click();
        await expect(page.getByTestId('review-list').getByRole('listitem').first()).toBeVisible();
        // Dates: Jalali with Persian digits in fa, Gregorian with Latin digits in en.
        const date = page.getByTestId('review-list').locator('time').first();
        await expect(date).toHaveText(lang === 'fa' ? /^[^0-9]*[۰-۹]{4}$/ : /\b(19|20)\d{2}$/);
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('a product without images shows the placeholder; out of stock shows unavailable', async ({
        page,
      }) => {
        await open(page, '/product/13', lang);
        await expect(page.getByRole('img', { name: tr(lang, 'gallery.noImage') })).toBeVisible();
        await open(page, '/product/3', lang);
        await expect(page.getByTestId('availability')).toHaveText(tr(lang, 'unavailable'));
      });

      test('?status=open opens the request dialog; a send toasts success and closes it', async ({ page }) => {
        // Not open(): the modal dialog hides the page (main included) from the accessibility tree.
        await page.goto(`/app/product/2?status=open&lng=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const dialog = page.getByRole('dialog', { name: tr(lang, 'dialog.title') });
        await expect(dialog).toBeVisible();
        const alerts = await recordAlerts(page);
        await dialog.getByLabel(tr(lang, 'dialog.phone')).fill(freshPhone());
        await dialog.getByLabel(tr(lang, 'dialog.message')).fill('Please send a price list.');
        await dialog.getByLabel(tr(lang, 'dialog.email')).fill('buyer@example.com');
        await dialog.getByRole('button', { name: tr(lang, 'dialog.submit') }).click();
        await expect
          .poll(alerts)
          .toContainEqual(expect.stringContaining(tr(lang, 'orderSubmittedSuccessfully')));
        await expect(dialog).toBeHidden();
        await expect(page).not.toHaveURL(/status=open/);

        // The button opens it again; the close icon closes it.
        await page.getByRole('button', { name: tr(lang, 'request'), exact: true }).click();
        await expect(dialog).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: tr(lang, 'dialog.close') }).click();
        await expect(dialog).toBeHidden();
      });

      test('a failed order toasts the error and closes the dialog', async ({ page }) => {
        await open(page, '/product/2', lang);
        const dialog = page.getByRole('dialog', { name: tr(lang, 'dialog.title') });
        const failure = expect.stringContaining(tr(lang, 'errorInSubmittingOrder'));

        // An empty request: the server answers 400 (no client validation).
        let alerts = await recordAlerts(page);
        await page.getByRole('button', { name: tr(lang, 'request'), exact: true }).click();
        await dialog.getByRole('button', { name: tr(lang, 'dialog.submit') }).click();
        await expect.poll(alerts).toContainEqual(failure);
        await expect(dialog).toBeHidden();

        // A server failure (500).
        await page.route('**/api/store/products/2/orders/', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
        );
        alerts = await recordAlerts(page);
        await page.getByRole('button', { name: tr(lang, 'request'), exact: true }).click();
        await dialog.getByLabel(tr(lang, 'dialog.phone')).fill('09121234567');
        const answered = page.waitForResponse((r) => r.url().includes('/orders/') && r.status() === 500);
        await dialog.getByRole('button', { name: tr(lang, 'dialog.submit') }).click();
        await answered;
        await expect.poll(alerts).toContainEqual(failure);
        await expect(dialog).toBeHidden();
      });

      test('the review form: 501 characters impossible, failure warns, success confirms and lists', async ({
        page,
      }) => {
        await open(page, '/product/5', lang);
        await page.getByRole('tab', { name: new RegExp(tr(lang, 'tabs.commentsPlain')) }).click();
        const content = page.getByLabel(tr(lang, 'reviews.content'));
        await content.fill('x'.repeat(499));
        await content.pressSequentially('yz!');
        await expect(content).toHaveValue(`${'x'.repeat(499)}y`);
        await content.fill('w'.repeat(501));
        expect(((await content.inputValue()) ?? '').length).toBe(500);
        await expect(page.getByTestId('review-counter')).toContainText(lang === 'fa' ? '۵۰۰' : '500');

        const name = `${lang === 'fa' ? 'خریدار' : 'Buyer'} ${Date.now()} ${width}`;
        await page.getByLabel(tr(lang, 'reviews.name'), { exact: true }).fill(name);
        await page.getByLabel(tr(lang, 'reviews.email'), { exact: true }).fill('not-an-email');
        await content.fill(lang === 'fa' ? 'کیفیت خوب و بسته‌بندی مرتب.' : 'Good quality, tidy packing.');
        await page.getByRole('button', { name: tr(lang, 'reviews.submit') }).click();
        await expect(page.getByRole('alert').filter({ hasText: tr(lang, 'reviews.failed') })).toBeVisible();
        await expect(page.getByLabel(tr(lang, 'reviews.email'), { exact: true })).toHaveAttribute(
          'aria-invalid',
          'true',
        );

        await page.getByLabel(tr(lang, 'reviews.email'), { exact: true }).fill('buyer@example.com');
        await page.getByRole('button', { name: tr(lang, 'reviews.submit') }).click();
        await expect(page.getByText(tr(lang, 'reviews.sent'))).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: tr(lang, 'reviews.failed') })).toHaveCount(0);
        // Refetched, newest first.
        await expect(page.getByTestId('review-list').getByRole('listitem').first()).toContainText(name);
      });

      test('an unknown product id shows the not-found state with a way home', async ({ page }) => {
        await open(page, '/product/987654', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'notFound.title'));
        await expect(page).toHaveTitle(tr(lang, 'notFound.title'));
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('link', { name: tr(lang, 'notFound.home') }).click();
        await expect(page).toHaveURL(/\/app\/?(\?.*)?$/);
      });

      test('the supplier phone is masked for a visitor and shown after signing in', async ({ page }) => {
        await open(page, '/product/4', lang);
        const phone = page.getByTestId('supplier-phone');
        await expect(phone).toHaveAttribute('data-phone-state', 'masked');
        await expect(phone).toContainText('*********');

        const username = freshPhone();
        const password = 'Saffron-Harvest-2026';
        const registered = await page.request.post(`/${lang}/api/auth/users/`, {
          data: { username, password, 'Email address': `${username}@example.com` },
        });
        expect(registered.status()).toBe(201);
        const login = await page.request.post(`/${lang}/api/auth/jwt/create/`, {
          data: { username, password },
        });
        const { access } = (await login.json()) as { access: string };
        const token = `Bearer ${access}`;
        const product = await apiProduct(page, lang, 4, token);
        expect(product.industry?.phone).toBeTruthy();

        await page.evaluate((value) => window.localStorage.setItem('token', value), token);
        await page.reload();
        await expect(phone).toHaveAttribute('data-phone-state', 'shown');
        await expect(phone).not.toContainText('*');
        await expect(phone.getByRole('link')).toHaveAttribute('href', `tel:${product.industry!.phone}`);

        // A supplier without a phone says so, signed in or not (industry 8).
        await open(page, '/product/18', lang);
        await expect(page.getByTestId('supplier-phone')).toHaveText(tr(lang, 'supplier.noPhone'));
      });
    });
  }
}

for (const lang of ['fa', 'en'] as Lang[]) {
  test(`a review written in ${lang} is on the page after a reload: in the server's render and in the list`, async ({
    page,
  }) => {
    // The page is rendered (and kept by the server) before the review is written; a product per
    // language, as the two run at once.
    await open(page, lang === 'fa' ? '/product/9' : '/product/10', lang);
    const tab = page.getByRole('tab', { name: new RegExp(tr(lang, 'tabs.commentsPlain')) });
    await tab.click();
    const name = `${lang === 'fa' ? 'خریدار' : 'Buyer'} ${Date.now()}`;
    await page.getByLabel(tr(lang, 'reviews.name'), { exact: true }).fill(name);
    await page.getByLabel(tr(lang, 'reviews.email'), { exact: true }).fill('buyer@example.com');
    await page
      .getByLabel(tr(lang, 'reviews.content'))
      .fill(lang === 'fa' ? 'پس از بارگذاری دوباره هم هست.' : 'Still here after a reload.');
    await page.getByRole('button', { name: tr(lang, 'reviews.submit') }).click();
    await expect(page.getByText(tr(lang, 'reviews.sent'))).toBeVisible();

    const reloaded = page.waitForResponse((r) => r.request().resourceType() === 'document');
    await page.reload();
    // The server's page holds it: the state the app hydrates from carries the product's reviews.
    const html = await (await reloaded).text();
    const state = /<script type="application\/json" id="storefront-state">(.*?)<\/script>/s.exec(html)?.[1];
    expect(state, 'the page is rendered by the server').toBeDefined();
    const { queries } = JSON.parse(state!) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const reviews = queries.queries.find((query) => query.queryKey.at(-1) === 'reviews')?.state.data as
      { name: string }[] | undefined;
    expect(reviews?.map((review) => review.name)).toContain(name);
    await appStarted(page);
    await tab.click();
    await expect(page.getByTestId('review-list').getByRole('listitem').filter({ hasText: name })).toHaveCount(
      1,
    );
  });
}

test('the like toggle sends a visitor to /app/s', async ({ page }) => {
  await open(page, '/product/6', 'en');
  await page.getByTestId('like-button').click();
  await expect(page).toHaveURL(/\/app\/s(\?|$)/);
});

test.describe('product detail carousel, likes and narrow screens', () => {
  const activeIndex = (page: Page) =>
    page.getByTestId('product-gallery').locator('[data-current]').getAttribute('data-slide');

  test('the carousel wraps around, plays every 5000 ms and pauses on hover and focus', async ({ page }) => {
    for (const lang of ['en', 'fa'] as Lang[]) {
      // Product 2 has two images: next, next comes back to the first (both directions).
      await open(page, '/product/2', lang);
      await page.mouse.move(1, 1);
      const gallery = page.getByTestId('product-gallery');
      await expect.poll(() => activeIndex(page)).toBe('0');
      // Mirrored in right-to-left: the row runs right to left, the previous arrow on the start (right) side.
      await expect(gallery.locator('.slider-track')).toHaveCSS('direction', lang === 'fa' ? 'rtl' : 'ltr');
      const prevBox = await gallery.getByRole('button', { name: tr(lang, 'gallery.previous') }).boundingBox();
      const nextBox = await gallery.getByRole('button', { name: tr(lang, 'gallery.next') }).boundingBox();
      expect(prevBox!.x > nextBox!.x).toBe(lang === 'fa');
      await gallery.getByRole('button', { name: tr(lang, 'gallery.next') }).click();
      await expect.poll(() => activeIndex(page)).toBe('1');
      await gallery.getByRole('button', { name: tr(lang, 'gallery.next') }).click();
      await expect.poll(() => activeIndex(page)).toBe('0');
      await gallery.getByRole('button', { name: tr(lang, 'gallery.previous') }).click();
      await expect.poll(() => activeIndex(page)).toBe('1');
    }

    // Autoplay: the slide changes by itself every 5000 ms (timed in the page: the machine may be busy,
    // so a change may come late, never early).
    await open(page, '/product/1', 'en');
    await page.mouse.move(1, 1);
    const gallery = page.getByTestId('product-gallery');
    await gallery.locator('[data-current]').waitFor();
    await page.evaluate(() => {
      const root = document.querySelector('[data-testid="product-gallery"]')!;
      const w = window as unknown as { changes: number[] };
      w.changes = [];
      let last = root.querySelector('[data-current]')?.getAttribute('data-slide');
      new MutationObserver(() => {
        const now = root.querySelector('[data-current]')?.getAttribute('data-slide');
        if (now !== last) {
          last = now;
          w.changes.push(performance.now());
        }
      }).observe(root, { attributes: true, subtree: true, attributeFilter: ['data-current'] });
    });
    const changes = () => page.evaluate(() => (window as unknown as { changes: number[] }).changes);
    await expect.poll(async () => (await changes()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = await changes();
    expect(second! - first!).toBeGreaterThanOrEqual(4500);
    expect(second! - first!).toBeLessThan(9000);

    // Hover pauses it.
    await gallery.hover();
    await page.waitForTimeout(1000);
    const hovered = await activeIndex(page);
    await page.waitForTimeout(6500);
    expect(await activeIndex(page)).toBe(hovered);

    // Focus inside pauses it too.
    await page.mouse.move(1, 1);
    await gallery.getByRole('button', { name: tr('en', 'gallery.pause') }).focus();
    await page.waitForTimeout(1000);
    const focused = await activeIndex(page);
    await page.waitForTimeout(6500);
    expect(await activeIndex(page)).toBe(focused);
  });

  test('a signed-in user likes and unlikes; the state comes back after a reload', async ({ page }) => {
    const username = freshPhone();
    const password = 'Saffron-Harvest-2026';
    await page.request.post('/en/api/auth/users/', {
      data: { username, password, 'Email address': `${username}@example.com` },
    });
    const login = await page.request.post('/en/api/auth/jwt/create/', { data: { username, password } });
    const { access } = (await login.json()) as { access: string };
    await open(page, '/product/7', 'en');
    await page.evaluate((value) => window.localStorage.setItem('token', value), `Bearer ${access}`);
    await page.reload();
    const like = page.getByTestId('like-button');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const liked = page.waitForResponse((r) => r.url().includes('/products/7/likes/') && r.status() === 201);
    await like.click();
    await liked;
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const unliked = page.waitForResponse((r) => r.url().includes('dislike=true') && r.status() === 201);
    await like.click();
    await unliked;
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  test('nothing overflows at 320 px in either language', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    for (const lang of ['fa', 'en'] as Lang[]) {
      for (const id of [1, 13, 15]) {
        await open(page, `/product/${id}`, lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${lang} ${id}`,
        ).toBeLessThanOrEqual(320);
      }
    }
  });
});

test('switching the language on the page shows the product in the other language, title included', async ({
  page,
}) => {
  const fa = await apiProduct(page, 'fa', 1);
  const en = await apiProduct(page, 'en', 1);
  await open(page, '/product/1', 'fa');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fa.title);
  await expect(page).toHaveTitle(fa.title);
  await page.getByRole('button', { name: /تغییر زبان/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
  await expect(page).toHaveTitle(en.title);
  await expect(page.getByTestId('availability')).toHaveText(tr('en', 'inStock'));
  await expect(page.getByTestId('product-gallery').locator('.slider-track')).toHaveCSS('direction', 'ltr');
});
