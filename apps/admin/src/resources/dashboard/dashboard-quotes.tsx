import { dateFormat, numberFormat, type CurrencyDisplay } from '@storefront/contracts';
import type { Dashboard } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Section, TableFrame } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import type { Language } from '../../lib/i18n.ts';

/**
 * The dashboard's quote figures (issue 25; contracts admin-sales.ts): counts over the last 30 days,
 * the accepted totals (whole Rials) per month of the last 12, the median hours from an enquiry to its
 * first quote (null: none). Money in the quote settings' `currency` (rial or toman); a server
 * before it sent none, and then the money is in Rials.
 */
export type DashboardQuotes = NonNullable<Dashboard['quotes']>;

/** Rials in the store's display (Toman: a tenth, rounded) with the language's digits and the unit's word. */
export function useMoney(currency: CurrencyDisplay) {
  const { t } = useTranslation();
  const f = useFormat();
  return (rials: number) =>
    t(`dashboardQuotes.money.${currency}`, {
      amount: f.number(currency === 'toman' ? Math.round(rials / 10) : rials),
    });
}

/** Days from 1 Farvardin to the middle of Jalali month `m` (1…12): months 1–6 have 31 days, 7–11 30. */
const jalaliMidMonthOffset = (m: number) => (m <= 6 ? (m - 1) * 31 : 186 + (m - 7) * 30) + 14;
const DAY_MS = 86_400_000;

/** A day's month and year in the language's calendar (Jalali in fa), as separate words. */
function monthParts(date: Date, language: Language): { month: string; year: string } {
  const parts = dateFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { month: part('month'), year: part('year') };
}

/** The month of `first` to the month of `last` in the language's calendar: «دی – بهمن ۱۴۰۴», "March 2026". */
function monthSpan(first: Date, last: Date, language: Language): string {
  const a = monthParts(first, language);
  const b = monthParts(last, language);
  if (a.month === b.month && a.year === b.year) return `${a.month} ${a.year}`;
  if (a.year === b.year) return `${a.month} – ${b.month} ${b.year}`;
  return `${a.month} ${a.year} – ${b.month} ${b.year}`;
}

/**
 * A month as the API writes it (`YYYY-MM`) in the language's calendar. A Gregorian month (year 1900
 * on) is read in fa as the Jalali months it spans («اسفند ۱۴۰۴ – فروردین ۱۴۰۵»), since a Gregorian
 * month begins in one and ends in the next; a Jalali month (a year before 1700) is named as it is in
 * fa and as the Gregorian months it spans in en.
 */
export function monthName(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (year >= 1700) {
    return monthSpan(new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 0)), language);
  }
  // 1 Farvardin falls on 20 or 21 March of the Gregorian year 621 later: from the month's middle,
  // walk to its first and last days as the Persian calendar counts them.
  const middle = new Date(Date.UTC(year + 621, 2, 21) + jalaliMidMonthOffset(m) * DAY_MS);
  const jalali = (date: Date) => monthParts(date, 'fa').month;
  const name = jalali(middle);
  let first = middle;
  while (jalali(new Date(first.getTime() - DAY_MS)) === name) first = new Date(first.getTime() - DAY_MS);
  let last = middle;
  while (jalali(new Date(last.getTime() + DAY_MS)) === name) last = new Date(last.getTime() + DAY_MS);
  return language === 'fa' ? monthSpan(middle, middle, 'fa') : monthSpan(first, last, 'en');
}

function Count({ label, value }: { label: string; value: number }) {
  const f = useFormat();
  return (
    <div className="rounded border border-slate-300 bg-white p-4">
      <dt className="text-sm text-slate-800">{label}</dt>
      <dd className="mt-1 text-3xl font-bold">{f.number(value)}</dd>
    </div>
  );
}

/** Hours in words: under two days in hours, else in days (one decimal at most). */
function useDuration() {
  const { t } = useTranslation();
  const { language } = useFormat();
  return (hours: number) => {
    const days = hours >= 48;
    const value = days ? hours / 24 : hours;
    const formatted = numberFormat(language, { maximumFractionDigits: 1 }).format(value);
    return t(days ? 'dashboardQuotes.days' : 'dashboardQuotes.hours', {
      count: Math.round(value * 10) / 10,
      formatted,
    });
  };
}

/** Quotes sent, accepted, declined and expired; the accepted value by month; the time to a first quote. */
export function QuoteFigures({ quotes }: { quotes: DashboardQuotes }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney(quotes.currency ?? 'rial');
  const duration = useDuration();
  const months = quotes.accepted_value_by_month;
  const max = Math.max(1, ...months.map((m) => m.total));
  return (
    <Section title={t('dashboardQuotes.title')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Count label={t('dashboardQuotes.sent')} value={quotes.sent} />
        <Count label={t('dashboardQuotes.accepted')} value={quotes.accepted} />
        <Count label={t('dashboardQuotes.declined')} value={quotes.declined} />
        <Count label={t('dashboardQuotes.expired')} value={quotes.expired} />
      </dl>
      <p className="mt-3">
        <span className="font-medium">{t('dashboardQuotes.medianToFirst')}</span>{' '}
        {quotes.median_hours_to_first_quote === null
          ? t('dashboardQuotes.noQuotesYet')
          : duration(quotes.median_hours_to_first_quote)}
      </p>
      <h3 className="mt-4 mb-2 font-bold">{t('dashboardQuotes.acceptedByMonth')}</h3>
      {months.every((m) => m.total === 0) ? (
        <p className="text-slate-800">{t('dashboardQuotes.noneAccepted')}</p>
      ) : (
        <TableFrame label={t('common.tableOf', { label: t('dashboardQuotes.acceptedByMonth') })}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('dashboardQuotes.acceptedByMonth')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="p-1.5 text-start">
                  {t('dashboardQuotes.month')}
                </th>
                <th scope="col" className="p-1.5 text-start">
                  {t('dashboardQuotes.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-200">
                  <th scope="row" className="p-1.5 text-start font-normal whitespace-nowrap">
                    {monthName(m.month, f.language)}
                  </th>
                  <td className="p-1.5">
                    <span className="block">{money(m.total)}</span>
                    {/* The same figure as a bar, for the eye only. */}
                    <span
                      aria-hidden="true"
                      className="mt-1 block h-2 rounded bg-sky-700"
                      style={{ width: `${(m.total / max) * 100}%`, minWidth: m.total > 0 ? 2 : 0 }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </Section>
  );
}
