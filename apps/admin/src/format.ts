import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from './i18n.ts';

/** Dates in fa: Persian digits and the Jalali calendar; in en: Latin digits, Gregorian. */
export function formatDate(value: string | Date, language: Language, withTime = true): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const locale = language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'en-US').format(value);
}

/** Formatters in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  return {
    language,
    date: (value: string | Date, withTime = true) => formatDate(value, language, withTime),
    number: (value: number) => formatNumber(value, language),
  };
}
