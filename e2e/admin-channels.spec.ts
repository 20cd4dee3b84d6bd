import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminSettled, staffContext } from './support/admin.ts';
import { seriousViolations } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';

/**
 * The back office's SMS settings (issue 24) in Chromium, in fa and en, on a server of its own whose
 * SMS gateway is a stand-in for Kavenegar started here (SMS_BASE_URL points at it): the owner sees
 * that SMS is not set up, chooses the provider, types the key and the templates, saves; the key
 * comes back masked (never in full on the page); the account's credit shows in the language's digits;
 * a test message reaches the stand-in with the key, the template and the number typed. The account
 * page shows where the member gets notices. axe on both pages.
 */

test.describe.configure({ mode: 'serial' });

type Lang = 'fa' | 'en';
const PASSWORD = 'a long enough password';

/** One request the stand-in gateway received. */
interface Received {
  method: string;
  path: string;
  form: Record<string, string>;
}

let gateway: http.Server;
let gatewayUrl = '';
const received: Received[] = [];
let server: ServerProcess;
let owner: BrowserContext;

/** Kavenegar's answers for a lookup send and the account's credit (kavenegar.com/rest.html). */
function startGateway(): Promise<void> {
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname;
      received.push({ method: req.method ?? '', path, form: Object.fromEntries(new URLSearchParams(body)) });
      res.setHeader('content-type', 'application/json');
      if (path.endsWith('/verify/lookup.json'))
        res.end(
          JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 1 }] }),
        );
      else if (path.endsWith('/account/info.json'))
        res.end(
          JSON.stringify({
            return: { status: 200, message: 'تایید شد' },
            entries: { remaincredit: 1234567 },
          }),
        );
      else {
        res.statusCode = 404;
        res.end(JSON.stringify({ return: { status: 404, message: 'not found' }, entries: null }));
      }
    });
  });
  return new Promise((resolve) =>
    gateway.listen(0, '127.0.0.1', () => {
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const TEXT = {
  fa: {
    sms: 'پیامک',
    notSetUp: 'پیامک راه‌اندازی نشده است.',
    provider: 'سرویس‌دهنده',
    kavenegar: 'کاوه‌نگار',
    apiKey: 'کلید API',
    otp: 'کد یک‌بارمصرف (ثبت‌نام، ورود، بازیابی گذرواژه)',
    test: 'پیامک آزمایشی',
    save: 'ذخیره',
    saved: 'ذخیره شد.',
    credit: '۱٬۲۳۴٬۵۶۷ ریال',
    testPhone: 'شمارهٔ همراه برای آزمایش',
    sendTest: 'فرستادن پیامک آزمایشی',
    testSent: /پیامک آزمایشی فرستاده شد/,
    account: 'اعلان‌ها را کجا بگیرم',
    smsBox: 'درخواست‌های تازه با پیامک',
    noPhone: 'نخست شمارهٔ همراه خود را وارد کنید.',
  },
  en: {
    sms: 'Text messages (SMS)',
    notSetUp: 'SMS is not set up.',
    provider: 'Provider',
    kavenegar: 'Kavenegar',
    apiKey: 'API key',
    otp: 'One-time code (sign-up, sign-in, password reset)',
    test: 'Test message',
    save: 'Save',
    saved: 'Saved.',
    credit: '1,234,567 rials',
    testPhone: 'Mobile number for the test',
    sendTest: 'Send a test SMS',
    testSent: /The test message was sent/,
    account: 'Where you get notices',
    smsBox: 'New enquiries by SMS',
    noPhone: 'Add your mobile number first.',
  },
} as const;

/** Each language sets its own key and texts its own number, so each run's requests are its own. */
const RUN = {
  fa: { key: 'fa-secret-key-4821', phone: '09121110001', template: 'shop-test-fa' },
  en: { key: 'en-secret-key-7305', phone: '09121110002', template: 'shop-test-en' },
} as const;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await startGateway();
  server = await startServerProcess({ SMS_BASE_URL: gatewayUrl });
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
  await new Promise((resolve) => gateway?.close(resolve));
});

async function openAt(lang: Lang, target: string): Promise<Page> {
  const page = await owner.newPage();
  await page.addInitScript((l) => localStorage.setItem('adminLng', l), lang);
  await page.goto(target);
  await adminSettled(page, lang, 10_000);
  return page;
}

for (const lang of ['fa', 'en'] as const) {
  const text = TEXT[lang];
  const run = RUN[lang];

  test(`the owner sets up SMS, the key comes back masked, a test SMS reaches the gateway (${lang})`, async () => {
    test.setTimeout(90_000);
    const page = await openAt(lang, '/admin/settings');
    const section = page.getByRole('region', { name: text.sms, exact: true });
    await expect(section).toBeVisible({ timeout: 10_000 });
    // fa runs first, on a store where SMS was never set up.
    if (lang === 'fa') await expect(section.getByText(text.notSetUp)).toBeVisible();
    await section.getByLabel(text.provider, { exact: true }).selectOption({ label: text.kavenegar });
    await section.getByLabel(text.apiKey, { exact: true }).fill(run.key);
    await section.getByLabel(text.otp, { exact: true }).fill('verify');
    await section.getByLabel(text.test, { exact: true }).fill(run.template);
    await section.getByRole('button', { name: text.save, exact: true }).click();
    await expect(section.getByText(text.saved, { exact: true })).toBeVisible();

    // Masked after the save and after a reload: the last four characters at most, never the key.
    const masked = `••••${run.key.slice(-4)}`;
    await expect(section.getByLabel(text.apiKey, { exact: true })).toHaveValue('');
    await expect(section.getByLabel(text.apiKey, { exact: true })).toHaveAttribute('placeholder', masked);
    await page.reload();
    await adminSettled(page, lang, 10_000);
    await expect(section.getByLabel(text.apiKey, { exact: true })).toHaveAttribute('placeholder', masked);
    await expect(section.getByText(text.notSetUp)).toHaveCount(0);
    expect(await page.content()).not.toContain(run.key);
    // The account's credit, in the language's digits.
    await expect(section.getByText(text.credit, { exact: true })).toBeVisible();

    await section.getByLabel(text.testPhone, { exact: true }).fill(run.phone);
    await section.getByRole('button', { name: text.sendTest, exact: true }).click();
    await expect(section.getByText(text.testSent)).toBeVisible();
    const sent = received.filter((r) => r.path.endsWith('/verify/lookup.json'));
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/${run.key}/verify/lookup.json`,
      form: { receptor: run.phone, template: run.template },
    });
    expect(await seriousViolations(page), `${lang} settings`).toEqual([]);
    await page.close();
  });

  test(`the account page: where the member gets notices, SMS waiting for a phone (${lang})`, async () => {
    const page = await openAt(lang, '/admin/account');
    const section = page.getByRole('region', { name: text.account, exact: true });
    const box = section.getByRole('checkbox', { name: text.smsBox, exact: true });
    await expect(box).toBeDisabled({ timeout: 10_000 });
    await expect(box).toHaveAccessibleDescription(new RegExp(text.noPhone));
    expect(await seriousViolations(page), `${lang} account`).toEqual([]);
    await page.close();
  });
}
