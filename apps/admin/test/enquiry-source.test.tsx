import type { Dashboard, EnquiryDetail, EnquiryRow } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import type { Language } from '../src/lib/i18n.ts';
import { DashboardPage } from '../src/resources/dashboard/dashboard-page.tsx';
import { EnquiriesPage } from '../src/resources/enquiries/enquiries-page.tsx';
import { EnquiryDetailPage } from '../src/resources/enquiries/enquiry-detail-page.tsx';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch } from './fetch-stub.ts';
import { renderWithProviders } from './render.tsx';

/**
 * Where each enquiry came from (issue 26) in the back office: the inbox's source badge and filter
 * (kept in the URL, sent to the list and the export), the enquiry's source, campaign, referrer and
 * Torob click id, and the dashboard's counts per source over 30 and 90 days, in en and fa.
 */

const noSource: EnquiryRow['source'] = {
  source: '',
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer_host: null,
  torob_clid: null,
  landed_at: null,
};
const fromTorob: EnquiryRow = {
  id: 12,
  reference: 'E-000012',
  product_id: null,
  product_title: '',
  phone: '09121234567',
  email: 'visitor@example.com',
  description: 'How much for 5 kg?',
  language: 'en',
  status: 'new',
  assignee: null,
  read: true,
  created_at: '2026-02-01T10:00:00Z',
  user_id: null,
  source: {
    source: 'torob',
    utm_source: 'torob',
    utm_medium: 'cpc',
    utm_campaign: 'autumn',
    referrer_host: 'torob.com',
    torob_clid: 'abc',
    landed_at: '2026-01-30T08:00:00Z',
  },
};
const direct: EnquiryRow = { ...fromTorob, id: 11, reference: 'E-000011', source: noSource };
const fromBlog: EnquiryRow = {
  ...fromTorob,
  id: 10,
  reference: 'E-000010',
  source: { ...noSource, source: 'blog.example.org', referrer_host: 'blog.example.org' },
};

function page(path: string, route: string, element: ReactElement, language: Language = 'en') {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, language);
  return router;
}

beforeAll(async () => {
  await import('../src/components/date-picker.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('enquiry sources', { timeout: 30_000 }, () => {
  it('the inbox shows each row’s source and filters by it, the export too', async () => {
    const calls = stubFetch(({ path }) => {
      if (path === '/session') return json(200, sessionOf('sales'));
      if (path === '/enquiries/assignees') return json(200, []);
      if (path === '/enquiries')
        return json(200, { count: 3, capped: false, page: 1, results: [fromTorob, direct, fromBlog] });
      return undefined;
    });
    const router = page('/enquiries', '/enquiries', <EnquiriesPage />);
    const row = (reference: string) =>
      screen.getByRole('link', { name: reference }).closest('tr') as HTMLElement;
    await screen.findByRole('link', { name: 'E-000012' }, { timeout: 10_000 });
    expect(within(row('E-000012')).getByText('Torob')).toBeVisible();
    expect(within(row('E-000011')).getByText('Direct')).toBeVisible();
    expect(within(row('E-000010')).getByText('blog.example.org')).toHaveAttribute('dir', 'ltr');

    await userEvent.selectOptions(screen.getByLabelText('Source'), 'google');
    expect(new URLSearchParams(router.state.location.search).get('source')).toBe('google');
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/enquiries' && c.query.source === 'google')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringContaining('source=google'),
    );
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'direct');
    expect(new URLSearchParams(router.state.location.search).get('source')).toBe('direct');
  });

  it('the filter offers a host the URL names, and leaves out one too long to be a source', async () => {
    stubFetch(({ path }) => {
      if (path === '/session') return json(200, sessionOf('sales'));
      if (path === '/enquiries') return json(200, { count: 0, capped: false, page: 1, results: [] });
      return path === '/enquiries/assignees' ? json(200, []) : undefined;
    });
    page('/enquiries?source=Blog.Example.org', '/enquiries', <EnquiriesPage />);
    expect(await screen.findByLabelText('Source', {}, { timeout: 10_000 })).toHaveValue('blog.example.org');
  });

  it('an enquiry shows its source, campaign, referrer and Torob click id', async () => {
    const detail: EnquiryDetail = { enquiry: fromTorob, product: null, others: [], events: [] };
    stubFetch(({ path }) => {
      if (path === '/session') return json(200, sessionOf('sales'));
      if (path === '/enquiries/12') return json(200, detail);
      if (path === '/enquiries/assignees') return json(200, []);
      return undefined;
    });
    page('/enquiries/12', '/enquiries/:id', <EnquiryDetailPage />);
    const source = await screen.findByRole('link', { name: 'Torob' }, { timeout: 10_000 });
    expect(source).toHaveAttribute('href', '/enquiries?source=torob');
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Campaign')).toHaveTextContent('autumn · cpc · torob');
    expect(term('Came from')).toHaveTextContent('torob.com');
    expect(term('Torob click id')).toHaveTextContent('abc');
    expect(term('First visit')).toHaveTextContent('2026');
  });

  it('the dashboard counts enquiries and won ones per source over 30 and 90 days, in fa', async () => {
    const board: Dashboard = {
      enquiries: {
        today: 0,
        week: 0,
        last_30_days: 5,
        unread: 0,
        daily: [],
        by_status: {},
        most_enquired: [],
        by_source: {
          last_30_days: [
            { source: '', enquiries: 3, won: 0 },
            { source: 'torob', enquiries: 2, won: 1 },
          ],
          last_90_days: [
            { source: '', enquiries: 3, won: 0 },
            { source: 'torob', enquiries: 2, won: 1 },
            { source: 'instagram', enquiries: 1, won: 1 },
          ],
        },
      },
      reviews_waiting: 0,
      most_liked: [],
      missing_english: { count: 0, products: [] },
      missing_image: { count: 0, products: [] },
      channel_warnings: [],
    };
    stubFetch(({ path }) => {
      if (path === '/session') return json(200, sessionOf('sales'));
      return path === '/dashboard' ? json(200, board) : undefined;
    });
    page('/', '/', <DashboardPage />, 'fa');
    const last90 = await screen.findByRole('table', { name: '۹۰ روز گذشته' }, { timeout: 10_000 });
    const rows = within(last90).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['مستقیم۳۰', 'ترب۲۱', 'اینستاگرام۱۱']);
    expect(within(rows[1]!).getByRole('link', { name: 'ترب' })).toHaveAttribute(
      'href',
      '/enquiries?source=torob',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'مستقیم' })).toHaveAttribute(
      'href',
      '/enquiries?source=direct',
    );
    const last30 = screen.getByRole('table', { name: '۳۰ روز گذشته' });
    expect(within(last30).getAllByRole('row')).toHaveLength(3);
  });
});
