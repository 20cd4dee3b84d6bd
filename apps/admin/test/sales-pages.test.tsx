import type { StaffRole } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import { routes } from '../src/app/routes.tsx';
import { renderWithProviders } from './render.tsx';
import { heldReview, json, sessionOf } from './api-answers.ts';

const row = {
  id: 12,
  reference: 'E-000012',
  product_id: null,
  product_title: '',
  phone: '09121234567',
  email: 'visitor@example.com',
  description: 'سلام',
  language: 'fa',
  status: 'quoted',
  assignee: { id: 8, name: 'Omid', email: 'owner@example.com' },
  read: true,
  created_at: '2026-02-01T10:00:00Z',
  user_id: 4,
};
const customer = {
  id: 4,
  phone: '09121234567',
  email: 'visitor@example.com',
  active: true,
  created_at: '2026-01-01T10:00:00Z',
  likes: 2,
  enquiries: 1,
};
const webhook = {
  id: 2,
  url: 'https://hooks.example/in',
  active: true,
  created_at: '2026-01-01T10:00:00Z',
  sent: 5,
  pending: 1,
  failed: 1,
};

/** One answer for each GET of the part-2 API. */
function answers(path: string): unknown {
  const page = (results: unknown[]) => ({ count: results.length, page: 1, results });
  switch (path) {
    case '/dashboard':
      return {
        enquiries: {
          today: 1,
          week: 3,
          last_30_days: 9,
          unread: 2,
          daily: Array.from({ length: 30 }, (_, i) => ({
            date: `2026-01-${String(i + 1).padStart(2, '0')}`,
            count: i % 4,
          })),
          by_status: { new: 2, contacted: 3, quoted: 1, won: 2, lost: 1, spam: 0 },
          most_enquired: [{ id: 3, title: 'زعفران', count: 4 }],
        },
        reviews_waiting: 2,
        most_liked: [{ id: 3, title: 'زعفران', count: 7 }],
        missing_english: { count: 1, products: [{ id: 3, title: 'زعفران' }] },
        missing_image: { count: 0, products: [] },
      };
    case '/enquiries/unread':
      return { unread: 2 };
    case '/enquiries/assignees':
      return [{ id: 8, name: 'Omid', email: 'owner@example.com' }];
    case '/enquiries':
      return page([row]);
    case '/enquiries/12':
      return {
        enquiry: row,
        product: null,
        others: [],
        events: [
          {
            id: 1,
            at: '2026-02-01T11:00:00Z',
            staff: { id: 7, email: 'sales@example.com', name: 'Sara' },
            kind: 'assign',
            note: null,
            from: null,
            to: '8',
            from_name: null,
            to_name: 'Omid',
          },
          {
            id: 2,
            at: '2026-02-01T12:00:00Z',
            staff: { id: 7, email: 'sales@example.com', name: 'Sara' },
            kind: 'note',
            note: 'Called back',
            from: null,
            to: null,
            from_name: null,
            to_name: null,
          },
        ],
      };
    case '/reviews':
      return page([heldReview]);
    case '/customers':
      return page([customer]);
    case '/customers/4':
      return {
        customer,
        liked: [{ id: 3, title: 'زعفران', liked_at: '2026-01-02T10:00:00Z' }],
        enquiries: [row],
      };
    case '/newsletter':
      return page([
        {
          id: 1,
          email: 'reader@example.com',
          language: 'en',
          created_at: '2026-01-05T10:00:00Z',
          unsubscribe_url: 'https://shop.example/unsubscribe/abc',
        },
      ]);
    case '/account/notifications':
      return { language: 'fa', notify_enquiries: true, notify_reviews: false };
    case '/settings':
      return {
        reviews: 'hold',
        mail: { configured: false, from: null, pending: 3, failed: 1, last_error: 'connect ECONNREFUSED' },
      };
    case '/webhooks':
      return [webhook];
    case '/deliveries':
      return page([
        {
          id: 9,
          kind: 'webhook',
          topic: 'enquiry.created',
          recipient: 'https://hooks.example/in',
          status: 'failed',
          attempts: 8,
          next_attempt_at: '2026-02-01T10:00:00Z',
          last_error: 'HTTP 500',
          response_status: 500,
          created_at: '2026-02-01T09:00:00Z',
          sent_at: null,
        },
      ]);
    default:
      return undefined;
  }
}

