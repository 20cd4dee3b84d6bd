import type { EnquiryQuote, QuoteDraft, QuoteVersionSummary } from '@storefront/contracts';
import type { EnquiryDetail, StaffRole } from '@storefront/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import type { Language } from '../src/lib/i18n.ts';
import { EnquiryDetailPage } from '../src/resources/enquiries/enquiry-detail-page.tsx';
import { QuotePanel } from '../src/resources/enquiries/quote-panel.tsx';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';
import { renderWithProviders } from './render.tsx';

const detail: EnquiryDetail = {
  enquiry: {
    id: 12,
    reference: 'E-000012',
    product_id: 3,
    product_title: 'Saffron',
    phone: '09121234567',
    email: '',
    description: 'Price for 2 kg?',
    language: 'en',
    status: 'new',
    assignee: null,
    read: true,
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
  },
  product: { id: 3, title: 'Saffron', published: true, storefront_url: 'https://shop.example/en/p/3' },
  others: [],
  events: [],
};

const defaults: EnquiryQuote['defaults'] = {
  seller: {
    registered_name: { fa: '', en: '' },
    economic_code: '',
    national_id: '',
    registration_number: '',
    postal_code: '',
    address: { fa: '', en: '' },
    phone: '',
    logo: null,
    stamp: null,
  } as EnquiryQuote['defaults']['seller'],
  vat_rate: 1000,
  currency: 'rial',
  validity: { value: 3, unit: 'days' },
  payment_terms: 'Cash',
  delivery_terms: '',
};

const buyer = {
  kind: 'person' as const,
  name: '',
  national_id: '',
  economic_code: '',
  postal_code: '',
  address: '',
  phone: '09121234567',
};

function summary(number: number, state: QuoteVersionSummary['state'], total: number): QuoteVersionSummary {
  return {
    number,
    state,
    sent_at: '2026-03-01T08:30:00Z',
    valid_until: '2026-03-04T08:30:00Z',
    total,
    currency: 'rial',
    content_hash: 'abc',
    sent_by: 'Sara',
    decided_at: null,
    accepted_by: null,
    acceptance_method: null,
    decline_reason: null,
    decline_note: null,
  };
}

function draftOf(unitPrice: number): QuoteDraft {
  return {
    lines: [
      { product_id: 3, title: 'Saffron', quantity: '2', unit: 'kg', unit_price: unitPrice, discount: null },
    ],
    discount: null,
    charges: [],
    vat_rate: 1000,
    currency: 'rial',
    validity: { value: 3, unit: 'days' },
    payment_terms: '',
    delivery_terms: '',
    notes: '',
  };
}

/**
 * The back office's quote routes as a small in-memory server (the session of `role` too): the draft
 * saved by PUT, sent by POST …/send as the next version, re-issued at `todayPrice`; `answer` answers
 * first. Every call is recorded.
 */
function stubApi(
  start: Partial<EnquiryQuote>,
  answer: (call: Call) => Response | undefined = () => undefined,
  role: StaffRole = 'sales',
) {
  const state: EnquiryQuote = {
    draft: null,
    buyer: null,
    defaults,
    versions: [],
    pdf_available: false,
    ...start,
  };
  const calls = stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    const { method, path } = call;
    if (path === '/session') return json(200, sessionOf(role));
    if (path === '/enquiries/12/quote' && method === 'GET') return json(200, state);
    if (path === '/enquiries/12/quote' && method === 'PUT') {
      const body = call.body as { draft: QuoteDraft; buyer: typeof buyer };
      state.draft = body.draft;
      state.buyer = body.buyer;
      return json(200, { ...body, totals: {} });
    }
    if (path === '/enquiries/12/quote' && method === 'DELETE') {
      state.draft = null;
      return json(204);
    }
    if (path === '/enquiries/12/quote/send' && method === 'POST') {
      const sent = summary(state.versions.length + 1, 'sent', 2_750_000);
      state.versions = [sent, ...state.versions.map((v) => ({ ...v, state: 'superseded' as const }))];
      return json(201, sent);
    }
    const reissue = /^\/enquiries\/12\/quote\/versions\/(\d+)\/reissue$/.exec(path);
    if (reissue && method === 'POST') {
      const sent = summary(state.versions.length + 1, 'sent', 3_300_000);
      state.versions = [sent, ...state.versions];
      state.draft = draftOf(1_500_000);
      return json(201, sent);
    }
    if (path === '/enquiries/12') return json(200, detail);
    return undefined;
  });
  return { calls, state };
}

