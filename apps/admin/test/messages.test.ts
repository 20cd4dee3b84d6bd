import { fieldErrorCodes, requestErrorCodes } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import fa from '../src/locales/fa.json';

describe('messages by code', () => {
  it('every request and field code of packages/contracts has a message in fa and en', () => {
    for (const [lang, texts] of [
      ['fa', fa],
      ['en', en],
    ] as const) {
      const errors = texts.errors as { request: Record<string, string>; field: Record<string, string> };
      for (const code of requestErrorCodes)
        expect(errors.request[code], `${lang} request ${code}`).toBeTruthy();
      for (const code of fieldErrorCodes) expect(errors.field[code], `${lang} field ${code}`).toBeTruthy();
    }
  });

  it('fa and en have the same keys', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix];
    expect(keys(fa).sort()).toEqual(keys(en).sort());
  });
});
