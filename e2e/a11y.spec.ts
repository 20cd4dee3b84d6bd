import { expect, test } from '@playwright/test';
import { open, seriousViolations, type Lang } from './support/app.ts';

const PAGES = [
  '/',
  '/products',
  '/products/search/saffron',
  '/product/1',
  '/collections/search/Saffron',
  '/industries/search/Aria',
  '/search/?industry=x',
  '/news',
  '/news/1',
  '/aboutus',
  '/s',
  '/no-such-page',
];

for (const lang of ['fa', 'en'] as Lang[]) {
  test(`axe finds no serious or critical violation on any page (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of PAGES) {
      await open(page, path, lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      expect(await seriousViolations(page), `${lang} ${path}`).toEqual([]);
    }
  });

  test(`axe finds nothing serious with the menus, dialog and modal open (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await open(page, '/products', lang);
    await page
      .getByRole('button', { name: lang === 'fa' ? 'نمایش دسته‌بندی محصولات' : 'Show product categories' })
      .click();
    await expect(page.locator('[id$="-collections"]').first()).toBeVisible();
    expect(await seriousViolations(page), 'mega-menu').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: lang === 'fa' ? /تغییر زبان/ : /Change language/ }).click();
    expect(await seriousViolations(page), 'language menu').toEqual([]);
    await page.keyboard.press('Escape');
    await page
      .getByRole('main')
      .getByRole('button', { name: lang === 'fa' ? /^نمایش / : /^Show / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'modal').toEqual([]);
    await page.keyboard.press('Escape');
    await page
      .getByRole('banner')
      .getByRole('button', { name: lang === 'fa' ? 'ثبت‌نام' : 'Register' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'account dialog').toEqual([]);
  });
}
