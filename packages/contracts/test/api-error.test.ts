import { describe, expect, it } from 'vitest';
import { ApiError, errorCodeOf, errorFromResponse } from '../src/api-error.ts';

const fieldErrors = {
  phone: ['Enter a valid phone number…'],
  'entity.title.fa': ['This field is required.'],
  code: 'validation_failed',
  codes: { phone: ['phone_invalid'], 'entity.title.fa': ['something_new'] },
};

describe('ApiError', () => {
  it('reads field errors: their codes (an unknown one is `invalid`) and messages, no request code', () => {
    const error = new ApiError(400, fieldErrors);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.requestCode).toBeUndefined();
    expect(error.fields).toEqual({ phone: ['phone_invalid'], 'entity.title.fa': ['invalid'] });
    expect(error.fieldMessages).toEqual({
      phone: ['Enter a valid phone number…'],
      'entity.title.fa': ['This field is required.'],
    });
  });

  it("reads a whole request's code; one this version does not know is none", () => {
    const throttled = new ApiError(429, { detail: 'Request was throttled.', code: 'throttled' });
    expect(throttled.code).toBe('throttled');
    expect(throttled.requestCode).toBe('throttled');
    expect(throttled.fields).toEqual({});
    expect(throttled.fieldMessages).toEqual({});
    expect(new ApiError(418, { detail: 'x', code: 'teapot' }).code).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
  });

  it('is an Error named ApiError, with the status and code in its message unless given one', () => {
    const error = new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('HTTP 404 (not_found)');
    expect(new ApiError(0, null, 'network error').message).toBe('network error');
  });

  it('is made from an answer: JSON read, anything else no body', () => {
    const error = errorFromResponse(
      409,
      JSON.stringify({ detail: 'Changed.', code: 'edit_conflict', current: {} }),
    );
    expect(error.code).toBe('edit_conflict');
    expect(error.body).toEqual({ detail: 'Changed.', code: 'edit_conflict', current: {} });
    const proxy = errorFromResponse(502, '<html>Bad gateway</html>');
    expect(proxy.body).toBeNull();
    expect(proxy.code).toBeUndefined();
    expect(errorFromResponse(500, '').body).toBeNull();
  });
});
