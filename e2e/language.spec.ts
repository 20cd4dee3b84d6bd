import { expect, test } from '@playwright/test';
import { open, openApp } from './support/app.ts';

test.describe('language and direction', () => {
  test('switching to English changes lang, dir, title, texts, data and formats at once', async ({ page }) => {
    await open(page, '/news', 'fa');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveTitle(/بازرگانی آریا پارس$/);
    await expect(page.getByRole('heading', { level: 1, name: 'اخبار' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'محصولات کشاورزی صادراتی' }),
    ).toBeVisible();
    // Persian digits and the Jalali calendar in fa.
    const firstDate = page.locator('time').first();
    await expect(firstDate).toHaveText(/^[۰-۹]+ [\u0600-\u06ff]+ [۰-۹]{4}$/);

    await page.getByRole('button', { name: /تغییر زبان/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'فارسی' })).toHaveAttribute('aria-disabled', 'true');
    await menu.getByRole('menuitem', { name: 'English' }).click();

    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle(/Aria Pars Trading$/);
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    // The news is an islands page (docs/storefront.md, Islands): the switch loads it in English, the
    // footer's categories and the news with it. (The app's in-place switch: the keyboard test below.)
    await expect(page).toHaveURL(/\/app\/news\?lng=en$/);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Agricultural Exports' }),
    ).toBeVisible();
    await expect(page.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // Kept by the page's script once it runs (the islands' loader, after the first paint).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

    // The choice is remembered.
    await page.goto('/app/news');
    await expect(html).toHaveAttribute('lang', 'en');
  });

  test('the language menu by keyboard: Enter/Space/ArrowDown open on the first item, ArrowUp on the last; Escape, Tab and outside click close', async ({
    page,
  }) => {
    await open(page, '/', 'en');
    const globe = page.getByRole('button', { name: /Change language/ });
    const menu = page.getByRole('menu');

    for (const key of ['Enter', ' ', 'ArrowDown']) {
      await globe.focus();
      await page.keyboard.press(key);
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(globe).toBeFocused();
    }

    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem').last()).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();

    await globe.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(600, 600);
    await expect(menu).toBeHidden();

    // Choosing the disabled current language does nothing; choosing Persian switches.
    await globe.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: /تغییر زبان/ })).toBeFocused();
  });

  test('detection: the lng query beats storage, script-like values are dropped, the fallback is fa', async ({
    page,
  }) => {
    await page.goto('/app/?lng=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/app/?lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    // Dropped: the stored choice (en, cached by the previous visit) is used.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Forgotten (local storage and the cookie the server reads): Accept-Language (fa-IR) decides.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/app/?lng=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('toasts sit at the top on the reading end: top-right in English, top-left in Persian', async ({
    page,
  }) => {
    await open(page, '/', 'en');
    await page.getByLabel('Your email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.Toastify__toast-container--top-right')).toContainText('There is a problem');
    await open(page, '/', 'fa');
    await page.getByLabel('ایمیل شما').fill('not-an-email');
    await page.getByRole('button', { name: 'ارسال', exact: true }).click();
    const container = page.locator('.Toastify__toast-container--top-left');
    await expect(container).toContainText('مشکلی پیش آمد.');
    await expect(container.locator('.Toastify__toast--rtl')).toHaveCount(1);
  });
});

test('the banner carousel mirrors in right to left: "next" on the left in Persian, on the right in English', async ({
  page,
}) => {
  for (const lang of ['fa', 'en'] as const) {
    await open(page, '/', lang);
    // The banner carousel is the page's first.
    const carousel = page.locator('section[aria-roledescription]').first();
    await expect(carousel.locator('.slider-track')).toHaveCSS('direction', lang === 'fa' ? 'rtl' : 'ltr');
    const next = carousel.locator('[data-slider="next"]');
    const prev = carousel.locator('[data-slider="prev"]');
    const nextBox = (await next.boundingBox())!;
    const prevBox = (await prev.boundingBox())!;
    if (lang === 'fa') expect(nextBox.x).toBeLessThan(prevBox.x);
    else expect(nextBox.x).toBeGreaterThan(prevBox.x);
    // Pause, then the arrow moves one slide.
    await carousel
      .getByRole('button', { name: lang === 'fa' ? 'توقف نمایش خودکار' : 'Pause the slideshow' })
      .click();
    const active = carousel.locator('[data-current]');
    const before = await active.getAttribute('aria-label');
    await next.click();
    await expect(active).not.toHaveAttribute('aria-label', before!);
  }
});

test('a translation file answered 5xx is fetched again and the page shows its texts; others load once', async ({
  page,
}) => {
  let pagesCalls = 0;
  await page.route('**/locales/en/pages.json', async (route) => {
    pagesCalls += 1;
    if (pagesCalls === 1) await route.fulfill({ status: 503, body: '{"detail":"busy"}' });
    else await route.continue();
  });
  let commonCalls = 0;
  await page.route('**/locales/en/common.json', async (route) => {
    commonCalls += 1;
    await route.continue();
  });
  // The server's page carries its language's texts; the other language's are fetched when chosen
  // (in the app: an islands page loads itself in the other language).
  await openApp(page, '/s', 'fa');
  expect(pagesCalls + commonCalls).toBe(0);
  await page.getByRole('button', { name: /تغییر زبان/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The second ask comes 0.5 s after the failed one (app/i18n.ts, RETRIES).
  await expect.poll(() => pagesCalls).toBe(2);
  expect(commonCalls).toBe(1);
  const notFound = await page.evaluate(async () => {
    const response = await fetch('/locales/en/no-such-namespace.json');
    return response.status;
  });
  expect(notFound).toBe(404);
});
