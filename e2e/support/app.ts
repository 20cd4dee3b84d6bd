import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Lang = 'fa' | 'en';

/**
 * Opens an /app path in a language (the `lng` query key, as a visitor's link would) and waits for it:
 * the server's page, then the app taking it over (hydrated), so what the test does next is the app's.
 * On an islands page every island is hydrated (as a first use would), for the same reason; what a
 * visitor does before that is e2e/islands.spec.ts's and e2e/before-hydration.spec.ts's.
 */
export async function open(page: Page, path: string, lang: Lang = 'fa'): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`/app${path}${separator}lng=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('main')).toBeVisible();
  await appReady(page);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

/**
 * The page's scripts run and every part of it is React's: the app hydrated, or on an islands page
 * each island hydrated (as a first use would), so that what the test does next is the app's.
 */
export async function appReady(page: Page): Promise<void> {
  await appStarted(page);
  if (await islandsPage(page)) await hydrateIslands(page);
}

/** Hydrates every island of an islands page now (a focus in each, as a visitor's first use) and waits for them. */
export async function hydrateIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('[data-island]:not([data-island-hydrated])'))
      island.dispatchEvent(new FocusEvent('focusin'));
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((island) =>
      Object.keys(island).some((key) => key.startsWith('__reactContainer')),
    ),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * The page's scripts run: React has taken over the root element (hydrated the server's page or
 * rendered it), or, on an islands page (apps/web/src/app/islands.tsx), the islands' loader has armed
 * its islands (each hydrates when first used; a press before is held and replayed).
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return (
      root?.hasAttribute('data-islands-armed') === true ||
      Object.keys(root ?? {}).some((key) => key.startsWith('__reactContainer'))
    );
  });
  // Hydration itself is a render React schedules right after: two frames later it is done.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Whether the page is an islands page its loader kept (not handed to the app). */
export async function islandsPage(page: Page): Promise<boolean> {
  return page.evaluate(() => document.getElementById('root')?.hasAttribute('data-islands-armed') === true);
}

/**
 * Goes to an /app path inside the running app (a client-side navigation, as a click on a link does):
 * the page's data is then fetched by the browser, where a test can intercept it. A page opened with
 * `open` carries its data from the server and asks for nothing.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${path}`);
  await expect(page).toHaveURL(new RegExp(`/app${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/**
 * Starts the single-page app and goes to an /app path inside it (a client-side navigation): for what
 * only the app does (its own navigation, its route errors, a language switch in place). Every page is
 * an islands page, so the app is started as it starts on a page the server sent without its state
 * (src/main.tsx: it draws the page itself): the sign-in page's document, once, without its islands
 * mark and state block.
 */
export async function openApp(page: Page, path: string, lang: Lang = 'fa'): Promise<void> {
  await page.route(
    (url) => url.pathname === '/app/s',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/ data-islands(?:="")?(?=[\s>])/, '')
        .replace(/<script type="application\/json" id="storefront-state">[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    },
    { times: 1 },
  );
  await page.goto(`/app/s?lng=${lang}`);
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
  await navigateInApp(page, path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

let counter = 0;
/** A fresh mobile number (09 + 9 digits) per call, unique across workers and runs. */
export function freshPhone(): string {
  counter += 1;
  const base = (Date.now() % 1_000_000) * 100 + (((process.pid % 10) * 10 + counter) % 100);
  return `09${String(base).padStart(9, '0').slice(-9)}`;
}

/** The page is no wider than the viewport (no horizontal scrolling). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Records the text of every alert (toast) that appears from now on: a toast lives 5000 ms, and on a
 * busy machine a poll may come after it has gone.
 */
export async function recordAlerts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { alertsSeen: string[] };
    w.alertsSeen = [];
    const collect = () => {
      for (const el of document.querySelectorAll('[role="alert"]')) {
        const text = el.textContent ?? '';
        if (text && !w.alertsSeen.includes(text)) w.alertsSeen.push(text);
      }
    };
    new MutationObserver(collect).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen);
}

/**
 * A full-page screenshot once the page has settled: fonts ready, lazy images brought in by scrolling
 * down (then back to the top) and every image in the viewport's width loaded (a carousel's other
 * slides, beside the viewport, load when they slide in).
 */
export async function fullPageScreenshot(page: Page, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return box.right > 0 && box.left < window.innerWidth;
            })
            .every((img) => img.complete),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  await page.screenshot({ path: file, fullPage: true });
}
