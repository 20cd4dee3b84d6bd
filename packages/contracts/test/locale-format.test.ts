import { describe, expect, it } from 'vitest';
import { asciiDigits, dateFormat, localDigits, numberFormat, persianDigits } from '../src/locale-format.ts';

describe('digits', () => {
  it('writes every ASCII digit Persian, keeping leading zeros and everything else', () => {
    expect(persianDigits('E-000042')).toBe('E-۰۰۰۰۴۲');
    expect(persianDigits(1405)).toBe('۱۴۰۵');
    expect(persianDigits('0912-123 4567')).toBe('۰۹۱۲-۱۲۳ ۴۵۶۷');
  });

  it('writes them Persian in fa only', () => {
    expect(localDigits('09121234567', 'fa')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(localDigits('09121234567', 'en')).toBe('09121234567');
  });

  it('reads Persian and Arabic-Indic digits as ASCII, and is the inverse of persianDigits', () => {
    expect(asciiDigits('۰۹۱۲ ٠١٢٣٤٥٦٧٨٩ x7')).toBe('0912 0123456789 x7');
    expect(asciiDigits(persianDigits('0123456789'))).toBe('0123456789');
  });
});

describe('dates', () => {
  const nowruz = new Date('2024-03-20T10:00:00Z');

  it('uses the Jalali calendar with Persian digits in fa, Gregorian with Latin digits in en', () => {
    const day = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tehran' } as const;
    expect(dateFormat('fa', day).format(nowruz)).toBe('۱ فروردین ۱۴۰۳');
    expect(dateFormat('en', day).format(nowruz)).toBe('20 March 2024');
  });

  it('writes the day first in en, as the back office always has (en-GB)', () => {
    expect(dateFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(nowruz)).toBe('20 Mar 2024');
  });

  it('makes one formatter per language and options', () => {
    expect(dateFormat('fa', { year: 'numeric' })).toBe(dateFormat('fa', { year: 'numeric' }));
    expect(dateFormat('fa', { year: 'numeric' })).not.toBe(dateFormat('en', { year: 'numeric' }));
  });
});

describe('numbers', () => {
  it('groups with Persian digits and separators in fa, Latin in en', () => {
    expect(numberFormat('fa').format(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(numberFormat('en').format(1234567.5)).toBe('1,234,567.5');
  });

  it('takes units', () => {
    const megabytes = { style: 'unit', unit: 'megabyte', unitDisplay: 'long' } as const;
    expect(numberFormat('en', megabytes).format(500)).toBe('500 megabytes');
    expect(numberFormat('fa', megabytes).format(500)).toBe('۵۰۰ مگابایت');
  });
});
