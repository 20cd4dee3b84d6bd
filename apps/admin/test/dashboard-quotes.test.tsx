import type { Dashboard } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../src/lib/i18n.ts';
import { DashboardPage } from '../src/resources/dashboard/dashboard-page.tsx';
import type { DashboardQuotes } from '../src/resources/dashboard/dashboard-quotes.tsx';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch } from './fetch-stub.ts';
import { renderSignedIn } from './signed-in.tsx';

/**
 * The dashboard's quote figures (issue 25): sent, accepted, declined and expired quotes, the accepted
 * value per month in the store's currency and the language's digits (months in the Jalali calendar
 * in fa), and the median time from an enquiry to its first quote.
 */

const base: Dashboard = {
  enquiries: {
    today: 0,
    week: 0,
    last_30_days: 0,
    unread: 0,
    daily: [],
    by_status: {},
    most_enquired: [],
    by_source: { last_30_days: [], last_90_days: [] },
  },
  reviews_waiting: 0,
  most_liked: [],
  missing_english: { count: 0, products: [] },
  missing_image: { count: 0, products: [] },
  channel_warnings: [],
};

const quotes: DashboardQuotes = {
  sent: 12,
  accepted: 5,
  declined: 2,
  expired: 3,
  accepted_value_by_month: [
    { month: '2026-02', total: 1_250_000_000 },
    { month: '2026-03', total: 30_000_000 },
  ],
  median_hours_to_first_quote: 5.5,
};

function show(board: object, language: Language) {
  stubFetch(({ path }) => {
    if (path === '/session') return json(200, sessionOf('sales'));
    return path === '/dashboard' ? json(200, board) : undefined;
  });
  return renderSignedIn([{ path: '/', element: <DashboardPage /> }], '/', language);
}

/** The figure a counter names (its `dt`'s `dd`). */
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the dashboard’s quotes', { timeout: 20_000 }, () => {
  it('in fa: Persian digits, Tomans, Jalali months and the median in hours', async () => {
    show({ ...base, quotes: { ...quotes, currency: 'toman' } }, 'fa');
    const region = await screen.findByRole(
      'region',
      { name: 'پیش‌فاکتورها (۳۰ روز گذشته)' },
      { timeout: 10_000 },
    );
    expect(figure(region, 'فرستاده‌شده')).toBe('۱۲');
    expect(figure(region, 'پذیرفته‌شده')).toBe('۵');
    expect(figure(region, 'ردشده')).toBe('۲');
    expect(figure(region, 'منقضی‌شده')).toBe('۳');
    expect(region).toHaveTextContent('میانهٔ زمان از درخواست تا نخستین پیش‌فاکتور: ۵٫۵ ساعت');
    const table = within(region).getByRole('table', {
      name: 'ارزش پیش‌فاکتورهای پذیرفته‌شده به تفکیک ماه (۱۲ ماه گذشته)',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    // February 2026 runs from 12 Bahman to 9 Esfand 1404; March from Esfand 1404 into Farvardin 1405.
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('بهمن – اسفند ۱۴۰۴');
    expect(rows[0]).toHaveTextContent('۱۲۵٬۰۰۰٬۰۰۰ تومان');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('اسفند ۱۴۰۴ – فروردین ۱۴۰۵');
    expect(rows[1]).toHaveTextContent('۳٬۰۰۰٬۰۰۰ تومان');
  });

  it('in en: Rials when the store shows Rials, a long median in days; axe finds nothing', async () => {
    const { container } = show({ ...base, quotes: { ...quotes, median_hours_to_first_quote: 60 } }, 'en');
    const region = await screen.findByRole('region', { name: 'Quotes (last 30 days)' }, { timeout: 10_000 });
    expect(figure(region, 'Expired')).toBe('3');
    expect(region).toHaveTextContent('Median time from an enquiry to its first quote: 2.5 days');
    const rows = within(within(region).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'February 20261,250,000,000 rials',
      'March 202630,000,000 rials',
    ]);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('before any quote: no median and no months, said in words; no quotes block, no section', async () => {
    const { unmount } = show(
      {
        ...base,
        quotes: {
          ...quotes,
          sent: 0,
          accepted: 0,
          // The server sends each of the last 12 months, 0 where nothing was accepted.
          accepted_value_by_month: [
            { month: '2026-02', total: 0 },
            { month: '2026-03', total: 0 },
          ],
          median_hours_to_first_quote: null,
        },
      },
      'en',
    );
    const region = await screen.findByRole('region', { name: 'Quotes (last 30 days)' }, { timeout: 10_000 });
    expect(region).toHaveTextContent('Median time from an enquiry to its first quote: no quote sent yet.');
    expect(region).toHaveTextContent('No quote accepted yet.');
    expect(within(region).queryByRole('table')).toBeNull();
    unmount();

    // An editor's dashboard (or an older server's) has no quotes: the section is left out.
    show({ ...base, enquiries: null, quotes: null }, 'en');
    await screen.findByRole('region', { name: 'Most liked products' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Quotes (last 30 days)' })).toBeNull();
  });
});
