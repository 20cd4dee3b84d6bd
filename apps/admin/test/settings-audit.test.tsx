import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, sessionOf } from './api-answers.ts';
import { renderAppAt, resetApp, searchOf } from './app-at.tsx';
import { stubFetch, type Call } from './fetch-stub.ts';

const mail = { configured: false, from: null, pending: 2, failed: 1, last_error: 'connect ECONNREFUSED' };
const webhook = {
  id: 2,
  url: 'https://hooks.example/a',
  active: true,
  created_at: '2026-01-01T00:00:00Z',
  sent: 4,
  pending: 0,
  failed: 1,
};
const delivery = {
  id: 9,
  kind: 'webhook',
  topic: 'enquiry.created',
  recipient: 'https://hooks.example/a',
  status: 'failed',
  attempts: 5,
  created_at: '2026-01-03T00:00:00Z',
  sent_at: null,
  next_attempt_at: '2026-01-04T00:00:00Z',
  response_status: 500,
  last_error: 'HTTP 500',
};

/** The settings' answers for a staff member of `role`; `answer` answers first. Every call is recorded. */
function stubApi(role: 'owner' | 'sales', answer: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    switch (call.path) {
      case '/session':
        return json(200, sessionOf(role, { id: 1 }));
      case '/enquiries/unread':
        return json(200, { unread: 0 });
      case '/account/notifications':
        return json(200, call.body ?? { language: 'fa', notify_enquiries: true, notify_reviews: false });
      case '/settings':
        return json(200, { reviews: 'hold', mail });
      case '/webhooks':
        return json(200, [webhook]);
      case '/deliveries':
        return json(200, { count: 60, page: Number(call.query.page ?? 1), results: [delivery] });
      case '/audit':
        return json(200, { count: 120, page: Number(call.query.page ?? 1), results: [] });
      case '/staff':
        return json(200, []);
    }
    return undefined;
  });
}

afterEach(resetApp);

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('settings', { timeout: 20_000 }, () => {
  it('my notifications: saved with what was changed; a new change takes "Saved." away', async () => {
    const calls = stubApi('sales');
    renderAppAt('/settings');
    const section = await screen.findByRole('region', { name: 'My notifications' }, { timeout: 5000 });
    await userEvent.click(
      await within(section).findByLabelText('Mail me about reviews waiting for approval'),
    );
    await userEvent.selectOptions(within(section).getByLabelText('Language of my mail'), 'en');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved.', {}, { timeout: 5000 })).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/account/notifications',
      body: { language: 'en', notify_enquiries: true, notify_reviews: true },
    });
    await userEvent.click(within(section).getByLabelText('Mail me about new enquiries'));
    expect(within(section).queryByText('Saved.')).toBeNull();
  });

  it('another role reads the moderation and the mail set-up, and sees no webhooks', async () => {
    stubApi('sales');
    renderAppAt('/settings');
    const moderation = await screen.findByRole('region', { name: 'Review moderation' }, { timeout: 5000 });
    expect(within(moderation).getByText('Hold it until it is approved')).toBeVisible();
    expect(within(moderation).getByText('Only the owner can change this.')).toBeVisible();
    expect(within(moderation).queryByRole('radio')).toBeNull();
    const mailSection = screen.getByRole('region', { name: 'Mail' });
    expect(within(mailSection).getByText('Mail is not set up.')).toBeVisible();
    expect(within(mailSection).getByText('connect ECONNREFUSED')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Webhooks' })).toBeNull();
  });

  it('the delivery history: filters and pages in the URL and the query; a failed one is retried', async () => {
    const calls = stubApi('owner', ({ method, path }) =>
      method === 'POST' && path === '/deliveries/9/retry'
        ? json(200, { ...delivery, status: 'pending' })
        : undefined,
    );
    const router = renderAppAt('/settings');
    const section = await screen.findByRole('region', { name: 'Delivery history' }, { timeout: 5000 });
    await userEvent.selectOptions(within(section).getByLabelText('Status'), 'failed');
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ status: 'failed' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/deliveries').at(-1)?.query).toMatchObject({
        status: 'failed',
        page: '1',
      }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ status: 'failed', page: '2' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/deliveries').at(-1)?.query).toMatchObject({
        status: 'failed',
        page: '2',
      }),
    );
    // A new filter starts again from the first page.
    await userEvent.selectOptions(within(section).getByLabelText('Kind'), 'email');
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ status: 'failed', kind: 'email' }));

    await userEvent.click(
      await within(section).findByRole('button', { name: 'Retry the delivery to https://hooks.example/a' }),
    );
    expect(
      await within(section).findByText('The delivery will be tried again.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/deliveries/9/retry')).toBe(true);
  });

  it('a webhook: its deliveries are one click away; deleting it asks first and says it was done', async () => {
    const calls = stubApi('owner', ({ method, path }) =>
      method === 'DELETE' && path === '/webhooks/2' ? json(204) : undefined,
    );
    // jsdom scrolls nothing: the history is scrolled to, as the browser would.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const router = renderAppAt('/settings');
    const table = await screen.findByRole('table', { name: 'Webhooks' }, { timeout: 5000 });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Deliveries of https://hooks.example/a' }),
    );
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ kind: 'webhook', webhook: '2' }));
    expect(scrolled).toHaveBeenCalled();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete https://hooks.example/a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(dialog).toHaveTextContent('Nothing more will be sent to https://hooks.example/a.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/webhooks/2')).toBe(true);
  });
});

describe('the audit log', { timeout: 20_000 }, () => {
  it('applies its filters to the URL and the query on "Filter", from the first page', async () => {
    const calls = stubApi('owner');
    const router = renderAppAt('/audit?page=2');
    await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
    expect(calls.find((c) => c.path === '/audit')?.query).toMatchObject({ page: '2', page_size: '50' });
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Changed');
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'Product');
    // Nothing is asked before the filter is applied.
    expect(searchOf(router)).toEqual({ page: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(searchOf(router)).toEqual({ action: 'update', entity: 'product' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/audit').at(-1)?.query).toMatchObject({
        page: '1',
        action: 'update',
        entity: 'product',
      }),
    );
  });

  it('an invalid filter in the URL is named at its field', async () => {
    stubApi('owner', ({ path }) =>
      path === '/audit' ? json(400, { code: 'validation_failed', codes: { from: ['invalid'] } }) : undefined,
    );
    renderAppAt('/audit?from=nonsense');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Some fields need attention',
    );
    const atField = () =>
      screen.getAllByText('This value is not valid.').filter((el) => !el.closest('[role="alert"]'));
    await vi.waitFor(() => expect(atField()).toHaveLength(1));
  });
});
