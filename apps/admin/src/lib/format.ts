import { dateFormat, numberFormat } from '@storefront/contracts';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from './i18n.ts';

/**
 * Dates in fa: Persian digits and the Jalali calendar; in en: Latin digits, Gregorian, day first (the
 * formatters and their locales: packages/contracts locale-format.ts).
 */
export function formatDate(value: string | Date, language: Language, withTime = true): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(language, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}) }).format(
    date,
  );
}

/**
 * A calendar day as the server writes it (`2026-01-31`, the store's day): the same day in either
 * calendar, whatever the browser's time zone. `short`: day and month only (a chart's labels).
 */
export function formatDay(value: string, language: Language, short = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return formatDate(value, language, false);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(language, {
    timeZone: 'UTC',
    ...(short ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }),
  }).format(date);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}

/** A size in megabytes, in words: «۵۰۰ مگابایت» / "500 megabytes". */
export function formatMegabytes(bytes: number, language: Language): string {
  return numberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

/** Formatters in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  return {
    language,
    date: (value: string | Date, withTime = true) => formatDate(value, language, withTime),
    day: (value: string, short = false) => formatDay(value, language, short),
    number: (value: number) => formatNumber(value, language),
  };
}
