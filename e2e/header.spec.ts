import { expect, test } from '@playwright/test';
import { open } from './support/app.ts';

test.describe('header', () => {
  test('the products mega-menu opens on hover, shows subcollections and their products, closes on hover-out', async ({
    page,
  }) => {
    await open(page, '/', 'en');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Products', exact: true }).hover();
    const panel = page.locator('[id$="-collections"]').locator('xpath=ancestor::div[@id][1]');
    await expect(panel).toBeVisible();
    const collection = panel.getByRole('link', { name: 'Nuts & Dried Fruit' });
    await collection.hover();
    await expect(panel.getByRole('heading', { name: 'Nuts & Dried Fruit: subcollections' })).toBeVisible();
    const sub = panel.getByRole('link', { name: 'Pistachios' });
    await sub.hover();
    const productLink = panel.getByRole('list', { name: 'Products of Pistachios' }).getByRole('link').first();
    await expect(productLink).toHaveAttribute('href', /^\/app\/product\/\d+$/);
    await page.mouse.move(640, 700);
    await expect(panel).toBeHidden();

    await nav.getByRole('link', { name: 'Products', exact: true }).hover();
    await panel.getByRole('link', { name: 'Nuts & Dried Fruit' }).click();
    await expect(page).toHaveURL(/\/app\/collections\/search\/Nuts%20%26%20Dried%20Fruit$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nuts & Dried Fruit');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test('the mega-menu by keyboard: the disclosure button opens it, Tab walks it, Escape closes it', async ({
    page,
  }) => {
    await open(page, '/', 'en');
    const toggle = page.getByRole('button', { name: 'Show product categories' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const header = page.getByRole('banner');
    // The collections are fetched on the first opening: a reader tabs into the links once they show
    // (a Tab before they arrive leaves the menu, which closes it, as focus leaving it should).
    await expect(header.getByRole('link', { name: 'Agricultural Exports' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Agricultural Exports' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Nuts & Dried Fruit' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Nuts & Dried Fruit: subcollections' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('below 750 px the links collapse into a dropdown', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, '/', 'fa');
    await expect(page.getByRole('navigation', { name: 'منوی اصلی' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'منو' });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['محصولات', 'درباره ما', 'اخبار']);
    await menu.getByRole('menuitem', { name: 'اخبار' }).click();
    await expect(page).toHaveURL(/\/app\/news$/);
    await expect(page.getByRole('heading', { level: 1, name: 'اخبار' })).toBeVisible();
    await expect(menu).toBeHidden();
    // It also opens on hover, and by keyboard.
    await menuButton.hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(200, 600);
    await expect(menu).toBeHidden();
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'محصولات' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/products$/);
  });

  test('at 750 px and wider the links are in the header', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 800 });
    await open(page, '/', 'en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  });

  test('search: the button and Enter go to /app/products/search/{text}', async ({ page }) => {
    await open(page, '/', 'fa');
    const box = page.getByRole('searchbox', { name: 'جستجوی محصولات' });
    await box.fill('زعفران');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/app\/products\/search\/%D8%B2%D8%B9%D9%81%D8%B1%D8%A7%D9%86$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('زعفران');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    await open(page, '/', 'en');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('carpet');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/products\/search\/carpet$/);
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  });

  test('the logo goes home and every link of the header is reachable by keyboard with a visible focus ring', async ({
    page,
  }) => {
    await open(page, '/news', 'en');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const logo = page.getByRole('link', { name: 'Aria Pars Trading' });
    await expect(logo).toBeFocused();
    const outline = await logo.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/?$/);
  });
});
