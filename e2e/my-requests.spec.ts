import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoHorizontalScroll, freshPhone, open, seriousViolations, type Lang } from './support/app.ts';

/**
 * The quote loop's storefront side (issue 25), in Chromium on the production build, fa and en: a
 * user opens "my requests" signed out and is sent to the login page with the way back, signs in and
 * comes back to an empty list; sends a request from a product, sees its reference and follow link
 * in the success panel, opens the link (the server's private page); "my requests" then lists it with
 * its status, and passes axe.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../apps/web/public/locales');
const texts = Object.fromEntries(
  (['fa', 'en'] as const).map((lang) => [
    lang,
    Object.fromEntries(
      ['common', 'pages', 'product'].map((ns) => [
        ns,
        JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree,
      ]),
    ),
  ]),
) as Record<Lang, Record<string, Tree>>;

/** The text of `namespace:key.path` in a language, `{{name}}` filled in. */
function tr(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const [ns, rest] = key.split(':') as [string, string];
  const value = rest
    .split('.')
    .reduce<string | Tree>((node, part) => (node as Tree)[part]!, texts[lang][ns]!);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const digits = (lang: Lang, text: string) =>
  lang === 'fa' ? text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : text;

const PRODUCT = 2;

for (const lang of ['fa', 'en'] as Lang[]) {
  test(`my requests ${lang}: sign in, send a request, follow it, find it listed`, async ({ page }) => {
    const phone = freshPhone();
    const password = 'Quince-Orchard-2026';
    const registered = await page.request.post(`/${lang}/api/auth/users/`, {
      data: { username: phone, password, 'Email address': '' },
    });
    expect(registered.status()).toBe(201);

    // Signed out: the login page, which says where it will go back to.
    await page.goto(`/app/account/requests?lng=${lang}`);
    await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Faccount%2Frequests/);
    const main = page.getByRole('main');
    await main.getByLabel(tr(lang, 'common:dialog.phone')).fill(phone);
    await main.getByLabel(tr(lang, 'common:dialog.password'), { exact: true }).fill(password);
    await main.getByRole('button', { name: tr(lang, 'common:dialog.submitLogin'), exact: true }).click();
    await expect(page).toHaveURL(/\/app\/account\/requests/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr(lang, 'pages:myRequests.title') }),
    ).toBeVisible();
    await expect(page.getByText(tr(lang, 'pages:myRequests.empty'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'fa' ? 'rtl' : 'ltr');

    // A request from a product: the success panel keeps its reference and its follow link.
    const product = (await (await page.request.get(`/${lang}/api/store/products/${PRODUCT}/`)).json()) as {
      title: string;
    };
    await open(page, `/product/${PRODUCT}`, lang);
    await page.getByRole('button', { name: tr(lang, 'product:request'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'product:dialog.title') });
    await dialog.getByLabel(tr(lang, 'product:dialog.phone')).fill(phone);
    await dialog.getByLabel(tr(lang, 'product:dialog.message')).fill('Twenty cartons, please.');
    const sent = page.waitForResponse((r) => r.url().includes('/orders/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: tr(lang, 'product:dialog.submit') }).click();
    const answer = (await (await sent).json()) as { id: number; follow_url: string };
    const reference = digits(lang, `E-${String(answer.id).padStart(6, '0')}`);
    await expect(dialog).toBeHidden();
    const panel = page.getByTestId('enquiry-sent');
    await expect(panel.getByRole('heading', { level: 2 })).toContainText(reference);
    const follow = panel.getByRole('link', { name: tr(lang, 'common:enquirySent.follow') });
    const href = await follow.getAttribute('href');
    expect(href).toMatch(new RegExp(`/app/e/[^/?]+\\?lng=${lang}$`));
    expect(href!.endsWith(answer.follow_url.replace(/^https?:\/\/[^/]+/, ''))).toBe(true);
    await expect(panel.getByLabel(tr(lang, 'common:enquirySent.linkLabel'))).toHaveValue(href!);
    expect(await seriousViolations(page), 'the product page with the panel').toEqual([]);

    // The link opens the request's private page, rendered by the server.
    await follow.click();
    await expect(page).toHaveURL(/\/app\/e\//);
    await expect(page.locator('body')).toContainText(reference);
    await expect(page.locator('body')).toContainText(product.title);

    // My requests lists it, with its status in the buyer's words, and links to the same page.
    await open(page, '/', lang);
    await page
      .getByRole('banner')
      .getByRole('link', { name: tr(lang, 'common:auth.myRequests') })
      .click();
    await expect(page).toHaveURL(/\/app\/account\/requests/);
    const card = page.getByTestId('my-requests').getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(product.title);
    await expect(card).toContainText(reference);
    await expect(card.getByTestId('request-status')).toHaveText(
      tr(lang, 'pages:myRequests.statuses.received'),
    );
    await expect(card).toContainText(tr(lang, 'pages:myRequests.noQuote'));
    const listed = card.getByRole('link', { name: tr(lang, 'pages:myRequests.followNamed', { reference }) });
    await expect(listed).toHaveAttribute('href', new RegExp(`/app/e/[^/?]+\\?lng=${lang}$`));
    expect(await seriousViolations(page), 'my requests').toEqual([]);
    // On a phone: the header's signed-in controls and the cards fit the width.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(card).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The list's link (signed for this user) opens the same request.
    await listed.click();
    await expect(page).toHaveURL(/\/app\/e\//);
    await expect(page.locator('body')).toContainText(reference);
  });
}
