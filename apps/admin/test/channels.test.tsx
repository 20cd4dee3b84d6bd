import type { StaffChannels } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, sessionOf } from './api-answers.ts';
import { renderAppAt, resetApp, searchOf } from './app-at.tsx';
import { channelSettings } from './channel-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';

const smsDelivery = {
  id: 11,
  kind: 'sms',
  topic: 'enquiry.confirmation',
  recipient: '09121234567',
  status: 'failed',
  attempts: 1,
  created_at: '2026-01-03T00:00:00Z',
  sent_at: null,
  next_attempt_at: '2026-01-03T00:00:00Z',
  reason: 'invalid_key',
  response_status: 401,
  last_error: 'Kavenegar 401',
};

/**
 * The API of a signed-in owner (or `role`): the settings page's and the account page's answers;
 * `answer` answers first. Every call is recorded.
 */
function stubApi(answer: (call: Call) => Response | undefined, role: 'owner' | 'sales' = 'owner') {
  return stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    switch (call.path) {
      case '/session':
        return json(200, sessionOf(role, { id: 1 }));
      case '/enquiries/unread':
        return json(200, { unread: 0 });
      case '/account/notifications':
        return json(200, { language: 'fa', notify_enquiries: true, notify_reviews: false });
      case '/settings':
        return json(200, {
          reviews: 'hold',
          mail: { configured: true, from: 'shop@example.com', pending: 0, failed: 0, last_error: null },
        });
      case '/webhooks':
        return json(200, []);
      case '/deliveries':
        return json(200, { count: 1, page: 1, results: [smsDelivery] });
      case '/sessions':
        return json(200, []);
    }
    return undefined;
  });
}

const smsSection = () => screen.findByRole('region', { name: 'Text messages (SMS)' }, { timeout: 5000 });

