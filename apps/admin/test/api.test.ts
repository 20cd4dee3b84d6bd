import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromResponse, getSession, request, setCsrfToken } from '../src/lib/api.ts';
import { productsApi } from '../src/resources/products/api.ts';
import { errorMessage, fieldErrorsOf, fieldMessage } from '../src/lib/errors.ts';
import { createI18n } from '../src/lib/i18n.ts';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('API client errors', () => {
  it('reads a whole-request error by its code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { detail: 'Conflict.', code: 'edit_conflict', current: null })),
    );
    const error = await request('PUT', '/catalogue/products/1', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('edit_conflict');
    expect((error as ApiError).fields).toEqual({});
  });

  it('reads field errors by code, with their dotted paths', () => {
    const error = errorFromResponse(
      400,
      JSON.stringify({
        'entity.title.fa': ['This field is required.'],
        'entity.price_range.end_price': ['end_price must not be below start_price'],
        code: 'validation_failed',
        codes: { 'entity.title.fa': ['required'], 'entity.price_range.end_price': ['something_new'] },
      }),
    );
    expect(error.code).toBe('validation_failed');
    // An unknown field code becomes `invalid` (a generic message), never the server's text.
    expect(error.fields).toEqual({
      'entity.title.fa': ['required'],
      'entity.price_range.end_price': ['invalid'],
    });
    expect(fieldErrorsOf(error, 'entity.')).toEqual({
      'title.fa': ['required'],
      'price_range.end_price': ['invalid'],
    });
  });

  it('has no code for an unknown code or a body that is not JSON', () => {
    expect(errorFromResponse(500, '<html>oops</html>').code).toBeUndefined();
    expect(errorFromResponse(418, JSON.stringify({ detail: 'x', code: 'teapot' })).code).toBeUndefined();
  });

  it('translates by code, falling back to a generic message', () => {
    const i18n = createI18n('en');
    const t = i18n.t.bind(i18n);
    expect(
      errorMessage(t, errorFromResponse(401, JSON.stringify({ detail: 'Bad', code: 'totp_invalid' }))),
    ).toBe('The code is wrong or was already used.');
    expect(
      errorMessage(t, errorFromResponse(418, JSON.stringify({ detail: 'Server text', code: 'teapot' }))),
    ).toBe('Something went wrong. Please try again.');
    expect(fieldMessage(t, 'email_taken')).toBe('Another staff account has this email.');
    expect(fieldMessage(t, 'not_a_code')).toBe('This value is not valid.');
    const fa = createI18n('fa');
    expect(fieldMessage(fa.t.bind(fa), 'required')).toBe('پر کردن این فیلد الزامی است.');
  });

  it('sends the CSRF token of the session with writes, not with reads', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/session')
        ? answer(200, {
            staff: {
              id: 1,
              email: 'a@b.c',
              name: 'A',
              role: 'owner',
              active: true,
              totp_enabled: false,
              created_at: '',
            },
            csrf_token: 'tok',
          })
        : answer(200, { changed: 1 }),
    );
    vi.stubGlobal('fetch', fetch);
    await getSession();
    await productsApi.bulk({ ids: [1], action: 'publish' });
    const [, read] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const [url, write] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((read.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
    expect(url).toBe('/admin/api/catalogue/products/bulk');
    expect((write.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    expect(write.credentials).toBe('same-origin');
  });

  it('answers null for the session when signed out (401)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { detail: 'No.', code: 'not_authenticated' })),
    );
    await expect(getSession()).resolves.toBeNull();
  });
});
