import type { EnquiryDetail, EnquiryRow, EntityRow, StaffRole } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import { internationalPhone } from '../src/components/sales.tsx';
import { EnquiriesPage } from '../src/resources/enquiries/enquiries-page.tsx';
import { EnquiryDetailPage } from '../src/resources/enquiries/enquiry-detail-page.tsx';
import { EnquiriesNavLabel, Layout } from '../src/app/layout.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';

const row: EnquiryRow = {
  id: 12,
  reference: 'E-000012',
  product_id: 3,
  product_title: 'Saffron',
  phone: '09121234567',
  email: 'visitor@example.com',
  description: 'How much for 5 kg?',
  language: 'en',
  status: 'new',
  assignee: null,
  read: false,
  created_at: '2026-02-01T10:00:00Z',
  user_id: null,
  source: {
    source: '',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer_host: null,
    torob_clid: null,
    landed_at: null,
  },
};

const saffron: EntityRow = {
  id: 3,
  title: { fa: 'زعفران', en: 'Saffron' },
  published: true,
  missing_languages: [],
  image: null,
  parent: null,
  products: null,
};

const assignees = [
  { id: 7, name: 'Sara', email: 'sales@example.com' },
  { id: 8, name: 'Omid', email: 'owner@example.com' },
];

type Handler = (url: URL, init: RequestInit) => Response | undefined;

/** Stubs fetch: the session of `role`, then `handler`, else 404. Returns the calls. */
function stubApi(role: StaffRole, handler: Handler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/admin/api/session') return json(200, sessionOf(role));
      return handler(url, init) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return calls;
}

