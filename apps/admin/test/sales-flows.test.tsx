import type {
  AdminReview,
  Customer,
  EnquiryDetail,
  EnquiryRow,
  StaffRole,
} from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import { CustomerDetailPage } from '../src/resources/customers/customer-detail-page.tsx';
import { CustomersPage } from '../src/resources/customers/customers-page.tsx';
import { DashboardPage } from '../src/resources/dashboard/dashboard-page.tsx';
import { EnquiryDetailPage } from '../src/resources/enquiries/enquiry-detail-page.tsx';
import { NewsletterPage } from '../src/resources/newsletter/newsletter-page.tsx';
import { ReviewsPage } from '../src/resources/reviews/reviews-page.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';

const enquiry: EnquiryRow = {
  id: 12,
  reference: 'E-000012',
  product_id: null,
  product_title: '',
  phone: '',
  email: 'visitor@example.com',
  description: 'Price?',
  language: 'en',
  status: 'new',
  assignee: null,
  read: true,
  created_at: '2026-02-01T10:00:00Z',
  user_id: 4,
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
const detail: EnquiryDetail = { enquiry, product: null, others: [], events: [] };
const customer: Customer = {
  id: 4,
  phone: '09121234567',
  email: 'visitor@example.com',
  active: true,
  created_at: '2026-01-01T10:00:00Z',
  likes: 0,
  enquiries: 1,
};
const review: AdminReview = {
  id: 5,
  product_id: 3,
  product_title: 'Saffron',
  name: 'Ali',
  email: 'ali@example.com',
  content: 'Great',
  language: 'en',
  status: 'published',
  creation_date: '2026-02-01T10:00:00Z',
};

/** `METHOD /path` (without /admin/api) → the answer; a function gets the request's body. */
type Answers = Record<string, Response | ((body: unknown) => Response)>;

/** Stubs fetch with the session of `role` and `answers` (404 for anything else); returns the calls. */
function stubApi(role: StaffRole, answers: Answers) {
  const calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace('/admin/api', '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, query: Object.fromEntries(url.searchParams), body });
      if (path === '/session') return json(200, sessionOf(role));
      const answer = answers[`${method} ${path}`];
      if (typeof answer === 'function') return answer(body);
      return answer?.clone() ?? json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  setCsrfToken('tok');
  return calls;
}

function renderPage(path: string, pattern: string, page: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const search = (router: ReturnType<typeof renderPage>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const page = (results: unknown[], count = results.length) => json(200, { count, page: 1, results });

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('an enquiry’s workflow and notes', () => {
  it('adds a note: sent, said, the field emptied and the note in the timeline', async () => {
    const calls = stubApi('sales', {
      'GET /enquiries/12': json(200, detail),
      'GET /enquiries/assignees': json(200, []),
      'GET /enquiries/unread': json(200, { unread: 0 }),
      'POST /enquiries/12/notes': (body) =>
        json(200, {
          ...detail,
          events: [
            {
              id: 1,
              at: '2026-02-01T11:00:00Z',
              staff: { id: 7, email: 'sales@example.com', name: 'Sara' },
              kind: 'note',
              note: (body as { text: string }).text,
              from: null,
              to: null,
              from_name: null,
              to_name: null,
            },
          ],
        }),
    });
    renderPage('/enquiries/12', '/enquiries/:id', <EnquiryDetailPage />);
    const note = await screen.findByRole('textbox', { name: 'Add a note' });
    expect(screen.getByText('No notes or changes yet.')).toBeVisible();
    // A customer's enquiry links to the customer.
    expect(screen.getByRole('link', { name: 'Open the customer' })).toHaveAttribute('href', '/customers/4');
    await userEvent.type(note, 'Called back');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/enquiries/12/notes',
      body: { text: 'Called back' },
    });
    expect(note).toHaveValue('');
    const timeline = screen.getByRole('list', { name: 'Notes and history' });
    expect(within(timeline).getByText('Called back')).toBeVisible();
  });

  it('shows a refused note’s field error by its code, and a refused assignment’s by the request’s', async () => {
    stubApi('sales', {
      'GET /enquiries/12': json(200, detail),
      'GET /enquiries/assignees': json(200, [{ id: 8, name: 'Omid', email: 'owner@example.com' }]),
      'GET /enquiries/unread': json(200, { unread: 0 }),
      'POST /enquiries/12/notes': json(400, {
        code: 'validation_failed',
        detail: 'Invalid.',
        codes: { text: ['too_long'] },
      }),
      'PATCH /enquiries/12': json(403, { code: 'forbidden', detail: 'No.' }),
    });
    renderPage('/enquiries/12', '/enquiries/:id', <EnquiryDetailPage />);
    const note = await screen.findByRole('textbox', { name: 'Add a note' });
    await userEvent.type(note, 'Too much');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('This text is too long.')).toBeVisible();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    // Kept, to be shortened.
    expect(note).toHaveValue('Too much');

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Assigned to' }), '8');
    expect(await screen.findByText('Your role does not allow this.')).toBeVisible();
    // The answer was a refusal: the enquiry is still unassigned.
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('');
  });

  it('asks nothing and shows no loading for an address that is no enquiry', async () => {
    const calls = stubApi('sales', {});
    renderPage('/enquiries/abc', '/enquiries/:id', <EnquiryDetailPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiry' })).toBeVisible();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/enquiries'))).toBe(false);
  });
});

