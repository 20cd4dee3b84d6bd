import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appReady, freshPhone, type Lang } from './support/app.ts';
import { startServerProcess, type ServerProcess } from './support/server.ts';
import { startSmsStandIn, type SmsStandIn } from './support/sms-stand-in.ts';

/**
 * One-time codes in the sign-in dialog (issue 24), in Chromium, in fa and en: a server of this file's
 * own sends them by SMS through a stand-in Kavenegar, which hands each code to the test. The accounts
 * that sign in or reset by code were registered before the store set up SMS (a first run of the
 * server on the same data without it), since a new account's code starts its phone's one-minute
 * cool-down. The tests share the server, so they run one after another in one worker.
 */
// A busy machine (a server of its own, the outbox's worker, a page reload per test) needs more than 30 s.
test.describe.configure({ mode: 'default', timeout: 120_000 });

const PASSWORD = 'Saffron-Field-4411';
const NEW_PASSWORD = 'Pomegranate-Orchard-9';

const TEXTS = {
  fa: {
    register: 'ثبت‌نام',
    login: 'ورود',
    logout: 'خروج',
    dialog: 'حساب کاربری',
    phone: 'شماره همراه',
    password: 'رمز عبور',
    loggedIn: 'با موفقیت وارد شدید.',
    withCode: 'ورود با کد یک‌بارمصرف',
    forgot: 'رمز عبور را فراموش کرده‌اید؟',
    sendCode: 'ارسال کد',
    code: 'کد تأیید',
    confirm: 'تأیید',
    signIn: 'ورود',
    newPassword: 'رمز عبور تازه',
    repeatNewPassword: 'تکرار رمز عبور تازه',
    setPassword: 'ثبت رمز عبور تازه',
    resendIn: /^ارسال دوباره تا [۰-۹]+ ثانیهٔ دیگر$/,
    sentTo: (phone: string) => `کدی ۶ رقمی به ${persian(phone)} پیامک کردیم.`,
  },
  en: {
    register: 'Register',
    login: 'Log in',
    logout: 'Log out',
    dialog: 'Your account',
    phone: 'Mobile number',
    password: 'Password',
    loggedIn: 'You are logged in.',
    withCode: 'Sign in with a code instead',
    forgot: 'Forgot your password?',
    sendCode: 'Text me a code',
    code: 'Code',
    confirm: 'Confirm',
    signIn: 'Sign in',
    newPassword: 'New password',
    repeatNewPassword: 'Repeat the new password',
    setPassword: 'Set the new password',
    resendIn: /^Send again in \d+ s$/,
    sentTo: (phone: string) => `We texted a 6-digit code to ${phone}.`,
  },
} as const;

function persian(digits: string): string {
  return digits.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
}

const LANGS: Lang[] = ['fa', 'en'];
/** Accounts made before SMS was set up: one per language for signing in by code, one for the reset. */
const accounts = Object.fromEntries(
  LANGS.map((lang) => [lang, { login: freshPhone(), reset: freshPhone() }]),
) as Record<Lang, { login: string; reset: string }>;

