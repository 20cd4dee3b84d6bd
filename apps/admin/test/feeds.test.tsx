import type { FeedSettings, UpdateFeedSettingsBody } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, sessionOf } from './api-answers.ts';
import { renderAppAt, resetApp } from './app-at.tsx';
import { stubFetch, type Call } from './fetch-stub.ts';

/** GET /admin/api/feeds of a store whose feeds were never turned on, with `patch` laid over it. */
function feeds(
  patch: { torob?: Partial<FeedSettings['torob']>; emalls?: Partial<FeedSettings['emalls']> } = {},
): FeedSettings {
  return {
    torob: {
      enabled: false,
      path: '/feeds/torob/v3/products',
      url: 'https://shop.example/feeds/torob/v3/products',
      price_on_request: 'omit',
      key: 'published',
      last_requests: [],
      ...patch.torob,
    },
    emalls: {
      enabled: false,
      paths: ['/feeds/emalls/products', '/wp-json/emalls_ext/v1/products'],
      urls: [
        'https://shop.example/feeds/emalls/products',
        'https://shop.example/wp-json/emalls_ext/v1/products',
      ],
      price_on_request: 'omit',
      token: null,
      last_requests: [],
      ...patch.emalls,
    },
  };
}

/**
 * The API of a signed-in owner (or `role`) whose feeds are `state`; a PUT applies its body as the
 * server does (Emalls' token masked, removing it turns the feed off), unless `answer` answers first.
 */
function stubApi(
  state: FeedSettings,
  {
    role = 'owner',
    answer,
  }: { role?: 'owner' | 'sales'; answer?: (call: Call) => Response | undefined } = {},
) {
  let current = state;
  return stubFetch((call) => {
    const special = answer?.(call);
    if (special) return special;
    switch (call.path) {
      case '/session':
        return json(200, sessionOf(role, { id: 1 }));
      case '/enquiries/unread':
        return json(200, { unread: 0 });
      case '/feeds': {
        if (call.method === 'PUT') {
          const body = call.body as UpdateFeedSettingsBody;
          const token = body.emalls?.token;
          current = {
            torob: { ...current.torob, ...body.torob },
            emalls: {
              ...current.emalls,
              ...(body.emalls?.enabled === undefined ? {} : { enabled: body.emalls.enabled }),
              ...(body.emalls?.price_on_request ? { price_on_request: body.emalls.price_on_request } : {}),
              ...(token === undefined ? {} : { token: token === null ? null : `••••${token.slice(-4)}` }),
              ...(token === null ? { enabled: false } : {}),
            },
          };
        }
        return json(200, current);
      }
    }
    return undefined;
  });
}

const FORBIDDEN = 'Your role does not allow this.';
const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/feeds');

