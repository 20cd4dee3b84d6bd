import type { QuoteSettings } from '@storefront/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditSummary } from '../src/resources/audit/audit-summary.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';
import { renderAppAt, resetApp } from './app-at.tsx';
import { stubFetch, type Call } from './fetch-stub.ts';
import { fakeUpload, uploaded } from './uploads.ts';

/**
 * The owner's quote settings (issue 25, /settings/quotes): the seller's identity with its logo and
 * stamp uploaded, VAT typed in percent (Persian digits too) and stored in basis points, the currency,
 * the default validity and terms; "Saved."; the server's and the form's own errors at their fields;
 * owner only, linked from the settings page.
 */

const stored: QuoteSettings = {
  seller: {
    registered_name: { fa: 'شرکت نمونه', en: '' },
    economic_code: '',
    national_id: '',
    registration_number: '',
    postal_code: '',
    address: { fa: '', en: '' },
    phone: '',
    logo: null,
    stamp: 'stamp-old.png',
  },
  vat_rate: 1000,
  currency: 'toman',
  validity: { value: 3, unit: 'days' },
  payment_terms: '',
  delivery_terms: '',
};

function stubApi(role: 'owner' | 'sales', answer: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    switch (call.path) {
      case '/session':
        return json(200, sessionOf(role, { id: 1 }));
      case '/enquiries/unread':
        return json(200, { unread: 0 });
      case '/settings/quotes':
        return call.method === 'PUT' ? json(200, call.body) : json(200, stored);
      case '/account/notifications':
        return json(200, { language: 'fa', notify_enquiries: true, notify_reviews: false });
      case '/settings':
        return json(200, {
          reviews: 'publish',
          mail: { configured: true, from: null, pending: 0, failed: 0, last_error: null },
        });
    }
    return undefined;
  });
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

afterEach(resetApp);

