import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../../../e2e/support/server.ts';
import { startSmsStandIn, type SmsStandIn } from '../../../../../e2e/support/sms-stand-in.ts';
import { freshPhone } from '../../../test/fixtures.ts';
import { createI18n } from '../../app/i18n.ts';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { apiConfig, apiRequest } from '../../lib/api-client.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/**
 * The dialog's one-time-code flows (issue 24) against a real server of their own that sends codes
 * by SMS through a stand-in Kavenegar (e2e/support/sms-stand-in.ts), which hands each code to the
 * test. The accounts that sign in or reset by code were registered before the store set up SMS (a
 * first run of the server on the same data, without it): a code for a new account starts the phone's
 * one-minute cool-down, which would stop a second code.
 */

const PASSWORD = 'Saffron-Field-4411';
const loginPhone = freshPhone();
const resetPhone = freshPhone();

let sms: SmsStandIn;
let server: ServerProcess;
let dataDir: string;
const sharedOrigin = apiConfig.origin;

const post = (origin: string, route: string, body: unknown) =>
  fetch(`${origin}/en/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-web-codes-'));
  const env = {
    DATA_DIR: dataDir,
    LOAD_DEMO: 'false',
    // Translations from apps/web/public (no build needed), as the shared test server serves them.
    WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../../dist-none'),
  };
  const before = await startServerProcess(env);
  for (const phone of [loginPhone, resetPhone]) {
    const answer = await post(before.url, 'auth/users/', {
      username: phone,
      password: PASSWORD,
      'Email address': '',
    });
    expect(answer.status).toBe(201);
  }
  await before.stop();
  sms = await startSmsStandIn('test-key');
  server = await startServerProcess({
    ...env,
    SMS_PROVIDER: 'kavenegar',
    SMS_API_KEY: 'test-key',
    SMS_BASE_URL: sms.url,
    SMS_TEMPLATES: 'otp=otp',
    OUTBOX_POLL_MS: '200',
  });
  apiConfig.origin = server.url;
}, 180_000);

afterAll(async () => {
  apiConfig.origin = sharedOrigin;
  await server?.stop();
  await sms?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `ui` in `lng` with the app's providers (translations and API: this file's server). */
async function renderIn(lng: 'fa' | 'en', ui: ReactNode) {
  window.localStorage.setItem('i18nextLng', lng);
  document.cookie = `i18next=${lng}; path=/`;
  const i18n = await createI18n();
  const user = userEvent.setup();
  render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      {ui}
    </AppProviders>,
  );
  return user;
}

const persian = (digits: string) => digits.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
/** A code that is surely not `code`. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('one-time codes in the sign-in forms', () => {
  it('register (en): the code step (focused, one-time-code input, countdown), a wrong code, then signed in', async () => {
    const phone = freshPhone();
    const onRegistered = vi.fn();
    const onLoggedIn = vi.fn();
    const user = await renderIn('en', <RegisterForm onRegistered={onRegistered} onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Mobile number'), phone);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(`We texted a 6-digit code to ${phone}.`)).toBeInTheDocument();
    const input = screen.getByLabelText('Code');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    const resend = screen.getByRole('button', { name: /^Send again in \d+ s$/ });
    expect(resend).toBeDisabled();

    const code = await sms.codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    await user.type(input, wrong(code));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code is wrong or has expired. Check it, or ask for a new one.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(tokenStore.get()).toBeNull();

    await user.clear(input);
    await user.type(input, code);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(tokenStore.get()).toMatch(/^Bearer \S+$/);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('register (fa): Persian digits; change number keeps the form; the same phone again waits for its cool-down', async () => {
    const phone = freshPhone();
    const user = await renderIn(
      'fa',
      <RegisterForm onRegistered={() => undefined} onLoggedIn={() => undefined} />,
    );
    await user.type(screen.getByLabelText('شماره همراه'), phone);
    await user.type(screen.getByLabelText('رمز عبور'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'ثبت‌نام' }));

    expect(await screen.findByText(`کدی ۶ رقمی به ${persian(phone)} پیامک کردیم.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^ارسال دوباره تا [۰-۹]+ ثانیهٔ دیگر$/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'تغییر شماره' }));
    const phoneInput = screen.getByLabelText('شماره همراه');
    expect(phoneInput).toHaveValue(phone);
    await waitFor(() => expect(phoneInput).toHaveFocus());
    // The same phone again: a code went to it a moment ago, so the button counts down.
    await user.click(screen.getByRole('button', { name: 'ثبت‌نام' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('کدی همین حالا فرستاده شد.');
    expect(screen.getByRole('button', { name: /^ثبت‌نام تا [۰-۹]+ ثانیهٔ دیگر$/ })).toBeDisabled();
  });

  it('sign in with a code (en): the link, the phone (kept, focused), the code in Persian digits', async () => {
    const onLoggedIn = vi.fn();
    const user = await renderIn('en', <LoginForm initialPhone="" onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Mobile number'), loginPhone);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a code instead' }));

    expect(screen.getByText('We will text a one-time code to your mobile number.')).toBeInTheDocument();
    const phoneInput = screen.getByLabelText('Mobile number');
    expect(phoneInput).toHaveValue(loginPhone);
    await waitFor(() => expect(phoneInput).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));

    const input = await screen.findByLabelText('Code');
    await waitFor(() => expect(input).toHaveFocus());
    const code = await sms.codeFor(loginPhone);
    // Persian digits, as a phone's keyboard may type them.
    await user.type(input, persian(code));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(tokenStore.get()).toMatch(/^Bearer \S+$/);
  });

  it('a forgotten password (en): the new one twice, the server’s rules, then signed in with it', async () => {
    const onLoggedIn = vi.fn();
    const user = await renderIn('en', <LoginForm initialPhone={resetPhone} onLoggedIn={onLoggedIn} />);
    // The store sends codes: the link leads to the reset, not to the store's phones.
    await screen.findByRole('button', { name: 'Sign in with a code instead' });
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(
      screen.getByText('Enter your mobile number: we will text you a code to set a new password.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/To reset your password, call the store/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));

    const input = await screen.findByLabelText('Code');
    const code = await sms.codeFor(resetPhone);
    await user.type(input, code);
    await user.type(screen.getByLabelText('New password'), 'Pomegranate-Orchard-9');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Pomegranate-Orchard-8');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(
      await screen.findByText('This password is too short: use at least 8 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');

    // The same code still works: a weak password is refused before the code is spent.
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Pomegranate-Orchard-9');
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Pomegranate-Orchard-9');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(tokenStore.get()).toMatch(/^Bearer \S+$/);
    await expect(
      apiRequest('en', 'auth/jwt/create/', {
        method: 'POST',
        body: { username: resetPhone, password: 'Pomegranate-Orchard-9' },
        auth: false,
      }),
    ).resolves.toMatchObject({ access: expect.any(String) });
  });

  it('a registration never confirmed: the password sign-in offers a code; the cool-down counts down', async () => {
    const phone = freshPhone();
    expect(
      (await post(server.url, 'auth/users/', { username: phone, password: PASSWORD, 'Email address': '' }))
        .status,
    ).toBe(201);
    const user = await renderIn('en', <LoginForm initialPhone={phone} onLoggedIn={() => undefined} />);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your phone number is not confirmed yet.');
    expect(tokenStore.get()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confirm my number' }));
    expect(screen.getByText('Confirm your mobile number: we will text a code to it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue(phone);
    // The registration texted a code a moment ago: another must wait, and the button says how long.
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A code was sent a moment ago. Please wait before asking for another.',
    );
    expect(screen.getByRole('button', { name: /^Text me a code in \d+ s$/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