afterEach(resetApp);

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('channel settings (owner)', { timeout: 30_000 }, () => {
  it('SMS not set up: says so; provider, key and templates are saved, and the key comes back masked', async () => {
    let saved = channelSettings();
    const calls = stubApi(({ method, path, body }) => {
      if (path !== '/settings/channels') return undefined;
      if (method === 'PUT') {
        const sms = (body as { sms: { provider: string; templates: Record<string, string> } }).sms;
        saved = channelSettings({
          sms: {
            configured: true,
            provider: 'kavenegar',
            api_key: '••••5678',
            sender: '',
            templates: Object.fromEntries(Object.entries(sms.templates).filter(([, v]) => v !== '')),
          },
        });
      }
      return json(200, saved);
    });
    renderAppAt('/settings');
    const section = await smsSection();
    expect(within(section).getByText('SMS is not set up.')).toBeVisible();
    expect(within(section).getByText(/signing up needs no code/)).toBeVisible();
    const provider = within(section).getByLabelText('Provider');
    expect(
      within(provider)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (SMS off)', 'Kavenegar', 'SMS.ir', 'Melipayamak', 'Ghasedak', 'IPPanel / Faraz SMS']);
    await userEvent.selectOptions(provider, 'kavenegar');
    const key = within(section).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'secret-key-12345678');
    await userEvent.type(
      within(section).getByLabelText('One-time code (sign-up, sign-in, password reset)'),
      'verify',
    );
    await userEvent.type(within(section).getByLabelText('Test message'), 'test-tpl');
    // Each template says what it is given.
    expect(
      within(section).getByLabelText('Review waiting for approval (to staff)'),
    ).toHaveAccessibleDescription('The template gets: link');
    expect(
      within(section).getByLabelText('Enquiry received: English version (optional)'),
    ).toHaveAccessibleDescription(
      'The template gets: reference, link Without it, English-speaking visitors get the Persian template.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      sms: {
        provider: 'kavenegar',
        api_key: 'secret-key-12345678',
        sender: '',
        templates: {
          otp: 'verify',
          otp_en: '',
          enquiry: '',
          enquiry_en: '',
          staff_enquiry: '',
          staff_review: '',
          reply: '',
          reply_en: '',
          staff_thread: '',
          test: 'test-tpl',
        },
      },
    });
    // The key typed is gone; what was saved shows only masked.
    const after = within(section).getByLabelText('API key');
    expect(after).toHaveValue('');
    expect(after).toHaveAttribute('placeholder', '••••5678');
    expect(within(section).queryByText('SMS is not set up.')).toBeNull();
  });

  it('a second save without typing keeps the key; "Remove" sends null', async () => {
    const configured = channelSettings({
      sms: { configured: true, provider: 'smsir', api_key: '••••abcd', templates: { test: 't' } },
    });
    const calls = stubApi(({ path }) => (path === '/settings/channels' ? json(200, configured) : undefined));
    renderAppAt('/settings');
    const section = await smsSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Saved.');
    const first = calls.filter((c) => c.method === 'PUT').at(-1)?.body as { sms: object };
    expect(first.sms).not.toHaveProperty('api_key');
    expect(first.sms).toMatchObject({ provider: 'smsir' });
    await userEvent.click(within(section).getByRole('button', { name: 'Remove the API key' }));
    expect(within(section).getByText('The API key will be removed when you save.')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ sms: { api_key: null } });
  });

  it('fields set by the environment are read-only, say which variable, and are not sent', async () => {
    const locked = channelSettings({
      sms: {
        configured: true,
        provider: 'kavenegar',
        provider_locked: true,
        api_key: '••••9999',
        api_key_locked: true,
        templates: { otp: 'env-otp' },
        templates_locked: true,
      },
    });
    const calls = stubApi(({ path }) => (path === '/settings/channels' ? json(200, locked) : undefined));
    renderAppAt('/settings');
    const section = await smsSection();
    expect(within(section).getByLabelText('Provider')).toBeDisabled();
    expect(within(section).getByLabelText('Provider')).toHaveValue('Kavenegar');
    expect(within(section).getByLabelText('API key')).toBeDisabled();
    expect(within(section).getByText(/\(SMS_API_KEY\)/)).toBeVisible();
    expect(within(section).getByText(/\(SMS_TEMPLATES\)/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Remove the API key' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      sms: { provider: 'kavenegar', sender: '' },
    });
  });

  it('a locked field changed elsewhere: the 409 is said in words', async () => {
    stubApi(({ method, path }) =>
      path === '/settings/channels'
        ? method === 'PUT'
          ? json(409, { detail: 'Locked.', code: 'setting_locked' })
          : json(200, channelSettings())
        : undefined,
    );
    renderAppAt('/settings');
    const section = await smsSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This setting is fixed by the server’s configuration and cannot be changed here.',
    );
  });

  it('the test SMS: the provider’s refusal by its reason and detail, then a success', async () => {
    let refuse = true;
    const calls = stubApi(({ method, path }) => {
      if (path === '/settings/channels')
        return json(
          200,
          channelSettings({ sms: { configured: true, provider: 'kavenegar', api_key: '••••1' } }),
        );
      if (method === 'POST' && path === '/settings/channels/test-sms')
        return refuse
          ? json(502, { detail: 'کلید معتبر نیست', code: 'channel_send_failed', reason: 'invalid_key' })
          : json(200, { status: 'sent', provider_id: '8792' });
      return undefined;
    });
    renderAppAt('/settings');
    const section = await smsSection();
    await userEvent.type(within(section).getByLabelText('Mobile number for the test'), '09121234567');
    await userEvent.click(within(section).getByRole('button', { name: 'Send a test SMS' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The provider did not send the test message.');
    expect(alert).toHaveTextContent('Reason: The API key is wrong');
    expect(alert).toHaveTextContent('کلید معتبر نیست');
    expect(calls.find((c) => c.path === '/settings/channels/test-sms')?.body).toEqual({
      phone: '09121234567',
    });
    refuse = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Send a test SMS' }));
    expect(
      await within(section).findByText('The test message was sent (the provider’s id: 8792).'),
    ).toBeVisible();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('in fa: the credit in rials with Persian digits', async () => {
    stubApi(({ path }) =>
      path === '/settings/channels'
        ? json(
            200,
            channelSettings({
              sms: { configured: true, provider: 'kavenegar', balance: { amount: 1234567, unit: 'IRR' } },
            }),
          )
        : undefined,
    );
    renderAppAt('/settings', 'fa');
    const section = await screen.findByRole('region', { name: 'پیامک' }, { timeout: 5000 });
    expect(within(section).getByText('۱٬۲۳۴٬۵۶۷ ریال')).toBeVisible();
    expect(
      within(within(section).getByLabelText('سرویس‌دهنده')).getByRole('option', { name: 'کاوه‌نگار' }),
    ).toBeTruthy();
  });

  it('the messengers: a token is sent only when typed; "Check" shows the bot’s @username', async () => {
    const withBale = channelSettings();
    withBale.bots.bale = { configured: true, token: '••••tokn', token_locked: false, bot_username: null };
    const calls = stubApi(({ method, path }) => {
      if (path === '/settings/channels') return json(200, withBale);
      if (method === 'POST' && path === '/settings/channels/bots/bale/check')
        return json(200, { bot_username: 'shop_bot' });
      return undefined;
    });
    renderAppAt('/settings');
    const section = await screen.findByRole('region', { name: 'Messengers' }, { timeout: 5000 });
    expect(within(section).getByLabelText('Bale bot token')).toHaveAttribute('placeholder', '••••tokn');
    await userEvent.type(within(section).getByLabelText('Telegram bot token'), '123:abc');
    await userEvent.type(within(section).getByLabelText('Proxy for Telegram'), 'socks5://10.0.0.1:1080');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      bots: { telegram: { token: '123:abc', proxy_url: 'socks5://10.0.0.1:1080' } },
    });
    // Telegram has no token in this answer: only Bale can be checked.
    expect(within(section).queryByRole('button', { name: 'Check the Telegram bot' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Check the Bale bot' }));
    expect(await within(section).findByText('The Bale bot answers as @shop_bot.')).toBeVisible();
  });

  it('the delivery history: every kind to filter by, the reason in words, the phone left to right', async () => {
    const calls = stubApi(({ path }) =>
      path === '/settings/channels' ? json(200, channelSettings()) : undefined,
    );
    const router = renderAppAt('/settings');
    const section = await screen.findByRole('region', { name: 'Delivery history' }, { timeout: 5000 });
    const kind = within(section).getByLabelText('Kind');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Email', 'Webhook', 'SMS', 'Bale', 'Telegram']));
    expect(await within(section).findByText('The API key is wrong')).toBeVisible();
    expect(within(section).getByText('09121234567')).toHaveAttribute('dir', 'ltr');
    await userEvent.selectOptions(kind, 'sms');
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ kind: 'sms' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/deliveries').at(-1)?.query).toMatchObject({ kind: 'sms' }),
    );
  });

  it('a link to #deliveries with a filter: the failed SMS are listed and the page goes there', async () => {
    // jsdom scrolls nothing: the section is scrolled to, as the browser would.
    const original = Element.prototype.scrollIntoView;
    const scrolled = vi.fn<(this: Element) => void>(function (this: Element) {});
    Element.prototype.scrollIntoView = scrolled;
    const calls = stubApi(({ path }) =>
      path === '/settings/channels' ? json(200, channelSettings()) : undefined,
    );
    renderAppAt('/settings?kind=sms&status=failed#deliveries');
    await screen.findByRole('region', { name: 'Text messages (SMS)' }, { timeout: 5000 });
    await vi.waitFor(() => expect(scrolled.mock.contexts.at(-1)).toHaveProperty('id', 'deliveries'));
    Element.prototype.scrollIntoView = original;
    expect(calls.find((c) => c.path === '/deliveries')?.query).toMatchObject({
      kind: 'sms',
      status: 'failed',
    });
  });

  it('another role sees no channel settings and asks for none', async () => {
    const calls = stubApi(() => undefined, 'sales');
    renderAppAt('/settings');
    await screen.findByRole('region', { name: 'My notifications' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Text messages (SMS)' })).toBeNull();
    expect(calls.some((c) => c.path === '/settings/channels')).toBe(false);
  });
});

/** The member's channels: no phone, Bale set up and not linked, Telegram not set up. */
const mine: StaffChannels = {
  phone: '',
  sms_available: true,
  chats: {
    bale: { available: true, linked: false, bot_username: 'shop_bot' },
    telegram: { available: false, linked: false, bot_username: null },
  },
  events: { enquiry: ['email'], review: [], channel_failing: [], thread: [] },
};

describe('where a staff member gets notices', { timeout: 30_000 }, () => {
  it('linking Bale: the code is shown with the bot, the page asks again until the chat is linked', async () => {
    let linked = false;
    const calls = stubApi(({ method, path }) => {
      if (path === '/account/channels')
        return json(200, { ...mine, chats: { ...mine.chats, bale: { ...mine.chats.bale, linked } } });
      if (method === 'POST' && path === '/account/chats/bale/code')
        return json(200, {
          code: 'K7PX2QMA',
          expires_in: 600,
          bot_username: 'shop_bot',
          link: 'https://ble.ir/shop_bot?start=K7PX2QMA',
        });
      return undefined;
    }, 'sales');
    renderAppAt('/account');
    const section = await screen.findByRole('region', { name: 'Where you get notices' }, { timeout: 5000 });
    expect(await within(section).findByText('The owner has not set up the Telegram bot yet.')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Link Bale' }));
    expect(await within(section).findByText('K7PX2QMA')).toBeVisible();
    expect(within(section).getByText('Send this code to @shop_bot in Bale within 10 minutes.')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Open @shop_bot in Bale' })).toHaveAttribute(
      'href',
      'https://ble.ir/shop_bot?start=K7PX2QMA',
    );
    const asked = calls.filter((c) => c.path === '/account/channels').length;
    linked = true;
    // The next poll finds the chat linked: the code goes, the row says so.
    expect(
      await within(section).findByText(
        'Bale is linked: notices you choose below come there.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.path === '/account/channels').length).toBeGreaterThan(asked);
    expect(within(section).queryByText('K7PX2QMA')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Unlink Bale' })).toBeVisible();
  });

  it('the matrix: unavailable channels are disabled and say why; the choices are saved', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/account/channels')
        return json(200, method === 'PUT' ? { ...mine, ...(body as object) } : mine);
      return undefined;
    }, 'sales');
    renderAppAt('/account');
    const section = await screen.findByRole('region', { name: 'Where you get notices' }, { timeout: 5000 });
    const smsBox = await within(section).findByRole('checkbox', { name: 'New enquiries by SMS' });
    expect(smsBox).toBeDisabled();
    expect(smsBox).toHaveAccessibleDescription('SMS: Add your mobile number first.');
    expect(
      within(section).getByRole('checkbox', { name: 'New enquiries by Bale' }),
    ).toHaveAccessibleDescription('Bale: Link your Bale chat first.');
    expect(within(section).getByRole('checkbox', { name: 'New enquiries by Email' })).toBeChecked();
    await userEvent.click(
      within(section).getByRole('checkbox', { name: 'Reviews waiting for approval by Email' }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Save my choices' }));
    await within(section).findByText('Saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      events: { enquiry: ['email'], review: ['email'], channel_failing: [], thread: [] },
    });
  });

  it('the phone: saved, and a wrong one is named at its field', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path !== '/account/channels') return undefined;
      if (method !== 'PUT') return json(200, mine);
      return (body as { phone: string }).phone.startsWith('09')
        ? json(200, { ...mine, phone: (body as { phone: string }).phone })
        : json(400, { code: 'validation_failed', codes: { phone: ['mobile_invalid'] } });
    }, 'sales');
    renderAppAt('/account');
    const section = await screen.findByRole('region', { name: 'Where you get notices' }, { timeout: 5000 });
    const phone = await within(section).findByLabelText('My mobile number');
    await userEvent.type(phone, '12345');
    await userEvent.click(within(section).getByRole('button', { name: 'Save the number' }));
    expect(await within(section).findByText('Enter a valid mobile number.')).toBeVisible();
    await userEvent.clear(phone);
    await userEvent.type(phone, '09121234567');
    await userEvent.click(within(section).getByRole('button', { name: 'Save the number' }));
    await within(section).findByText('Saved.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ phone: '09121234567' });
  });
});

describe('the dashboard’s channel warnings', { timeout: 30_000 }, () => {
  it('low credit links to the settings, failing sends to the failed deliveries of that channel', async () => {
    stubApi(({ path }) =>
      path === '/dashboard'
        ? json(200, {
            enquiries: null,
            reviews_waiting: null,
            most_liked: [],
            missing_english: { count: 0, products: [] },
            missing_image: { count: 0, products: [] },
            channel_warnings: [
              {
                channel: 'sms',
                kind: 'low_credit',
                balance: { amount: 120000, unit: 'IRR' },
                failed: 0,
                last_error: null,
              },
              {
                channel: 'telegram',
                kind: 'failing',
                balance: null,
                failed: 4,
                last_error: 'chat not found',
              },
            ],
          })
        : undefined,
    );
    renderAppAt('/');
    const section = await screen.findByRole(
      'region',
      { name: 'Channels that need attention' },
      { timeout: 5000 },
    );
    expect(within(section).getByText('SMS credit is running low: 120,000 rials left.')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Open the channel settings' })).toHaveAttribute(
      'href',
      '/settings#channels',
    );
    expect(within(section).getByText('Telegram: 4 sends failed in the last 24 hours.')).toBeVisible();
    expect(within(section).getByText('chat not found')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'See the failed Telegram deliveries' })).toHaveAttribute(
      'href',
      '/settings?kind=telegram&status=failed#deliveries',
    );
  });
});