describe('quote settings', { timeout: 30_000 }, () => {
  it('in fa: Persian digits accepted, VAT in percent saved as basis points, the logo uploaded', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeUpload(201, () => uploaded('logo-1.png')),
    );
    const calls = stubApi('owner');
    renderAppAt('/settings/quotes', 'fa');
    const vat = await screen.findByLabelText('نرخ مالیات بر ارزش افزوده (٪)', {}, { timeout: 10_000 });
    expect(vat).toHaveValue('10');
    expect(screen.getByLabelText('واحد پول در پیش‌فاکتور')).toHaveValue('toman');
    expect(screen.getByLabelText('نام ثبتی (فارسی)')).toHaveValue('شرکت نمونه');
    expect(screen.getByLabelText('نام ثبتی (انگلیسی)')).toHaveAttribute('dir', 'ltr');

    await userEvent.type(screen.getByLabelText('کد اقتصادی'), '۴۱۱۱۱۱۱۱۱۱۱۱');
    await userEvent.type(screen.getByLabelText('کد پستی'), '۱۲۳۴۵۶۷۸۹۰');
    await userEvent.clear(vat);
    await userEvent.type(vat, '۹٫۵');
    const validity = screen.getByLabelText('مدت اعتبار پیش‌فاکتور');
    await userEvent.clear(validity);
    await userEvent.type(validity, '۴۸');
    await userEvent.selectOptions(screen.getByLabelText('واحد'), 'hours');
    await userEvent.type(screen.getByLabelText('شرایط پرداخت'), 'نقدی');
    await userEvent.upload(screen.getByLabelText('بارگذاری لوگو'), png('logo.png'));
    await screen.findByRole('img', { name: 'لوگو' });
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

    expect(await screen.findByText('ذخیره شد.')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      path: '/settings/quotes',
      body: {
        seller: {
          registered_name: { fa: 'شرکت نمونه', en: '' },
          economic_code: '411111111111',
          postal_code: '1234567890',
          logo: 'logo-1.png',
          stamp: 'stamp-old.png',
        },
        vat_rate: 950,
        currency: 'toman',
        validity: { value: 48, unit: 'hours' },
        payment_terms: 'نقدی',
      },
    });
    // A change after the save takes "Saved." away.
    await userEvent.type(screen.getByLabelText('شرایط تحویل'), 'x');
    expect(screen.queryByText('ذخیره شد.')).toBeNull();
  });

  it('the stamp removed is sent as null; the server’s field errors are said at their fields', async () => {
    const calls = stubApi('owner', ({ method, path }) =>
      method === 'PUT' && path === '/settings/quotes'
        ? json(400, {
            code: 'validation_failed',
            codes: { 'seller.national_id': ['invalid'] },
            'seller.national_id': ['Enter the national id: 10 to 11 digits.'],
          })
        : undefined,
    );
    renderAppAt('/settings/quotes');
    const nationalId = await screen.findByLabelText('National id', {}, { timeout: 10_000 });
    await userEvent.type(nationalId, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Stamp or signature' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nationalId).toHaveAttribute('aria-invalid', 'true'));
    expect(nationalId).toHaveAccessibleDescription(/This value is not valid\./);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      seller: { national_id: '123', stamp: null },
    });
    expect(screen.queryByText('Saved.')).toBeNull();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  it('a VAT or a validity that is not a number is said at its field and nothing is sent', async () => {
    const calls = stubApi('owner');
    renderAppAt('/settings/quotes');
    const vat = await screen.findByLabelText('VAT rate (%)', {}, { timeout: 10_000 });
    await userEvent.clear(vat);
    await userEvent.type(vat, 'ten');
    expect(vat).toHaveAccessibleDescription(/This value is not valid\./);
    await userEvent.clear(vat);
    await userEvent.type(vat, '120');
    expect(vat).toHaveAccessibleDescription(/This value is out of range\./);
    await userEvent.clear(vat);
    await userEvent.type(vat, '10%');
    expect(vat).not.toHaveAttribute('aria-invalid');
    const validity = screen.getByLabelText('Quotes are valid for');
    await userEvent.clear(validity);
    await userEvent.type(validity, '400');
    expect(validity).toHaveAccessibleDescription(/This value is out of range\./);
    await userEvent.clear(validity);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(validity).toHaveAccessibleDescription(/This field is required\./);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(validity, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      vat_rate: 1000,
      validity: { value: 30, unit: 'days' },
    });
  });

  it('owner only: the settings page links to it; another role is told it is not available', async () => {
    stubApi('owner');
    const router = renderAppAt('/settings');
    const section = await screen.findByRole('region', { name: 'Quote settings' }, { timeout: 10_000 });
    await userEvent.click(within(section).getByRole('link', { name: 'Open the quote settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/quotes'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote settings' })).toBeVisible();
    resetApp();
    document.body.innerHTML = '';

    const calls = stubApi('sales');
    renderAppAt('/settings/quotes');
    expect(await screen.findByText('Not available', {}, { timeout: 10_000 })).toBeVisible();
    expect(calls.some((c) => c.path === '/settings/quotes')).toBe(false);
  });
});

describe('the audit log’s words for quote settings', () => {
  const change = {
    entity: 'settings',
    details: {},
    changes: [
      {
        field: 'quotes',
        before: { vat_rate: 1000, currency: 'rial', validity: { value: 3, unit: 'days' } },
        after: { vat_rate: 900, currency: 'toman', validity: { value: 48, unit: 'hours' } },
      },
    ],
  };

  it('names the settings, the currency and the validity’s unit in the staff member’s language', () => {
    const { unmount } = renderWithProviders(<AuditSummary entry={change} />);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent(/^Quote settings:/);
    expect(item).toHaveTextContent('Currency: Rial');
    expect(item).toHaveTextContent('Currency: Toman · Validity: Value: 48 · Unit: Hours');
    unmount();
    renderWithProviders(<AuditSummary entry={change} />, 'fa');
    const fa = screen.getByRole('listitem');
    expect(fa).toHaveTextContent(/^تنظیمات پیش‌فاکتور:/);
    expect(fa).toHaveTextContent('واحد پول: تومان');
    expect(fa).toHaveTextContent('واحد: ساعت');
    expect(fa).toHaveTextContent('۹۰۰');
  });
});

describe('saving the quote settings', () => {
  it('marks every enquiry’s cached quote (whose defaults they are) to be asked again, and nothing else', async () => {
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { renderHook, act } = await import('@testing-library/react');
    const { useSaveQuoteSettings } = await import('../src/resources/settings/quote-settings-api.ts');
    stubApi('owner');
    const client = new QueryClient();
    client.setQueryData(['enquiry', 5, 'quote'], { defaults: stored });
    client.setQueryData(['enquiry', 5, 'quote', 'version', 1], { number: 1 });
    client.setQueryData(['enquiry', 5], { enquiry: { id: 5 } });
    const { result } = renderHook(() => useSaveQuoteSettings(), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await act(() => result.current.mutateAsync({ ...stored, currency: 'rial' }));
    expect(client.getQueryState(['enquiry', 5, 'quote'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['enquiry', 5, 'quote', 'version', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['enquiry', 5])?.isInvalidated).toBe(false);
  });
});