let sms: SmsStandIn;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // Two servers of its own, one after the other, start slowly on a busy machine.
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-codes-'));
  const before = await startServerProcess({ DATA_DIR: dataDir });
  for (const { login, reset } of Object.values(accounts)) {
    for (const phone of [login, reset]) {
      const answer = await fetch(`${before.url}/en/api/auth/users/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: phone, password: PASSWORD, 'Email address': '' }),
      });
      expect(answer.status).toBe(201);
    }
  }
  await before.stop();
  sms = await startSmsStandIn('test-key');
  server = await startServerProcess({
    DATA_DIR: dataDir,
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
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The storefront's home on this file's server, in `lang`, once the app runs; then the dialog from the header. */
async function openDialog(page: Page, lang: Lang, tab: 'register' | 'login') {
  await page.goto(`${server.url}/app/?lng=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await appReady(page);
  await page.getByRole('banner').getByRole('button', { name: TEXTS[lang][tab] }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS[lang].dialog });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The code texted to `phone` typed in (Persian digits in fa, as a Persian keyboard types them). */
async function typeCode(page: Page, lang: Lang, phone: string, after = 0) {
  const code = await sms.codeFor(phone, { after });
  const input = page.getByRole('dialog').getByLabel(TEXTS[lang].code, { exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await input.fill(lang === 'fa' ? persian(code) : code);
}

/**
 * Notes in the tab's session storage whether the LoginSuccess toast appears: it shows for the second
 * before the reload, which a busy machine's polling can miss, and the note survives the reload.
 */
async function watchForToast(page: Page, lang: Lang) {
  await page.evaluate((message) => {
    new MutationObserver(() => {
      const seen = [...document.querySelectorAll('[role="alert"]')].some((el) =>
        el.textContent?.includes(message),
      );
      if (seen) sessionStorage.setItem('login-toast-seen', '1');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, TEXTS[lang].loggedIn);
  // Wrapped, so that awaiting the watch does not wait for the reload.
  return { load: page.waitForEvent('load', { timeout: 30_000 }) };
}

/** Signed in as the spec says: LoginSuccess, the page reloaded, the token stored, the signed-in header. */
async function expectSignedIn(page: Page, lang: Lang, reloaded: Promise<unknown>) {
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem('login-toast-seen'))).toBe('1');
  await page.evaluate(() => sessionStorage.removeItem('login-toast-seen'));
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer \S+$/);
  await expect(page.getByRole('banner').getByRole('button', { name: TEXTS[lang].logout })).toBeVisible();
}

for (const lang of LANGS) {
  const text = TEXTS[lang];

  test(`register with a code (${lang}): the code step and its countdown, then signed in`, async ({
    page,
  }) => {
    const phone = freshPhone();
    const dialog = await openDialog(page, lang, 'register');
    const form = dialog.getByRole('tabpanel');
    await form.getByLabel(text.phone).fill(phone);
    await form.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: text.register }).click();

    await expect(form.getByText(text.sentTo(phone))).toBeVisible();
    // The cool-down counts down on "send again", in the language's digits.
    await expect(form.getByRole('button', { name: text.resendIn })).toBeDisabled();
    await typeCode(page, lang, phone);
    const reloaded = (await watchForToast(page, lang)).load;
    await form.getByRole('button', { name: text.confirm }).click();
    await expectSignedIn(page, lang, reloaded);
  });

  test(`sign in with a code (${lang})`, async ({ page }) => {
    const phone = accounts[lang].login;
    const dialog = await openDialog(page, lang, 'login');
    const form = dialog.getByRole('tabpanel');
    await form.getByRole('button', { name: text.withCode }).click();
    // Keyboard only from here: the phone field has the focus.
    await expect(form.getByLabel(text.phone)).toBeFocused();
    await page.keyboard.type(phone);
    await page.keyboard.press('Enter');
    await expect(form.getByText(text.sentTo(phone))).toBeVisible();
    await expect(form.getByRole('button', { name: text.resendIn })).toBeDisabled();
    await typeCode(page, lang, phone);
    const reloaded = (await watchForToast(page, lang)).load;
    await page.keyboard.press('Enter');
    await expectSignedIn(page, lang, reloaded);
  });

  test(`reset a password by code (${lang}), then sign in with the new one`, async ({ page }) => {
    const phone = accounts[lang].reset;
    const dialog = await openDialog(page, lang, 'login');
    const form = dialog.getByRole('tabpanel');
    await form.getByRole('button', { name: text.withCode }).waitFor();
    await form.getByRole('button', { name: text.forgot }).click();
    await form.getByLabel(text.phone).fill(phone);
    await form.getByRole('button', { name: text.sendCode }).click();
    await expect(form.getByRole('button', { name: text.resendIn })).toBeDisabled();
    await typeCode(page, lang, phone);
    await form.getByLabel(text.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel(text.repeatNewPassword).fill(NEW_PASSWORD);
    let reloaded = (await watchForToast(page, lang)).load;
    await form.getByRole('button', { name: text.setPassword }).click();
    await expectSignedIn(page, lang, reloaded);

    // Signed out, the new password signs in; the old one no longer does.
    // Logout goes home (a new page, a second after its toast), whose header is ready once its island
    // has hydrated.
    const home = page.waitForEvent('load');
    await page.getByRole('banner').getByRole('button', { name: text.logout }).click();
    await home;
    await appReady(page);
    await page.getByRole('banner').getByRole('button', { name: text.login }).click();
    const login = page.getByRole('dialog', { name: text.dialog }).getByRole('tabpanel');
    await login.getByLabel(text.phone).fill(phone);
    await login.getByLabel(text.password, { exact: true }).fill(NEW_PASSWORD);
    reloaded = (await watchForToast(page, lang)).load;
    await login.getByRole('button', { name: text.login, exact: true }).click();
    await expectSignedIn(page, lang, reloaded);
    const old = await fetch(`${server.url}/en/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, password: PASSWORD }),
    });
    expect(old.status).toBe(401);
  });
}