// The date picker (the inbox's and the audit log's filters) is a lazily loaded chunk: load it once.
beforeAll(async () => {
  await import('../src/components/date-picker.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('the enquiry inbox', { timeout: 20_000 }, () => {
  it('keeps its filters in the URL, sends them to the list and puts them on the export links', async () => {
    const calls = stubApi('sales', (url) => {
      if (url.pathname === '/admin/api/enquiries/assignees') return json(200, assignees);
      if (url.pathname === '/admin/api/enquiries') return json(200, { count: 1, page: 1, results: [row] });
      if (url.pathname === '/admin/api/catalogue/products')
        return json(200, { count: 1, page: 1, results: [saffron] });
      return undefined;
    });
    const router = createMemoryRouter([{ path: '/enquiries', element: <EnquiriesPage /> }], {
      initialEntries: ['/enquiries'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    const search = () => new URLSearchParams(router.state.location.search);

    // An unread row says so in text, not by colour only.
    // The first render (two date pickers among the filters) takes a while on a busy machine.
    const reference = await screen.findByRole('link', { name: 'E-000012' }, { timeout: 10_000 });
    expect(reference.closest('tr')).toHaveTextContent('new');
    expect(reference.closest('tr')).toHaveClass('font-bold');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'contacted');
    expect(search().get('status')).toBe('contacted');
    await userEvent.selectOptions(await screen.findByLabelText('Assigned to'), 'none');
    expect(search().get('assignee')).toBe('none');
    await userEvent.click(screen.getByLabelText('Only unread'));
    expect(search().get('unread')).toBe('1');
    // The day filters are date pickers (React Aria): typed segment by segment, day first in en.
    for (const [name, typed] of [
      ['From (day)', '01012026'],
      ['To (day)', '31012026'],
    ] as const) {
      const field = await screen.findByRole('group', { name });
      await userEvent.click(within(field).getAllByRole('spinbutton')[0]!);
      await userEvent.keyboard(typed);
    }
    expect(search().get('from')).toBe('2026-01-01');
    expect(search().get('to')).toBe('2026-01-31');
    // Sales staff pick the product from the catalogue's list (they read it, and do not open one).
    const product = screen.getByRole('group', { name: 'Product' });
    await userEvent.type(within(product).getByRole('searchbox', { name: 'Search Product' }), 'saff');
    const results = await within(product).findByRole('list', { name: 'Product: results' });
    await userEvent.click(await within(results).findByRole('button', { name: 'Saffron' }));
    expect(search().get('product')).toBe('3');
    expect(within(product).getByRole('status')).toHaveTextContent('Saffron');
    expect(screen.getByRole('group', { name: 'Collection' })).toBeVisible();
    const picked = calls.filter((c) => c.url.pathname.startsWith('/admin/api/catalogue/products'));
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((c) => c.url.pathname === '/admin/api/catalogue/products')).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search phone, email or text' }), 'saffron');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(search().get('q')).toBe('saffron');

    const expected = {
      status: 'contacted',
      assignee: 'none',
      unread: '1',
      from: '2026-01-01',
      to: '2026-01-31',
      product: '3',
      q: 'saffron',
    };
    await vi.waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/admin/api/enquiries').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({ ...expected, page: '1', page_size: '25' });
    });

    for (const [name, format] of [
      ['Download CSV', 'csv'],
      ['Download Excel (XLSX)', 'xlsx'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      const href = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(href.pathname).toBe('/admin/api/enquiries/export');
      expect(Object.fromEntries(href.searchParams)).toEqual({ format, ...expected });
      expect(link).toHaveAttribute('download');
    }

    // General requests only: the product filter becomes `general`.
    await userEvent.click(screen.getByLabelText('Only general requests (no product)'));
    expect(search().get('product')).toBe('general');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      'product=general',
    );
  });

  it('reads its filters back from the URL', async () => {
    const calls = stubApi('owner', (url) => {
      if (url.pathname === '/admin/api/enquiries/assignees') return json(200, assignees);
      if (url.pathname === '/admin/api/enquiries') return json(200, { count: 0, page: 1, results: [] });
      return undefined;
    });
    const router = createMemoryRouter([{ path: '/enquiries', element: <EnquiriesPage /> }], {
      initialEntries: ['/enquiries?status=won&assignee=8&page=2&from=bad'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('Nothing found.')).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('won');
    const list = calls.find((c) => c.url.pathname === '/admin/api/enquiries')!;
    // A malformed day is left out rather than sent.
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      status: 'won',
      assignee: '8',
      page: '2',
      page_size: '25',
    });
  });
});

describe('one enquiry', () => {
  const detail: EnquiryDetail = {
    enquiry: { ...row, read: true },
    product: {
      id: 3,
      title: 'Saffron',
      published: true,
      storefront_url: 'https://shop.example/app/product/3',
    },
    others: [{ ...row, id: 9, reference: 'E-000009', read: true, status: 'won' }],
    events: [],
  };

  it('links the phone (international form) and the email, and changes the status with PATCH', async () => {
    let unreadAsked = 0;
    const calls = stubApi('sales', (url, init) => {
      if (url.pathname === '/admin/api/enquiries/assignees') return json(200, assignees);
      if (url.pathname === '/admin/api/enquiries/unread') {
        unreadAsked += 1;
        return json(200, { unread: 0 });
      }
      if (url.pathname === '/admin/api/enquiries/12' && init.method === 'GET') return json(200, detail);
      if (url.pathname === '/admin/api/enquiries/12' && init.method === 'PATCH')
        return json(200, {
          ...detail,
          enquiry: { ...detail.enquiry, status: 'contacted' },
          events: [
            {
              id: 1,
              at: '2026-02-01T11:00:00Z',
              staff: { id: 7, email: 'sales@example.com', name: 'Sara' },
              kind: 'status',
              note: null,
              from: 'new',
              to: 'contacted',
              from_name: null,
              to_name: null,
            },
            {
              // Names come with the event: a disabled member (not an assignee now) and a deleted one.
              id: 2,
              at: '2026-02-01T11:05:00Z',
              staff: { id: null, email: '', name: '' },
              kind: 'assign',
              note: null,
              from: '5',
              to: '6',
              from_name: 'Reza',
              to_name: null,
            },
          ],
        });
      return undefined;
    });
    // The navigation's badge watches the unread count, as in the app.
    const router = createMemoryRouter(
      [
        {
          path: '/enquiries/:id',
          element: (
            <>
              <EnquiriesNavLabel />
              <EnquiryDetailPage />
            </>
          ),
        },
      ],
      { initialEntries: ['/enquiries/12'] },
    );
    renderWithProviders(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiry E-000012' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Call 09121234567' })).toHaveAttribute(
      'href',
      'tel:+989121234567',
    );
    expect(screen.getByRole('link', { name: 'Email visitor@example.com' })).toHaveAttribute(
      'href',
      'mailto:visitor@example.com',
    );
    const storefront = screen.getByRole('link', { name: 'Saffron (opens in a new tab)' });
    expect(storefront).toHaveAttribute('href', 'https://shop.example/app/product/3');
    expect(storefront).toHaveAttribute('target', '_blank');
    // Sales cannot edit the catalogue: no editor link.
    expect(screen.queryByRole('link', { name: 'Open in the product editor' })).toBeNull();
    expect(screen.getByRole('link', { name: 'E-000009' })).toHaveAttribute('href', '/enquiries/9');
    expect(screen.getByText('How much for 5 kg?')).toHaveAttribute('dir', 'auto');

    // Opening it marked it read: the count is asked again.
    await vi.waitFor(() => expect(unreadAsked).toBeGreaterThanOrEqual(2));
    const before = unreadAsked;
    setCsrfToken('tok');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'contacted');
    const timeline = await screen.findByRole('list', { name: 'Notes and history' });
    expect(within(timeline).getByText('Status changed from Received to Contacted')).toBeVisible();
    expect(within(timeline).getByText('Assignment changed from Reza to #6')).toBeVisible();
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('Sara (sales@example.com)');
    expect(within(timeline).getAllByRole('listitem')[1]).toHaveTextContent('system');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/admin/api/enquiries/12');
    expect(patch.body).toEqual({ status: 'contacted' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
    // The cache holds the answer (no second GET) and the unread count is asked again.
    expect(
      calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/enquiries/12'),
    ).toHaveLength(1);
    await vi.waitFor(() => expect(unreadAsked).toBeGreaterThan(before));
  });

  it('puts the international form on any way of writing an Iranian number', () => {
    expect(internationalPhone('09121234567')).toBe('+989121234567');
    expect(internationalPhone('۰۹۱۲ ۱۲۳ ۴۵۶۷')).toBe('+989121234567');
    expect(internationalPhone('+98 912-123-4567')).toBe('+989121234567');
    expect(internationalPhone('00989121234567')).toBe('+989121234567');
    expect(internationalPhone('989121234567')).toBe('+989121234567');
  });
});

