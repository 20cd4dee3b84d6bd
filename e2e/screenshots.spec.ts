import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fullPageScreenshot, open, type Lang } from './support/app.ts';

/** Screenshots at 390, 768 and 1280 px in both languages, for people to look at (e2e/screenshots/). */
const dir = path.resolve(import.meta.dirname, 'screenshots');
const WIDTHS = [390, 768, 1280];
const PAGES = [
  { name: 'home', path: '/', ready: 'home' },
  { name: 'products', path: '/products', ready: 'grid' },
  { name: 'product', path: '/product/1', ready: 'h1' },
  { name: 'news', path: '/news', ready: 'grid' },
  { name: 'news-detail', path: '/news/1', ready: 'h1' },
  { name: 'sign-in', path: '/s', ready: 'h1' },
  { name: 'about', path: '/aboutus', ready: 'h1' },
  { name: 'not-found', path: '/no-such-page', ready: 'h1' },
];

test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

for (const lang of ['fa', 'en'] as Lang[]) {
  for (const width of WIDTHS) {
    test(`screenshots ${lang} ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      for (const target of PAGES) {
        await open(page, target.path, lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
        await fullPageScreenshot(page, path.join(dir, `${target.name}-${lang}-${width}.png`));
      }
      // The login dialog over the home page, and the open mega-menu or mobile menu.
      await open(page, '/', lang);
      if (width >= 750) {
        await page
          .getByRole('navigation', { name: lang === 'fa' ? 'منوی اصلی' : 'Main menu' })
          .getByRole('link', { name: lang === 'fa' ? 'محصولات' : 'Products' })
          .hover();
        await expect(page.locator('[id$="-collections"]').first()).toBeVisible();
        await page.screenshot({ path: path.join(dir, `mega-menu-${lang}-${width}.png`) });
      } else {
        await page.getByRole('button', { name: lang === 'fa' ? 'منو' : 'Menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await page.screenshot({ path: path.join(dir, `mobile-menu-${lang}-${width}.png`) });
        await page.keyboard.press('Escape');
      }
      await page.mouse.move(1, 1);
      await page
        .getByRole('button', { name: lang === 'fa' ? 'ورود' : 'Log in', exact: true })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: path.join(dir, `login-dialog-${lang}-${width}.png`) });
    });
  }
}
