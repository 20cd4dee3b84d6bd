import { expect, test, type Locator } from '@playwright/test';
import { open } from './support/app.ts';

/** How far the row is scrolled from its start (negative scrollLeft in right to left). */
const scrolled = (row: Locator) => row.evaluate((element) => Math.abs(element.scrollLeft));

const step = (row: Locator) =>
  row.evaluate((element) => {
    const [first, second] = element.querySelectorAll<HTMLElement>('[data-slide]');
    return Math.abs(second!.getBoundingClientRect().left - first!.getBoundingClientRect().left);
  });

test('without JavaScript the banner row still scrolls and snaps a slide at a time', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/app/?lng=en');
  const row = page.locator('main section[aria-roledescription] .slider-track').first();
  expect(await row.locator('[data-slide]').count()).toBeGreaterThan(1);
  // A trackpad's sideways swipe, a little more than half a slide: the row snaps to the next slide.
  const box = (await row.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const swipe = (await step(row)) * 0.6;
  // A wheel event that reaches a page whose compositor is not ready yet is dropped (seen once in CI:
  // the row never moved). Swipe again only while the row has not moved at all; a second swipe that
  // lands after a late first one is 1.2 slides, which still snaps to the next slide.
  await expect(async () => {
    if ((await scrolled(row)) === 0) await page.mouse.wheel(swipe, 0);
    expect(await scrolled(row)).toBeGreaterThan(0);
  }).toPass({ intervals: [1_000], timeout: 10_000 });
  // (Page scripts are off: the position is read from here until the snap has settled on it.)
  await expect.poll(() => scrolled(row)).toBeCloseTo(await step(row), 0);
  await context.close();
});

test('in Persian "next" is the left arrow and scrolls left; the arrow keys follow what they show', async ({
  page,
}) => {
  // One product per view: every section with two products has somewhere to go.
  await page.setViewportSize({ width: 390, height: 900 });
  await open(page, '/', 'fa');
  const carousel = page
    .locator('main section[data-section]')
    .first()
    .locator('section[aria-roledescription]');
  const row = carousel.locator('.slider-track');
  const next = carousel.getByRole('button', { name: 'اسلاید بعدی' });
  const previous = carousel.getByRole('button', { name: 'اسلاید قبلی' });
  expect((await next.boundingBox())!.x).toBeLessThan((await previous.boundingBox())!.x);
  const slides = await row.locator('[data-slide]').count();
  expect(slides).toBeGreaterThan(1);
  await next.click();
  await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeLessThan(0);
  await expect(row.locator('[data-current]')).toHaveAttribute('data-slide', '1');
  await row.focus();
  await page.keyboard.press('ArrowRight');
  await expect(row.locator('[data-current]')).toHaveAttribute('data-slide', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(row.locator('[data-current]')).toHaveAttribute('data-slide', '1');
  await expect(row.locator('[data-slide="1"]')).toHaveAttribute(
    'aria-label',
    `۲ از ${slidesInPersian(slides)}`,
  );
});

test('with reduced motion the banners start paused: their button offers play', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/', 'en');
  const banners = page.locator('main section[aria-roledescription]').first();
  await expect(banners.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
  await banners.getByRole('button', { name: 'Play the slideshow' }).click();
  await expect(banners.getByRole('button', { name: 'Pause the slideshow' })).toBeVisible();
});

function slidesInPersian(count: number): string {
  return new Intl.NumberFormat('fa-IR').format(count);
}
