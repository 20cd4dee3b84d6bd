import { fieldErrorCodes, requestErrorCodes } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/common.json';
import fa from '../../public/locales/fa/common.json';
import { ApiError } from './api-client.ts';

describe('error messages by code', () => {
  it('every field and request code of packages/contracts has a message in fa and en', () => {
    for (const [lang, texts] of [
      ['en', en],
      ['fa', fa],
    ] as const) {
      for (const code of fieldErrorCodes) {
        expect(
          (texts.fieldErrors as Record<string, string>)[code],
          `${lang} fieldErrors.${code}`,
        ).toBeTruthy();
      }
      for (const code of requestErrorCodes) {
        expect(
          (texts.requestErrors as Record<string, string>)[code],
          `${lang} requestErrors.${code}`,
        ).toBeTruthy();
      }
    }
  });

  it('ApiError reads codes and keeps `code`/`codes` out of the fields', () => {
    const error = new ApiError(400, {
      phone: ['Enter a valid phone number…'],
      description: ['Ensure this field has no more than 2000 characters.'],
      code: 'validation_failed',
      codes: { phone: ['phone_invalid'], description: ['too_long'] },
    });
    expect(error.fieldErrors).toEqual({
      phone: ['Enter a valid phone number…'],
      description: ['Ensure this field has no more than 2000 characters.'],
    });
    expect(error.fieldCodes).toEqual({ phone: ['phone_invalid'], description: ['too_long'] });
    expect(error.code).toBeUndefined();
    const throttled = new ApiError(429, { detail: 'Request was throttled.', code: 'throttled' });
    expect(throttled.code).toBe('throttled');
    // A code this version does not know is no code.
    expect(new ApiError(400, { detail: 'x', code: 'something_new' }).code).toBeUndefined();
  });
});