describe('the customers', () => {
  it('keeps the status filter and the page in the URL and sends them', async () => {
    const calls = stubApi('sales', { 'GET /customers': page([customer], 30) });
    const router = renderPage('/customers', '/customers', <CustomersPage />);
    expect(await screen.findByRole('link', { name: '09121234567' })).toHaveAttribute('href', '/customers/4');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(search(router)).toEqual({ page: '2' });
    // A new filter starts from the first page.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'disabled');
    expect(search(router)).toEqual({ status: 'disabled' });
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/customers').map((c) => c.query)).toEqual([
        { page: '1', page_size: '25' },
        { page: '2', page_size: '25' },
        { page: '1', page_size: '25', status: 'disabled' },
      ]),
    );
  });

  it('disables an account: sent, saved, and the page says it cannot sign in', async () => {
    const calls = stubApi('sales', {
      'GET /customers/4': json(200, { customer, liked: [], enquiries: [] }),
      'PATCH /customers/4': json(200, { ...customer, active: false }),
    });
    renderPage('/customers/4', '/customers/:id', <CustomerDetailPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable the account' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { active: false } });
    expect(screen.getByRole('button', { name: 'Enable the account' })).toBeVisible();
    expect(screen.getByText('This customer cannot sign in to the storefront.')).toBeVisible();
    expect(screen.getByText('No liked products.')).toBeVisible();
    expect(screen.getByText('No enquiries.')).toBeVisible();
  });
});

describe('the newsletter', () => {
  it('removes a subscriber after asking, and keeps the dialog open with the error when it fails', async () => {
    const subscriber = {
      id: 1,
      email: 'reader@example.com',
      language: 'en',
      created_at: '2026-01-05T10:00:00Z',
      unsubscribe_url: 'https://shop.example/unsubscribe/abc',
    };
    let removals = 0;
    const calls = stubApi('sales', {
      'GET /newsletter': page([subscriber]),
      'DELETE /newsletter/1': () =>
        (removals += 1) === 1 ? json(404, { code: 'not_found', detail: 'Gone.' }) : json(204),
    });
    renderPage('/newsletter', '/newsletter', <NewsletterPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove reader@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove from the newsletter?' });
    expect(dialog).toHaveTextContent('reader@example.com will be taken off the list.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('This page or item does not exist.')).toBeVisible();

    // Closing forgets the failure: asked again, the dialog starts clean.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove reader@example.com' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('This page or item does not exist.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Deleted.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list is asked again.
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/newsletter')).toHaveLength(2));
  });
});

describe('the reviews', () => {
  it('opens on the held ones while moderation is on, and says what a hide and a delete did', async () => {
    const calls = stubApi('sales', {
      'GET /settings': json(200, {
        reviews: 'hold',
        mail: { configured: true, from: null, pending: 0, failed: 0, last_error: null },
      }),
      'GET /reviews': page([review]),
      'PATCH /reviews/5': json(200, { ...review, status: 'hidden' }),
      'DELETE /reviews/5': json(204),
    });
    renderPage('/reviews', '/reviews', <ReviewsPage />);
    expect(await screen.findByText(/Moderation is on/)).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Review status' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Waiting for approval', 'All', 'Published', 'Hidden']);
    expect(within(tabs).getByRole('link', { name: 'Waiting for approval' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The list waited for the setting, then asked for the held ones.
    expect(calls.filter((c) => c.path === '/reviews')[0]!.query).toMatchObject({ status: 'held' });

    const card = await screen.findByRole('article', { name: 'Review by Ali' });
    // A published review can be hidden, not published again.
    expect(within(card).queryByRole('button', { name: 'Approve the review by Ali' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide the review by Ali' }));
    expect(await screen.findByText('The review by Ali is hidden.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { status: 'hidden' } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete the review by Ali' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('The review by Ali was deleted.')).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/reviews/5')).toBe(true);
  });
});

describe('the dashboard', () => {
  it('links a product to its editor only for a role that edits the catalogue', async () => {
    const dashboard = {
      enquiries: null,
      reviews_waiting: null,
      most_liked: [{ id: 3, title: 'Saffron', count: 7 }],
      missing_english: { count: 1, products: [{ id: 4, title: '' }] },
      missing_image: { count: 0, products: [] },
    };
    stubApi('sales', { 'GET /dashboard': json(200, dashboard) });
    renderPage('/', '/', <DashboardPage />);
    expect(await screen.findByText('Saffron')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Saffron' })).toBeNull();
    // A product without a title is named by its number.
    expect(screen.getByText('#4')).toBeVisible();
    expect(screen.getByText(/7 likes/)).toBeVisible();
  });
});
