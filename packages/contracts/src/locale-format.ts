/**
 * Digits, dates and numbers as a reader of each language expects them, for the storefront, the back
 * office and the server's mails: the Jalali calendar and Persian digits in fa, the Gregorian calendar
 * and Latin digits in en. Intl alone (no calendar library); formatters are made once per language and
 * options. No Zod here, so the storefront's bundle stays small.
 */

/** The languages these formatters know; anything else is the caller's to map (fa is the default). */
export type FormatLanguage = 'fa' | 'en';

/**
 * Dates: the Persian calendar in fa. en names its calendar and digits, so a runtime whose default
 * locale is Persian still writes Gregorian dates with Latin digits.
 */
export const DATE_LOCALES = { fa: 'fa-IR-u-ca-persian', en: 'en-GB-u-ca-gregory-nu-latn' } as const;
/** Numbers: fa-IR's Persian digits and separators (۱٬۲۳۴), Latin in en. */
export const NUMBER_LOCALES = { fa: 'fa-IR', en: 'en-GB-u-nu-latn' } as const;

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/**
 * Every ASCII digit Persian, nothing else touched: for what is written digit by digit rather than as
 * a number (phones, references such as E-000042, years), where Intl's grouping and lost leading zeros
 * would be wrong.
 */
export function persianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]!);
}

/** `persianDigits` in fa; the text as it is in en. */
export function localDigits(value: string | number, language: FormatLanguage): string {
  return language === 'fa' ? persianDigits(value) : String(value);
}

/** Persian (U+06F0–9) and Arabic-Indic (U+0660–9) digits → ASCII; what people type, as code reads it. */
export function asciiDigits(value: string): string {
  return value.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) =>
    String((d.codePointAt(0)! - (d >= '\u06f0' ? 0x06f0 : 0x0660)) % 10),
  );
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The language's date formatter with these options (e.g. `{ dateStyle: 'medium' }`, a `timeZone`). */
export function dateFormat(
  language: FormatLanguage,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return kept(
    `date:${language}:${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(DATE_LOCALES[language], options),
  );
}

/** The language's number formatter with these options (e.g. a unit). */
export function numberFormat(
  language: FormatLanguage,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return kept(
    `number:${language}:${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(NUMBER_LOCALES[language], options),
  );
}
