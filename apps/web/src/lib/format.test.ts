import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDigits,
  formatNumber,
  formatPriceRange,
  formatYear,
} from './format.ts';

describe('formatDate', () => {
  it('shows the Jalali calendar with Persian digits in fa', () => {
    // 20 March 2024 13:30 in Tehran is 1 Farvardin 1403 (Nowruz).
    expect(formatDate('2024-03-20T10:00:00Z', 'fa')).toBe('۱ فروردین ۱۴۰۳');
  });
  it('shows the Gregorian calendar with Latin digits in en', () => {
    expect(formatDate('2024-03-20T10:00:00Z', 'en')).toBe('20 March 2024');
  });
  it('uses the Tehran day, not UTC', () => {
    // 21:00 UTC on 20 March is already 21 March in Tehran (+03:30).
    expect(formatDate('2024-03-20T21:00:00Z', 'en')).toBe('21 March 2024');
  });
  it('answers an empty string for an invalid date', () => {
    expect(formatDate('not a date', 'fa')).toBe('');
  });
  it('treats a regional or unknown language as its base or the default', () => {
    expect(formatDate('2024-03-20T10:00:00Z', 'en-US')).toBe('20 March 2024');
    expect(formatDate('2024-03-20T10:00:00Z', 'de')).toBe('۱ فروردین ۱۴۰۳');
  });
});

describe('formatNumber', () => {
  it('uses Persian digits and separators in fa', () => {
    expect(formatNumber(1234567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
  });
  it('uses Latin digits in en', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });
});

describe('formatDigits', () => {
  it('turns every digit Persian in fa, without grouping', () => {
    expect(formatDigits('09121234567', 'fa')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
  });
  it('leaves the digits Latin in en', () => {
    expect(formatDigits('09121234567', 'en')).toBe('09121234567');
  });
});

describe('formatPriceRange', () => {
  const range = { start_price: 120000, end_price: 150000, currency_type: 'USD' };
  it('formats both ends in the language', () => {
    expect(formatPriceRange(range, 'fa')).toBe('۱۲۰٬۰۰۰ تا ۱۵۰٬۰۰۰ دلار آمریکا');
    expect(formatPriceRange(range, 'en')).toBe('120,000 – 150,000 USD');
  });
  it('shows Rial prices in Toman when the store chose it (a tenth), other currencies as they are', () => {
    const rial = { start_price: 1_200_000, end_price: 1_500_000, currency_type: 'IRR' };
    expect(formatPriceRange(rial, 'fa', 'IRT')).toBe('۱۲۰٬۰۰۰ تا ۱۵۰٬۰۰۰ تومان');
    expect(formatPriceRange(rial, 'en', 'IRT')).toBe('120,000 – 150,000 Toman');
    expect(formatPriceRange(rial, 'fa', 'IRR')).toBe('۱٬۲۰۰٬۰۰۰ تا ۱٬۵۰۰٬۰۰۰ ریال ایران');
    expect(formatPriceRange(range, 'en', 'IRT')).toBe('120,000 – 150,000 USD');
  });
  it('names the currency in Persian in fa and keeps the ISO code in en', () => {
    expect(formatCurrency('IRR', 'fa')).toBe('ریال ایران');
    expect(formatCurrency('usd', 'fa')).toBe('دلار آمریکا');
    expect(formatCurrency('IRR', 'en')).toBe('IRR');
    // Not an ISO code: shown as written.
    expect(formatCurrency('تومان', 'fa')).toBe('تومان');
  });
  it('shows one price when both ends are equal', () => {
    expect(formatPriceRange({ ...range, end_price: 120000 }, 'en')).toBe('120,000 USD');
  });
});

describe('formatYear', () => {
  it('answers the Jalali year in fa and the Gregorian year in en', () => {
    const date = new Date('2026-11-22T12:00:00Z');
    expect(formatYear(date, 'fa')).toBe('۱۴۰۵');
    expect(formatYear(date, 'en')).toBe('2026');
  });
});
