import { describe, expect, it } from 'vitest';
import { hideWelcome, isWelcomeHidden, normalizeDigits, validateQuickRequest } from './quick-request.ts';

const valid = { phone: '09121234567', description: 'Two pallets of saffron', email: 'a@b.ir' };

describe('home quick request validation (docs/product.md, Validation, in order)', () => {
  it('accepts a request that follows every rule', () => {
    expect(validateQuickRequest(valid)).toBeNull();
  });

  it('checks the email first: without @ it is submitAValidEmail, whatever the phone', () => {
    expect(validateQuickRequest({ ...valid, email: 'ab.ir', phone: '12' })).toEqual({
      field: 'email',
      key: 'submitAValidEmail',
    });
    expect(validateQuickRequest({ ...valid, email: '' })?.key).toBe('submitAValidEmail');
  });

  it('then the phone start: 09', () => {
    expect(validateQuickRequest({ ...valid, phone: '9121234567' })).toEqual({
      field: 'phone',
      key: 'phoneNumberMustStartWith09',
    });
    // Starts-with comes before the length: a short number not starting 09 gets the 09 message.
    expect(validateQuickRequest({ ...valid, phone: '12' })?.key).toBe('phoneNumberMustStartWith09');
  });

  it('then the length: exactly 11 characters', () => {
    expect(validateQuickRequest({ ...valid, phone: '0912123456' })?.key).toBe('phoneNumberMustELevenChar');
    expect(validateQuickRequest({ ...valid, phone: '091212345678' })?.key).toBe('phoneNumberMustELevenChar');
  });

  it('reads Persian and Arabic-Indic digits and ignores spaces and dashes', () => {
    expect(normalizeDigits('۰۹۱۲ ۱۲۳-۴۵۶۷')).toBe('09121234567');
    expect(normalizeDigits('٠٩١٢١٢٣٤٥٦٧')).toBe('09121234567');
    expect(validateQuickRequest({ ...valid, phone: '۰۹۱۲۱۲۳۴۵۶۷' })).toBeNull();
  });
});

describe('welcome box visibility for the session', () => {
  it('is shown until hidden, and a failing storage never throws', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(isWelcomeHidden(storage)).toBe(false);
    hideWelcome(storage);
    expect(isWelcomeHidden(storage)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(isWelcomeHidden(broken)).toBe(false);
    expect(() => hideWelcome(broken)).not.toThrow();
  });
});
