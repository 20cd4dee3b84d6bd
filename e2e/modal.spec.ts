import { expect, test, type Page } from '@playwright/test';
import { open } from './support/app.ts';

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe('global modal', () => {
  test('product preview: Escape, backdrop and close icon close it; focus returns; scroll locked; half width above 1024 px', async ({
    page,
  }) => {
    await open(page, '/products', 'en');
    const show = page
      .getByRole('main')
      .getByRole('button', { name: /^Show / })
      .first();
    const title = (await show.getAttribute('aria-label'))!.replace(/^Show /, '');
    const dialog = page.getByRole('dialog', { name: title });

    await show.click();
    await expect(dialog).toBeVisible();
    expect(await bodyOverflow(page)).toBe('hidden');
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(640);
    await expect(dialog.getByRole('link', { name: 'See more' })).toHaveAttribute(
      'href',
      /^\/app\/product\/\d+$/,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(show).toBeFocused();
    expect(await bodyOverflow(page)).not.toBe('hidden');

    await show.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();

    await show.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await show.click();
    await dialog.getByRole('link', { name: 'See more' }).click();
    await expect(page).toHaveURL(/\/app\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('news preview: cut at 160 characters with click for more; full screen below 500 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, '/news', 'fa');
    await page
      .getByRole('button', { name: /^مشاهده بیشتر:/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(390);
    const more = dialog.getByRole('link', { name: 'برای دیدن ادامه کلیک کنید' });
    await expect(more).toHaveAttribute('href', /^\/app\/news\/\d+$/);
    const descriptionId = (await dialog.getAttribute('aria-describedby'))!;
    const description = (await page.locator(`[id="${descriptionId}"]`).textContent())!;
    const preview = description.replace('برای دیدن ادامه کلیک کنید', '').trim();
    expect(preview.length).toBeLessThanOrEqual(161);
    expect(preview.endsWith('…')).toBe(true);
  });

  test('showRules closes only through its accept button, which accepts the terms', async ({ page }) => {
    await open(page, '/', 'en');
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const terms = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await expect(terms).not.toBeChecked();
    await page.getByRole('button', { name: 'Read the terms' }).click();
    const rules = page.getByRole('dialog', { name: 'Terms and conditions' });
    await expect(rules).toBeVisible();
    await expect(rules.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(rules).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(rules).toBeVisible();
    await rules.getByRole('button', { name: 'I accept all the terms' }).click();
    await expect(rules).toBeHidden();
    await expect(terms).toBeChecked();
    // Back in the account dialog, with the focus where it was.
    await expect(page.getByRole('button', { name: 'Read the terms' })).toBeFocused();
  });
});
