import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { appStarted, open, type Lang } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * Review moderation reaches the storefront at once (issue 21, item 1): a visitor's product page is
 * rendered (and kept by the server) with two published reviews; the owner hides one and deletes the
 * other in the back office; the visitor reloads and neither is there, in the server's render (the
 * state the app hydrates from) nor in the list. In fa and in en, on a server of its own (the suite's
 * demo store keeps its reviews for the other specs).
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PASSWORD = 'a long enough password';
/** A product per language, so that each run starts from a page nobody else has changed. */
const PRODUCT: Record<Lang, number> = { fa: 3, en: 4 };

const TEXT = {
  fa: {
    comments: 'نظرات',
    hideFor: (name: string) => `پنهان کردن نظر ${name}`,
    hidden: (name: string) => `نظر ${name} پنهان شد.`,
    deleteFor: (name: string) => `حذف نظر ${name}`,
    confirm: 'حذف',
    deleted: (name: string) => `نظر ${name} حذف شد.`,
    reviewer: 'خواننده',
  },
  en: {
    comments: 'Comments',
    hideFor: (name: string) => `Hide the review by ${name}`,
    hidden: (name: string) => `The review by ${name} is hidden.`,
    deleteFor: (name: string) => `Delete the review by ${name}`,
    confirm: 'Delete',
    deleted: (name: string) => `The review by ${name} was deleted.`,
    reviewer: 'Reader',
  },
} as const;

let server: ServerProcess;
let owner: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServerProcess();
  owner = await staffContext(browser, server, {
    email: 'owner@example.com',
    role: 'owner',
    name: 'Owner',
    password: PASSWORD,
  });
});

test.afterAll(async () => {
  await owner?.close();
  await server?.stop();
});

/** The reviewers' names in the server's render of the page: the state the app hydrates from. */
async function renderedReviewers(page: Page): Promise<string[]> {
  const document = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await page.reload();
  const html = await (await document).text();
  const state = /<script type="application\/json" id="storefront-state">(.*?)<\/script>/s.exec(html)?.[1];
  expect(state, 'the page is rendered by the server').toBeDefined();
  const { queries } = JSON.parse(state!) as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
  const reviews = queries.queries.find((query) => query.queryKey.at(-1) === 'reviews')?.state.data as
    { name: string }[] | undefined;
  expect(reviews, 'the render carries the reviews').toBeDefined();
  return reviews!.map((review) => review.name);
}

/** The names shown in the product page's review list (its comments tab opened). */
async function listedReviewers(page: Page, lang: Lang): Promise<string[]> {
  await appStarted(page);
  const tab = page.getByRole('tab', { name: new RegExp(TEXT[lang].comments) });
  await tab.click();
  // A click before the panel's island hydrates is held and replayed: until then the description's
  // panel is the one shown, so the comments' tab is waited for first.
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  // The tab's panel is drawn from the hydrated state at once (an empty list is no list at all).
  await expect(page.getByRole('tabpanel')).toBeVisible();
  return page.getByTestId('review-list').getByRole('listitem').allTextContents();
}

for (const lang of ['fa', 'en'] as const) {
  const T = TEXT[lang];

  test(`a review hidden and one deleted in the back office vanish at once from the product page (${lang})`, async ({
    browser,
  }) => {
    const product = PRODUCT[lang];
    const stamp = Date.now();
    const toHide = `${T.reviewer} ${stamp} A`;
    const toDelete = `${T.reviewer} ${stamp} B`;
    // Two reviews, published at once (the demo store's moderation choice), as visitors write them.
    const visitor = await browser.newContext({ baseURL: server.url });
    for (const name of [toHide, toDelete]) {
      const written = await visitor.request.post(`/${lang}/api/store/products/${product}/reviews/`, {
        data: { name, email: 'reader@example.com', content: `${name}: ${lang}` },
      });
      expect(written.status()).toBe(201);
      expect(((await written.json()) as { status?: string }).status ?? 'published').toBe('published');
    }
    const storefront = await visitor.newPage();
    await open(storefront, `/product/${product}`, lang);
    // Rendered once with both: the server keeps this page until something it shows changes.
    expect(await renderedReviewers(storefront)).toEqual(expect.arrayContaining([toHide, toDelete]));
    const before = (await listedReviewers(storefront, lang)).join('\n');
    expect(before).toContain(toHide);
    expect(before).toContain(toDelete);

    // The owner hides one and deletes the other, from the product's reviews in the back office.
    const admin = await owner.newPage();
    await admin.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
    await admin.goto(`/admin/reviews?status=all&product=${product}`);
    await adminSettled(admin, lang, 10_000);
    await admin.getByRole('button', { name: T.hideFor(toHide), exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: T.hidden(toHide) })).toBeVisible();
    await admin.getByRole('button', { name: T.deleteFor(toDelete), exact: true }).click();
    await admin.getByRole('dialog').getByRole('button', { name: T.confirm, exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: T.deleted(toDelete) })).toBeVisible();
    await admin.close();

    // The visitor reloads: gone from the server's render and from the list.
    const rendered = await renderedReviewers(storefront);
    expect(rendered).not.toContain(toHide);
    expect(rendered).not.toContain(toDelete);
    const after = (await listedReviewers(storefront, lang)).join('\n');
    expect(after).not.toContain(toHide);
    expect(after).not.toContain(toDelete);
    // The API agrees.
    const api = await visitor.request.get(`/${lang}/api/store/products/${product}/reviews/`);
    const names = ((await api.json()) as { name: string }[]).map((r) => r.name);
    expect(names).not.toContain(toHide);
    expect(names).not.toContain(toDelete);
    await visitor.close();
  });
}