function renderPanel(language: Language = 'en') {
  setCsrfToken('tok');
  return renderWithProviders(<QuotePanel detail={detail} />, language);
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const line1 = () => screen.getByRole('group', { name: /^(Line 1|ردیف ۱)$/ });

describe('the quote editor', { timeout: 30_000 }, () => {
  it('starts from the defaults with the product asked about; totals and words follow what is typed', async () => {
    stubApi({});
    renderPanel();
    const line = within(await screen.findByRole('group', { name: 'Line 1' }));
    expect(line.getByRole('combobox', { name: 'Item' })).toHaveValue('Saffron');
    expect(screen.getByLabelText('VAT')).toHaveValue('10');
    expect(screen.getByLabelText('Payment terms')).toHaveValue('Cash');
    // No price yet: the line is not in the sum.
    expect(line.getByText('—')).toBeVisible();

    await userEvent.clear(line.getByLabelText('Quantity'));
    await userEvent.type(line.getByLabelText('Quantity'), '2');
    await userEvent.type(line.getByLabelText('Unit price (Rials)'), '1250000');
    // Thousands separators as typed.
    expect(line.getByLabelText('Unit price (Rials)')).toHaveValue('1,250,000');
    expect(line.getByText('2,500,000 Rials')).toBeVisible();
    expect(screen.getByTestId('quote-total')).toHaveTextContent('2,750,000 Rials');
    expect(screen.getByTestId('quote-words')).toHaveTextContent(
      'two million seven hundred fifty thousand rials',
    );

    // A 10 % line discount and a shipping charge: VAT on the amount after the discount, charges included.
    await userEvent.selectOptions(line.getByLabelText('Line discount'), 'percent');
    await userEvent.type(line.getByLabelText('Discount (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    await userEvent.type(screen.getByLabelText('Charge 1: what for'), 'Shipping');
    await userEvent.type(screen.getByLabelText('Charge 1: amount'), '100000');
    // (2,500,000 − 250,000 + 100,000) × 1.1 = 2,585,000
    expect(screen.getByTestId('quote-total')).toHaveTextContent('2,585,000 Rials');

    // In Tomans the same Rials read a tenth, and a typed price is ten times as many Rials.
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'toman');
    expect(line.getByLabelText('Unit price (Tomans)')).toHaveValue('125,000');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('258,500 Tomans');
    expect(screen.getByTestId('quote-words')).toHaveTextContent(
      'two hundred fifty-eight thousand five hundred tomans',
    );
  });

  it('takes Persian digits in fa: Persian separators, Tomans × 10 in the draft saved, Persian words', async () => {
    const { calls } = stubApi({ defaults: { ...defaults, currency: 'toman' } });
    renderPanel('fa');
    const line = within(await screen.findByRole('group', { name: 'ردیف ۱' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await userEvent.clear(line.getByLabelText('تعداد / مقدار'));
    await userEvent.type(line.getByLabelText('تعداد / مقدار'), '۲٫۵');
    await userEvent.type(line.getByLabelText('قیمت واحد (تومان)'), '۱۰۰۰۰');
    expect(line.getByLabelText('قیمت واحد (تومان)')).toHaveValue('۱۰٬۰۰۰');
    // 2.5 × 10,000 Tomans = 25,000; with 10 % VAT 27,500 Tomans.
    expect(screen.getByTestId('quote-total')).toHaveTextContent('۲۷٬۵۰۰ تومان');
    expect(screen.getByTestId('quote-words')).toHaveTextContent('بیست و هفت هزار و پانصد تومان');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ پیش‌نویس' }));
    expect(await screen.findByText('پیش‌نویس ذخیره شد.')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      draft: {
        lines: [{ product_id: 3, title: 'Saffron', quantity: '2.5', unit: 'piece', unit_price: 100_000 }],
        vat_rate: 1000,
        currency: 'toman',
        validity: { value: 3, unit: 'days' },
      },
      buyer: { kind: 'person', phone: '09121234567' },
    });
  });

  it('shows a field error of the server at the line’s field', async () => {
    stubApi({ draft: draftOf(1_250_000), buyer }, ({ method, path }) =>
      method === 'PUT' && path === '/enquiries/12/quote'
        ? json(400, {
            code: 'validation_failed',
            detail: 'Invalid input.',
            codes: { 'draft.lines.0.quantity': ['out_of_range'] },
            'draft.lines.0.quantity': ['Too many.'],
          })
        : undefined,
    );
    renderPanel();
    const quantity = within(await screen.findByRole('group', { name: 'Line 1' })).getByLabelText('Quantity');
    expect(quantity).toHaveValue('2');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription('This value is out of range.');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention');
    expect(screen.queryByText('Draft saved.')).toBeNull();
  });

  it('checks before saving: an empty price is marked and nothing is sent', async () => {
    const { calls } = stubApi({});
    renderPanel();
    await screen.findByRole('group', { name: 'Line 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(within(line1()).getByLabelText('Unit price (Rials)')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('sends after asking: the draft is saved, sent, and the versions list shows the new version', async () => {
    const { calls } = stubApi({ draft: draftOf(1_250_000), buyer, pdf_available: true });
    renderPanel();
    expect(await screen.findByText('No version sent yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send to the customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this quote?' });
    expect(dialog).toHaveTextContent('Total: 2,750,000 Rials');
    expect(calls.some((c) => c.path === '/enquiries/12/quote/send')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Version 1 sent.')).toBeVisible();
    const versions = await screen.findByRole('list', { name: 'Versions sent' });
    await waitFor(() => expect(within(versions).getByText('Version 1')).toBeVisible());
    expect(within(versions).getByText('Sent, awaiting an answer')).toBeVisible();
    expect(within(versions).getByText('2,750,000 Rials')).toBeVisible();
    expect(within(versions).getByRole('link', { name: 'PDF of version 1' })).toHaveAttribute(
      'href',
      '/admin/api/enquiries/12/quote/versions/1/pdf',
    );
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['PUT /enquiries/12/quote', 'POST /enquiries/12/quote/send']);
  });

  it('says so when nothing changed since the open version, instead of “save a draft first”', async () => {
    stubApi(
      { draft: draftOf(1_250_000), buyer, versions: [summary(1, 'sent', 2_750_000)] },
      ({ method, path }) =>
        method === 'POST' && path === '/enquiries/12/quote/send'
          ? json(409, { code: 'quote_no_draft', detail: 'Nothing changed since version 1.' })
          : undefined,
    );
    renderPanel();
    await screen.findByRole('list', { name: 'Versions sent' });
    await userEvent.click(screen.getByRole('button', { name: 'Send to the customer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Nothing changed since the last version/)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/save a draft first/)).toBeNull();
  });

  it('discards the draft after asking; the editor starts again from the newest version sent', async () => {
    const { calls } = stubApi(
      { draft: draftOf(1_250_000), buyer, versions: [summary(1, 'sent', 1_100_000)] },
      ({ method, path }) =>
        method === 'GET' && path === '/enquiries/12/quote/versions/1'
          ? json(200, {
              summary: summary(1, 'sent', 1_100_000),
              snapshot: { draft: draftOf(500_000), buyer: { ...buyer, name: 'Ali' } },
            })
          : undefined,
    );
    renderPanel();
    const price = within(await screen.findByRole('group', { name: 'Line 1' })).getByLabelText(
      'Unit price (Rials)',
    );
    expect(price).toHaveValue('1,250,000');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Draft discarded.')).toBeVisible();
    await waitFor(() => expect(within(line1()).getByLabelText('Unit price (Rials)')).toHaveValue('500,000'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/enquiries/12/quote')).toBe(true);
    // No draft any more: nothing to discard.
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('re-issues an expired version at today’s prices: the new version is listed and the editor takes its draft', async () => {
    const { calls } = stubApi({
      draft: draftOf(1_250_000),
      buyer,
      versions: [summary(1, 'expired', 2_750_000)],
    });
    renderPanel();
    const versions = await screen.findByRole('list', { name: 'Versions sent' });
    expect(within(versions).getByText('Expired')).toBeVisible();
    // No PDFs here: how to turn them on is said.
    expect(screen.getByText(/install Chromium on the server and set CHROME_PATH/)).toBeVisible();
    expect(within(versions).queryByRole('link')).toBeNull();
    await userEvent.click(
      within(versions).getByRole('button', { name: "Re-issue version 1 at today's prices" }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-issue' }));
    expect(await screen.findByText('Version 1 re-issued as version 2.')).toBeVisible();
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/enquiries/12/quote/versions/1/reissue'),
    ).toBe(true);
    await waitFor(() =>
      expect(within(line1()).getByLabelText('Unit price (Rials)')).toHaveValue('1,500,000'),
    );
    const list = screen.getByRole('list', { name: 'Versions sent' });
    expect(within(list).getByText('Version 2')).toBeVisible();
    expect(within(list).getByText('3,300,000 Rials')).toBeVisible();
  });

  it('lists versions in fa with Jalali dates, Persian digits and the decision in words', async () => {
    stubApi({
      draft: draftOf(1_250_000),
      buyer,
      versions: [
        {
          ...summary(2, 'declined', 2_750_000),
          decline_reason: 'price',
          decline_note: 'Too dear',
          decided_at: '2026-03-02T10:00:00Z',
        },
        { ...summary(1, 'superseded', 2_500_000) },
      ],
    });
    renderPanel('fa');
    const versions = await screen.findByRole('list', { name: 'نسخه‌های ارسال‌شده' });
    expect(within(versions).getByText('نسخهٔ ۲')).toBeVisible();
    expect(within(versions).getByText('ردشده')).toBeVisible();
    expect(within(versions).getByText('جایگزین‌شده با نسخهٔ تازه‌تر')).toBeVisible();
    expect(within(versions).getByText('۲٬۷۵۰٬۰۰۰ ریال')).toBeVisible();
    expect(versions).toHaveTextContent('قیمت: Too dear');
    // 1 March 2026 is 10 Esfand 1404.
    expect(versions).toHaveTextContent(/۱۰ اسفند ۱۴۰۴/);
    expect(screen.getByText(/CHROME_PATH/)).toBeVisible();
  });

  it('starts at the asked-about product’s price and picks a product by search, copying its title and start price (sales too)', async () => {
    const { calls } = stubApi(
      {},
      ({ path, query }) => {
        if (path === '/catalogue/products' && query.q === 'Rose')
          return json(200, {
            count: 1,
            page: 1,
            results: [
              {
                id: 8,
                title: { fa: 'گلاب', en: 'Rose water' },
                published: true,
                missing_languages: [],
                image: null,
                parent: null,
                products: null,
              },
            ],
          });
        // The quote's own price route (the server gives Rials: 45,000 Tomans are 450,000 Rials).
        if (path === '/quote-prices/3') return json(200, { product: 3, rials: 2_000_000 });
        if (path === '/quote-prices/8') return json(200, { product: 8, rials: 450_000 });
        return undefined;
      },
      'sales',
    );
    renderPanel();
    // The product asked about starts the quote at its start price.
    const line1Price = within(await screen.findByRole('group', { name: 'Line 1' })).getByLabelText(
      'Unit price (Rials)',
    );
    expect(line1Price).toHaveValue('2,000,000');
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    const line2 = within(screen.getByRole('group', { name: 'Line 2' }));
    const item = line2.getByRole('combobox', { name: 'Item' });
    await userEvent.type(item, 'Rose');
    const option = await screen.findByRole('option', { name: 'Rose water' }, { timeout: 3000 });
    expect(item).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(item).toHaveAttribute('aria-activedescendant', option.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(line2.getByLabelText('Unit price (Rials)')).toHaveValue('450,000'));
    expect(item).toHaveValue('Rose water');
    expect(line2.getByText('From the catalogue (product 8)')).toBeVisible();
    expect(calls.some((c) => c.path === '/catalogue/products' && c.query.q === 'Rose')).toBe(true);
    // Sales may not open a product in the catalogue: the price comes from the quote's route.
    expect(calls.some((c) => c.path.startsWith('/catalogue/products/'))).toBe(false);
  });
});

describe('accessibility', { timeout: 30_000 }, () => {
  for (const language of ['fa', 'en'] as const) {
    it(`has no axe violations in ${language}: lines, charges, totals, versions and a field error`, async () => {
      stubApi(
        {
          draft: { ...draftOf(1_250_000), charges: [{ label: 'Shipping', amount: 100_000 }] },
          buyer,
          versions: [
            { ...summary(2, 'accepted', 2_750_000), accepted_by: 'Ali', acceptance_method: 'code' },
            summary(1, 'superseded', 2_500_000),
          ],
          pdf_available: true,
        },
        ({ method }) =>
          method === 'PUT'
            ? json(400, {
                code: 'validation_failed',
                detail: 'Invalid input.',
                codes: { 'draft.lines.0.unit_price': ['out_of_range'] },
              })
            : undefined,
      );
      renderPanel(language);
      await screen.findByRole('list', { name: language === 'fa' ? 'نسخه‌های ارسال‌شده' : 'Versions sent' });
      await userEvent.click(
        screen.getByRole('button', { name: language === 'fa' ? 'ذخیرهٔ پیش‌نویس' : 'Save draft' }),
      );
      await screen.findByRole('alert');
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    });
  }
});

describe('the enquiry page', { timeout: 30_000 }, () => {
  it('holds the quote panel', async () => {
    stubApi({}, ({ path }) => {
      if (path === '/enquiries/assignees') return json(200, []);
      if (path === '/enquiries/unread') return json(200, { unread: 0 });
      if (path === '/enquiries/12/messages') return json(200, { results: [] });
      return undefined;
    });
    setCsrfToken('tok');
    const router = createMemoryRouter([{ path: '/enquiries/:id', element: <EnquiryDetailPage /> }], {
      initialEntries: ['/enquiries/12'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    const panel = await screen.findByRole('region', { name: 'Quote' });
    expect(await within(panel).findByRole('group', { name: 'Line 1' })).toBeVisible();
  });
});
