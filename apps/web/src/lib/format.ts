import { dateFormat, localDigits, numberFormat } from '@storefront/contracts';
import { toLanguage } from './languages.ts';

/**
 * Dates, numbers and prices in the active language: the Jalali calendar and Persian digits in fa,
 * the Gregorian calendar and Latin digits in en (the formatters: packages/contracts locale-format.ts).
 */

const currencyNames = new Map<string, Intl.DisplayNames>();

/** '2024-03-20T10:00:00Z' → '۱ فروردین ۱۴۰۳' (fa) or '20 March 2024' (en). Invalid dates answer ''. */
export function formatDate(iso: string | Date, language: string): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(toLanguage(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Tehran',
  }).format(date);
}

/** 1234567 → '۱٬۲۳۴٬۵۶۷' (fa) or '1,234,567' (en). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(toLanguage(language)).format(value);
}

/** Plain digits with no grouping (years, ids, phone numbers): 09121234567 → '۰۹۱۲۱۲۳۴۵۶۷' in fa. */
export function formatDigits(value: string | number, language: string): string {
  return localDigits(value, toLanguage(language));
}

/**
 * The currency as a reader of the language names it: its Persian name in fa ('IRR' → 'ریال ایران',
 * 'USD' → 'دلار آمریکا'), the ISO code in en, which English trade texts use; anything that is not
 * an ISO code is shown as written.
 */
export function formatCurrency(code: string, language: string): string {
  const lang = toLanguage(language);
  if (lang === 'en' || !/^[A-Za-z]{3}$/.test(code)) return code;
  try {
    let names = currencyNames.get(lang);
    if (!names) {
      names = new Intl.DisplayNames([lang], { type: 'currency' });
      currencyNames.set(lang, names);
    }
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A price range: '۱۲۰٬۰۰۰ تا ۱۵۰٬۰۰۰ دلار آمریکا' / '120,000 – 150,000 USD'; one price when both ends match. */
export function formatPriceRange(
  range: { start_price: number; end_price: number; currency_type: string },
  language: string,
  /** The store's choice for Rial prices: in Rial, or in Toman (a tenth of the amount). */
  rialDisplay: 'IRR' | 'IRT' = 'IRR',
): string {
  const lang = toLanguage(language);
  if (rialDisplay === 'IRT' && range.currency_type.toUpperCase() === 'IRR') {
    const toman = (rial: number) => formatNumber(Math.round(rial / 10), lang);
    const amount =
      range.start_price === range.end_price
        ? toman(range.start_price)
        : lang === 'fa'
          ? `${toman(range.start_price)} تا ${toman(range.end_price)}`
          : `${toman(range.start_price)} – ${toman(range.end_price)}`;
    return `${amount} ${lang === 'fa' ? 'تومان' : 'Toman'}`;
  }
  const start = formatNumber(range.start_price, lang);
  const end = formatNumber(range.end_price, lang);
  const amount =
    range.start_price === range.end_price
      ? start
      : lang === 'fa'
        ? `${start} تا ${end}`
        : `${start} – ${end}`;
  return range.currency_type ? `${amount} ${formatCurrency(range.currency_type, lang)}` : amount;
}

/** The year of a date in the language's calendar: 1405 (Jalali, Persian digits) in fa, 2026 in en. */
export function formatYear(date: Date, language: string): string {
  return dateFormat(toLanguage(language), { year: 'numeric', timeZone: 'Asia/Tehran' }).format(date);
}