describe('the navigation', () => {
  function renderLayout(language: 'fa' | 'en' = 'en') {
    const router = createMemoryRouter(
      [{ path: '/', element: <Layout />, children: [{ index: true, element: null }] }],
      {
        initialEntries: ['/'],
      },
    );
    return renderWithProviders(<RouterProvider router={router} />, language);
  }

  it('says how many enquiries are unread in the link’s name', async () => {
    stubApi('sales', (url) =>
      url.pathname === '/admin/api/enquiries/unread' ? json(200, { unread: 3 }) : undefined,
    );
    renderLayout();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Enquiries (3 new)' })).toHaveAttribute(
      'href',
      '/enquiries',
    );
    for (const name of ['Dashboard', 'Reviews', 'Customers', 'Newsletter', 'Settings', 'My account'])
      expect(within(nav).getByRole('link', { name })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Products' })).toBeNull();
  });

  it('in Persian digits', async () => {
    stubApi('owner', (url) =>
      url.pathname === '/admin/api/enquiries/unread' ? json(200, { unread: 12 }) : undefined,
    );
    renderLayout('fa');
    const nav = await screen.findByRole('navigation', { name: 'اصلی' });
    expect(await within(nav).findByRole('link', { name: 'استعلام‌ها (۱۲ جدید)' })).toBeVisible();
  });

  it('shows an editor no enquiries and never asks for the count', async () => {
    const calls = stubApi('editor', () => undefined);
    renderLayout();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Products' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: /Enquiries/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Customers' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/admin/api/enquiries/unread')).toBe(false);
  });
});
