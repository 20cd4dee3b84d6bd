import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { freshPhone, seriousViolations, type Lang } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';
import { startSmsStandIn, type SmsStandIn } from './support/sms-stand-in.ts';

/**
 * The quote loop end to end (issue 25), in Chromium, fa and en, on a server of this file's own that
 * texts through a stand-in Kavenegar: a visitor sends an enquiry from a product, opens the follow
 * link the success panel shows and writes a message; the sales member (in the same language) reads
 * it on the enquiry page, replies, builds a quote and sends it; the visitor sees the reply and the
 * quote, downloads its PDF, accepts it with the code texted to their phone; the inbox shows "won". A
 * second quote, past its validity, shows no acceptance form, and an acceptance posted anyway is refused
 * in words. axe on the follow page, the quote's page and the enquiry page with the editor.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'a long enough password';
const PRODUCT = 2;

type Tree = { [key: string]: string | Tree };
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8')) as Tree;
const texts = {
  fa: {
    admin: read('../apps/admin/src/locales/fa.json'),
    product: read('../apps/web/public/locales/fa/product.json'),
    common: read('../apps/web/public/locales/fa/common.json'),
  },
  en: {
    admin: read('../apps/admin/src/locales/en.json'),
    product: read('../apps/web/public/locales/en/product.json'),
    common: read('../apps/web/public/locales/en/common.json'),
  },
} satisfies Record<Lang, Record<string, Tree>>;

/** `key.path` in one of the language's files, `{{name}}` filled in. */
function tr(
  lang: Lang,
  file: keyof (typeof texts)['fa'],
  key: string,
  values: Record<string, string> = {},
): string {
  const value = key
    .split('.')
    .reduce<string | Tree>((node, part) => (node as Tree)[part]!, texts[lang][file]);
  if (typeof value !== 'string') throw new Error(`no text for ${file}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const digits = (lang: Lang, text: string) => (lang === 'fa' ? persian(text) : text);

/** The follow page's words (server-rendered: modules/enquiries/follow-view.ts). */
const PAGE = {
  fa: {
    body: 'متن پیام',
    send: 'فرستادن پیام',
    messageSent: 'پیام شما فرستاده شد.',
    awaiting: 'در انتظار پاسخ شما',
    pdf: 'دریافت PDF',
    view: 'دیدن پیش‌فاکتور',
    sendCode: 'فرستادن کد تأیید',
    codeSent: 'کد تأیید با پیامک فرستاده شد. آن را در فرم پذیرش وارد کنید.',
    otp: 'کد ۶ رقمی پیامک‌شده',
    buyerName: 'نام خریدار (شخص یا شرکت)',
    signer: 'نام شما (امضاکننده)',
    accept: 'پذیرفتن پیش‌فاکتور',
    accepted: 'پیش‌فاکتور را پذیرفتید. فروشگاه با شما تماس می‌گیرد.',
    expiredNote: 'مهلت این پیش‌فاکتور تمام شده است و دیگر نمی‌توان آن را پذیرفت.',
    expiredError: 'مهلت این پیش‌فاکتور تمام شده است. از فروشگاه بخواهید آن را دوباره صادر کند.',
    store: 'فروشگاه',
  },
  en: {
    body: 'Message',
    send: 'Send the message',
    messageSent: 'Your message was sent.',
    awaiting: 'Awaiting your answer',
    pdf: 'Download the PDF',
    view: 'View the quote',
    sendCode: 'Send the confirmation code',
    codeSent: 'A confirmation code was sent by text message. Enter it in the acceptance form.',
    otp: 'The 6-digit code we texted',
    buyerName: 'Buyer’s name (person or company)',
    signer: 'Your name (who accepts)',
    accept: 'Accept the quote',
    accepted: 'You accepted the quote. The store will be in touch.',
    expiredNote: 'This quote has expired and can no longer be accepted.',
    expiredError: 'This quote has expired. Ask the store to issue it again.',
    store: 'The store',
  },
} as const;

let sms: SmsStandIn;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sms = await startSmsStandIn('test-key');
  server = await startServerProcess({
    SMS_PROVIDER: 'kavenegar',
    SMS_API_KEY: 'test-key',
    SMS_BASE_URL: sms.url,
    SMS_TEMPLATES: 'otp=otp',
    OUTBOX_POLL_MS: '200',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await sms?.close();
});

/** The sales member, signed in, the back office in `lang`. */
async function salesMember(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const context = await staffContext(browser, server, {
    email: `sales-${lang}@example.com`,
    role: 'sales',
    name: lang === 'fa' ? 'فروشنده' : 'Sales',
    password: PASSWORD,
  });
  await context.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
  return context;
}

/** A request sent from the product page; answers the enquiry's id and the follow link's path. */
async function sendEnquiry(page: Page, lang: Lang, phone: string, message: string) {
  await page.goto(`${server.url}/app/product/${PRODUCT}?status=open&lng=${lang}`);
  const dialog = page.getByRole('dialog', { name: tr(lang, 'product', 'dialog.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(tr(lang, 'product', 'dialog.phone')).fill(phone);
  await dialog.getByLabel(tr(lang, 'product', 'dialog.message')).fill(message);
  const sent = page.waitForResponse((r) => r.url().includes('/orders/') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: tr(lang, 'product', 'dialog.submit') }).click();
  const answer = (await (await sent).json()) as { id: number; follow_url: string };
  return { id: answer.id, follow: answer.follow_url.replace(/^https?:\/\/[^/]+/, '') };
}

for (const lang of ['fa', 'en'] as Lang[]) {
  test(`the quote loop (${lang}): enquiry, messages, a quote sent, its PDF, accepted with a code, won`, async ({
    browser,
  }) => {
    const phone = freshPhone();
    const visitor = await browser.newContext({ baseURL: server.url });
    const page = await visitor.newPage();

    // The visitor asks; the success panel links the private page.
    const { id, follow } = await sendEnquiry(page, lang, phone, 'Twenty cartons, please.');
    const panel = page.getByTestId('enquiry-sent');
    await panel.getByRole('link', { name: tr(lang, 'common', 'enquirySent.follow') }).click();
    await expect(page).toHaveURL(/\/app\/e\//);
    const reference = digits(lang, `E-${String(id).padStart(6, '0')}`);
    await expect(page.locator('body')).toContainText(reference);
    const question = lang === 'fa' ? 'آیا ارسال به شیراز ممکن است؟' : 'Can you ship to Shiraz?';
    await page.getByRole('textbox', { name: PAGE[lang].body, exact: true }).fill(question);
    await page.getByRole('button', { name: PAGE[lang].send }).click();
    await expect(page.getByRole('status').filter({ hasText: PAGE[lang].messageSent })).toBeVisible();
    await expect(page.locator('body')).toContainText(question);
    expect(await seriousViolations(page), 'the follow page').toEqual([]);

    // Sales reads it on the enquiry page, replies, and sends a quote.
    const sales = await salesMember(browser, lang);
    const admin = await sales.newPage();
    await admin.goto(`/admin/enquiries/${id}`);
    await adminSettled(admin, lang);
    await expect(admin.getByText(question)).toBeVisible();
    const reply = lang === 'fa' ? 'بله، ارسال به شیراز دو روز طول می‌کشد.' : 'Yes, Shiraz takes two days.';
    await admin.getByLabel(tr(lang, 'admin', 'thread.reply')).fill(reply);
    await admin.getByRole('button', { name: tr(lang, 'admin', 'thread.send'), exact: true }).click();
    await expect(admin.getByText(tr(lang, 'admin', 'thread.sent'))).toBeVisible();

    const line = admin.getByRole('group', {
      name: tr(lang, 'admin', 'quote.line', { n: digits(lang, '1') }),
    });
    await line
      .getByRole('combobox', { name: tr(lang, 'admin', 'quote.lineTitle') })
      .fill(lang === 'fa' ? 'زعفران سرگل، بسته‌بندی صادراتی' : 'Saffron, export packing');
    await line.getByLabel(tr(lang, 'admin', 'quote.quantity')).fill(digits(lang, '20'));
    await line.getByLabel(/^(Unit price|قیمت واحد)/).fill(digits(lang, '1250000'));
    await expect(admin.getByTestId('quote-total')).not.toBeEmpty();
    expect(await seriousViolations(admin), 'the enquiry page with the quote editor').toEqual([]);
    await admin.getByRole('button', { name: tr(lang, 'admin', 'quote.send'), exact: true }).click();
    const confirm = admin.getByRole('alertdialog').or(admin.getByRole('dialog'));
    await confirm.getByRole('button', { name: tr(lang, 'admin', 'quote.sendConfirm'), exact: true }).click();
    await expect(
      admin.getByText(tr(lang, 'admin', 'quote.sentStatus', { n: digits(lang, '1') })),
    ).toBeVisible();

    // The visitor sees the reply and the quote, downloads its PDF and opens its page.
    await page.goto(`${server.url}${follow}`);
    await expect(page.locator('body')).toContainText(reply);
    await expect(page.locator('body')).toContainText(PAGE[lang].awaiting);
    const pdfHref = await page.getByRole('link', { name: PAGE[lang].pdf }).first().getAttribute('href');
    const pdf = await page.request.get(new URL(pdfHref!, server.url).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('link', { name: PAGE[lang].view }).first().click();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'fa' ? 'rtl' : 'ltr');
    await expect(page.locator('body')).toContainText(reference);
    expect(await seriousViolations(page), 'the quote page').toEqual([]);
    await page.goBack();

    // Accepting: a code texted to the enquiry's phone, typed in the language's digits.
    const before = sms.countFor(phone);
    await page.getByRole('button', { name: PAGE[lang].sendCode }).click();
    await expect(page.getByRole('status').filter({ hasText: PAGE[lang].codeSent })).toBeVisible();
    const code = await sms.codeFor(phone, { after: before });
    await page
      .getByRole('textbox', { name: PAGE[lang].buyerName, exact: true })
      .fill(lang === 'fa' ? 'شرکت بازرگانی نمونه' : 'Sample Trading Co.');
    await page
      .getByRole('textbox', { name: PAGE[lang].signer, exact: true })
      .fill(lang === 'fa' ? 'علی رضایی' : 'Ali Rezaei');
    await page.getByRole('textbox', { name: PAGE[lang].otp, exact: true }).fill(digits(lang, code));
    await page.getByRole('button', { name: PAGE[lang].accept }).click();
    await expect(page.getByRole('status').filter({ hasText: PAGE[lang].accepted })).toBeVisible();
    expect(await seriousViolations(page), 'the follow page, accepted').toEqual([]);

    // The inbox shows it won.
    await admin.goto('/admin/enquiries');
    await adminSettled(admin, lang);
    await expect(
      admin
        .getByRole('row')
        .filter({ hasText: reference.replace(/^E-0*/, '') })
        .or(admin.getByRole('row').filter({ hasText: phone }))
        .first(),
    ).toContainText(tr(lang, 'admin', 'enquiryStatus.won'));

    // A second request whose quote is past its validity: no acceptance form; a late acceptance is refused in words.
    const second = await sendEnquiry(page, lang, freshPhone(), 'And 5 kg of pistachios?');
    const quoteUrl = `/admin/api/enquiries/${second.id}/quote`;
    const session = (await (await sales.request.get('/admin/api/session')).json()) as { csrf_token: string };
    const csrf = session.csrf_token;
    const saved = await sales.request.put(quoteUrl, {
      headers: { 'x-csrf-token': csrf },
      data: {
        draft: {
          lines: [{ title: 'Pistachio', quantity: '5', unit: 'kg', unit_price: 9_000_000 }],
          validity: { value: 1, unit: 'hours' },
        },
        buyer: {},
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const sentQuote = await sales.request.post(`${quoteUrl}/send`, { headers: { 'x-csrf-token': csrf } });
    expect(sentQuote.status(), await sentQuote.text()).toBe(201);
    // An hour later, as far as the quote knows.
    const db = new Database(path.join(server.dataDir, 'store.db'));
    db.prepare('UPDATE quote_versions SET valid_until = ? WHERE enquiry_id = ?').run(
      new Date(Date.now() - 60_000).toISOString(),
      second.id,
    );
    db.close();
    await page.goto(`${server.url}${second.follow}`);
    await expect(page.locator('body')).toContainText(PAGE[lang].expiredNote);
    await expect(page.getByRole('button', { name: PAGE[lang].accept })).toHaveCount(0);
    const token = second.follow.split('/')[3]!.split('?')[0]!;
    const late = await page.request.post(`${server.url}/app/e/${token}/quotes/1/accept?lng=${lang}`, {
      form: { name: 'Late', signer: 'Late', agree: 'on' },
    });
    expect(late.status()).toBe(409);
    expect(await late.text()).toContain(PAGE[lang].expiredError);

    await sales.close();
    await visitor.close();
  });
}