afterEach(resetApp);

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('price-comparison feeds (owner)', { timeout: 30_000 }, () => {
  it('shows each feed off, its address to copy, the key and no requests yet', async () => {
    stubApi(feeds());
    renderAppAt('/feeds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Price comparison (Torob, Emalls)' }),
    ).toBeVisible();
    const torob = await section('Torob');
    expect(within(torob).getByText('Off')).toBeVisible();
    expect(within(torob).getByRole('switch', { name: 'Send products to Torob' })).not.toBeChecked();
    expect(within(torob).getByRole('radio', { name: 'Leave them out' })).toBeChecked();
    // Why price on request is never sent as available.
    expect(
      within(torob).getByRole('group', { name: 'Products with price on request' }),
    ).toHaveAccessibleDescription(/Torob shows a product with price 0 as free/);
    const address = within(torob).getByLabelText('Address for Torob');
    expect(address).toHaveValue('https://shop.example/feeds/torob/v3/products');
    expect(address).toHaveAttribute('readonly');
    expect(within(torob).getByRole('button', { name: 'Copy the Address for Torob' })).toBeVisible();
    expect(within(torob).getByText('The public key Torob publishes')).toBeVisible();
    expect(
      within(torob).getByText('No requests yet. They show here once Torob calls the feed.'),
    ).toBeVisible();
    expect(within(torob).queryByRole('table')).toBeNull();

    const emalls = await section('Emalls');
    expect(within(emalls).getByLabelText('Address for Emalls')).toHaveValue(
      'https://shop.example/feeds/emalls/products',
    );
    expect(within(emalls).getByLabelText('Address in the form of the Emalls WordPress plugin')).toHaveValue(
      'https://shop.example/wp-json/emalls_ext/v1/products',
    );
    const token = within(emalls).getByLabelText('Emalls’ token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('placeholder', 'None saved');
    expect(within(emalls).queryByRole('button', { name: 'Remove Emalls’ token' })).toBeNull();
  });

  it('turns Torob on with price on request sent as unavailable: only Torob’s part is sent', async () => {
    const calls = stubApi(feeds());
    renderAppAt('/feeds');
    const torob = await section('Torob');
    await userEvent.click(within(torob).getByRole('switch', { name: 'Send products to Torob' }));
    await userEvent.click(within(torob).getByRole('radio', { name: 'Send them as unavailable' }));
    await userEvent.click(within(torob).getByRole('button', { name: 'Save' }));
    expect(await within(torob).findByText('Saved.')).toBeVisible();
    expect(puts(calls).map((c) => c.body)).toEqual([
      { torob: { enabled: true, price_on_request: 'unavailable' } },
    ]);
    expect(within(torob).getByText('On')).toBeVisible();
    // Emalls' section saw nothing of it.
    expect(within(await section('Emalls')).queryByText('Saved.')).toBeNull();
    // A change after the save takes "Saved." away until it is saved too.
    await userEvent.click(within(torob).getByRole('radio', { name: 'Leave them out' }));
    expect(within(torob).queryByText('Saved.')).toBeNull();
  });

  it('the switch toggles with Space and Save answers Enter', async () => {
    const calls = stubApi(feeds({ torob: { enabled: true } }));
    renderAppAt('/feeds');
    const torob = await section('Torob');
    const toggle = within(torob).getByRole('switch', { name: 'Send products to Torob' });
    expect(toggle).toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).not.toBeChecked();
    within(torob).getByRole('button', { name: 'Save' }).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ torob: { enabled: false, price_on_request: 'omit' } });
  });

  it('Emalls: the token typed is sent and comes back masked; "Remove" sends null and no "on"', async () => {
    const calls = stubApi(feeds());
    renderAppAt('/feeds');
    const emalls = await section('Emalls');
    await userEvent.type(within(emalls).getByLabelText('Emalls’ token'), 'emalls-secret-9876');
    await userEvent.click(within(emalls).getByRole('switch', { name: 'Send products to Emalls' }));
    await userEvent.click(within(emalls).getByRole('button', { name: 'Save' }));
    expect(await within(emalls).findByText('Saved.')).toBeVisible();
    expect(puts(calls).at(-1)?.body).toEqual({
      emalls: { enabled: true, price_on_request: 'omit', token: 'emalls-secret-9876' },
    });
    const token = within(emalls).getByLabelText('Emalls’ token');
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('placeholder', '••••9876');
    expect(within(emalls).getByText('On')).toBeVisible();

    // A second save without typing keeps the token.
    await userEvent.click(within(emalls).getByRole('radio', { name: 'Send them as unavailable' }));
    await userEvent.click(within(emalls).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ emalls: { enabled: true, price_on_request: 'unavailable' } });

    await userEvent.click(within(emalls).getByRole('button', { name: 'Remove Emalls’ token' }));
    expect(
      within(emalls).getByText(
        'Emalls’ token will be removed when you save, and the Emalls feed turned off.',
      ),
    ).toBeVisible();
    // "Keep it" undoes it; removing again and saving sends null, without "on", which the server would refuse.
    await userEvent.click(within(emalls).getByRole('button', { name: 'Keep Emalls’ token' }));
    expect(within(emalls).getByLabelText('Emalls’ token')).toHaveAttribute('placeholder', '••••9876');
    await userEvent.click(within(emalls).getByRole('button', { name: 'Remove Emalls’ token' }));
    await userEvent.click(within(emalls).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(3));
    expect(puts(calls)[2]?.body).toEqual({ emalls: { price_on_request: 'unavailable', token: null } });
    await vi.waitFor(() => expect(within(emalls).getByText('Off')).toBeVisible());
    expect(within(emalls).getByRole('switch', { name: 'Send products to Emalls' })).not.toBeChecked();
    expect(within(emalls).getByLabelText('Emalls’ token')).toHaveAttribute('placeholder', 'None saved');
  });

  it('Emalls on without a token: the server’s "required" shows at the token field', async () => {
    stubApi(feeds(), {
      answer: ({ method, path }) =>
        method === 'PUT' && path === '/feeds'
          ? json(400, {
              code: 'validation_failed',
              codes: { 'emalls.token': ['required'] },
              'emalls.token': ['Set the token Emalls sends before turning its feed on.'],
            })
          : undefined,
    });
    renderAppAt('/feeds');
    const emalls = await section('Emalls');
    await userEvent.click(within(emalls).getByRole('switch', { name: 'Send products to Emalls' }));
    await userEvent.click(within(emalls).getByRole('button', { name: 'Save' }));
    const token = within(emalls).getByLabelText('Emalls’ token');
    await vi.waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(token).toHaveAccessibleDescription(/This field is required\./);
    expect(within(emalls).queryByText('Saved.')).toBeNull();
  });

  it('in fa: the last requests with Jalali times and Persian digits; the path alone without PUBLIC_URL', async () => {
    stubApi(
      feeds({
        torob: {
          enabled: true,
          url: null,
          key: 'environment',
          last_requests: [
            { at: '2026-03-21T08:30:00Z', form: null, status: 401, ip: '203.0.113.9' },
            { at: '2026-03-20T08:30:00Z', form: 'page', status: 200, ip: '203.0.113.8' },
          ],
        },
      }),
    );
    renderAppAt('/feeds', 'fa');
    const torob = await section('ترب');
    expect(within(torob).getByText('روشن')).toBeVisible();
    expect(within(torob).getByLabelText('نشانی برای ترب')).toHaveValue('/feeds/torob/v3/products');
    expect(within(torob).getByText(/نشانی عمومی فروشگاه \(PUBLIC_URL\) تنظیم نشده است/)).toBeVisible();
    expect(within(torob).getByText('کلیدی که در TOROB_PUBLIC_KEY تنظیم شده است')).toBeVisible();
    const table = within(torob).getByRole('table', { name: 'آخرین درخواست‌های ترب' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((c) => c.textContent),
      )[0],
    ).toEqual(['زمان', 'درخواست', 'پاسخ', 'نشانی IP']);
    const first = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 2026-03-21 is the first day of 1405 in the Jalali calendar.
    expect(first[0]).toMatch(/۱ فروردین ۱۴۰۵/);
    expect(first.slice(1)).toEqual(['خوانده نشد', '۴۰۱: توکن رد شد', '203.0.113.9']);
    const second = within(rows[2]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(second.slice(1)).toEqual(['یک صفحه از کالاها', '۲۰۰: پاسخ داده شد', '203.0.113.8']);
    expect(within(await section('ایمالز')).getByText(/هنوز درخواستی نیامده است/)).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('the page’s load error is shown by its code', async () => {
    stubApi(feeds(), {
      answer: ({ path }) => (path === '/feeds' ? json(403, { code: 'forbidden', detail: 'No.' }) : undefined),
    });
    renderAppAt('/feeds');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(FORBIDDEN);
    expect(screen.queryByRole('region', { name: 'Torob' })).toBeNull();
  });

  it('the owner’s navigation links to it; a sales member neither sees the link nor the page', async () => {
    stubApi(feeds());
    renderAppAt('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }, { timeout: 5000 }))[0]!;
    expect(within(nav).getByRole('link', { name: 'Price comparison' })).toHaveAttribute('href', '/feeds');
    resetApp();
    document.body.innerHTML = '';
    const calls = stubApi(feeds(), { role: 'sales' });
    renderAppAt('/feeds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not available' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Price comparison' })).toBeNull();
    expect(calls.some((c) => c.path === '/feeds')).toBe(false);
  });
});