function stubApi(role: StaffRole, override: (path: string) => unknown = () => undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/admin/api', '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/session') return json(200, sessionOf(role));
      if (method === 'POST' && path === '/webhooks')
        return json(201, { webhook: { ...webhook, id: 3 }, secret: 'whsec_abc' });
      if (method === 'DELETE' && path === '/customers/4')
        return json(200, { likes: 2, enquiries_anonymised: 1, reviews: 0, newsletter: 1, messages: 3 });
      if (method === 'DELETE') return json(204, undefined);
      if (method === 'PATCH' && path === '/reviews/5')
        return json(200, {
          ...(answers('/reviews') as { results: unknown[] }).results[0]!,
          status: 'published',
        });
      const body = override(path) ?? answers(path);
      return body === undefined ? json(404, { detail: 'Not found.', code: 'not_found' }) : json(200, body);
    }),
  );
  return calls;
}

function renderAt(path: string, language: 'fa' | 'en') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const missing: string[] = [];
  const result = renderWithProviders(<RouterProvider router={router} />, language);
  result.i18n.options.saveMissing = true;
  result.i18n.on('missingKey', (_lngs: readonly string[], _ns: string, key: string) => missing.push(key));
  return { ...result, router, missing };
}

// The date picker (the inbox's and the audit log's filters) is a lazily loaded chunk: load it once.
beforeAll(async () => {
  await import('../src/components/date-picker.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const pages: [string, string, string][] = [
  ['/', 'Dashboard', 'پیشخوان'],
  ['/enquiries', 'Enquiries', 'استعلام‌ها'],
  ['/enquiries/12', 'Enquiry E-000012', 'استعلام E-000012'],
  ['/reviews', 'Reviews', 'نظرها'],
  ['/customers', 'Customers', 'مشتریان'],
  ['/customers/4', 'Customer', 'مشتری'],
  ['/newsletter', 'Newsletter', 'خبرنامه'],
  ['/settings', 'Settings', 'تنظیمات'],
];

describe('the part-2 pages', () => {
  for (const [path, en, fa] of pages)
    for (const language of ['en', 'fa'] as const)
      it(`${path} (${language}): a title, an h1 and every text translated`, async () => {
        stubApi('owner');
        const { missing } = renderAt(path, language);
        const title = language === 'en' ? en : fa;
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
        await screen.findAllByRole('table').catch(() => null);
        expect(document.title).toBe(`${title} | ${language === 'en' ? 'Store admin' : 'مدیریت فروشگاه'}`);
        expect(missing).toEqual([]);
        if (language === 'fa') expect(document.body.textContent).not.toMatch(/\b2026\b/);
      });

  it('the dashboard hides the enquiries from an editor', async () => {
    stubApi('editor', (path) =>
      path === '/dashboard'
        ? { ...(answers('/dashboard') as object), enquiries: null, reviews_waiting: null }
        : undefined,
    );
    renderAt('/', 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Most liked products' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'New enquiries' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reviews waiting' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'زعفران' })[0]).toHaveAttribute('href', '/products/3');
  });

  it('approves a review and deletes a customer after a confirmation that says what goes', async () => {
    const calls = stubApi('sales');
    setCsrfToken('tok');
    const { router } = renderAt('/reviews', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the review by Ali' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/reviews/5',
        body: { status: 'published' },
      }),
    );

    await router.navigate('/customers/4');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/removes their personal data/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the customer' }));
    expect(await screen.findByText('The customer was deleted.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/customers');
    expect(screen.getByText('1 enquiry anonymised')).toBeVisible();
    expect(screen.getByText('3 messages removed from the outbox')).toBeVisible();
  });

  it('shows a new webhook’s secret once, with the signature header', async () => {
    const calls = stubApi('owner');
    setCsrfToken('tok');
    renderAt('/settings', 'en');
    expect(await screen.findByText('Mail is not set up.')).toBeVisible();
    await userEvent.type(await screen.findByLabelText(/Address \(URL\)/), 'https://hooks.example/new');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveValue('whsec_abc');
    expect(screen.getByText(/X-Storefront-Signature/)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/webhooks',
      body: { url: 'https://hooks.example/new' },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retry the delivery to https://hooks.example/in' }),
    );
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/deliveries/9/retry')).toBe(true),
    );
  });

  it('a sales member reads the review moderation setting but cannot change it', async () => {
    stubApi('sales');
    renderAt('/settings', 'en');
    expect(await screen.findByText('Hold it until it is approved')).toBeVisible();
    expect(screen.getByText('Only the owner can change this.')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
  });
});
