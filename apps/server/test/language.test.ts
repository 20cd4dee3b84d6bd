import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { preferredLanguages, requestLanguage } from '../src/lib/language.ts';
import { languagePrefixRewriter } from '../src/lib/plugins/edge.ts';

const served = new Set(['fa', 'en']);
const asking = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('the language of a call that names none', () => {
  it('the i18next cookie first, then Accept-Language by preference, then the default', () => {
    expect(
      requestLanguage(asking({ cookie: 'a=1; i18next=en-US', 'accept-language': 'fa' }), served, 'fa'),
    ).toBe('en');
    // A cookie naming a language not served gives way to the browser's.
    expect(requestLanguage(asking({ cookie: 'i18next=de', 'accept-language': 'en' }), served, 'fa')).toBe(
      'en',
    );
    expect(requestLanguage(asking({ 'accept-language': 'de-DE,en;q=0.5,fa;q=0.9' }), served, 'en')).toBe(
      'fa',
    );
    expect(requestLanguage(asking({ 'accept-language': 'fa;q=0,en;q=0.1' }), served, 'fa')).toBe('en');
    expect(requestLanguage(asking({ 'accept-language': 'de, *' }), served, 'fa')).toBe('fa');
    expect(requestLanguage(asking({}), served, 'en')).toBe('en');
  });

  it('an Accept-Language value is read once and its answer kept; a new value each time is read each time', () => {
    const header = 'en-GB,en;q=0.9,fa-IR;q=0.8';
    expect(preferredLanguages(header)).toEqual(['en', 'en', 'fa']);
    expect(preferredLanguages(header)).toBe(preferredLanguages(header));
    // Far more distinct values than are kept: every one still answered right.
    for (let i = 0; i < 1000; i += 1) {
      const first = i % 2 === 0 ? 'fa' : 'en';
      const second = first === 'fa' ? 'en' : 'fa';
      const value = `x-${i};q=0.95,${first};q=0.${i % 9}1,${second};q=0.01`;
      expect(requestLanguage(asking({ 'accept-language': value }), served, 'fa')).toBe(first);
    }
    expect(preferredLanguages(`${'en-US,'.repeat(100)}fa`)).toEqual([...Array(100).fill('en'), 'fa']);
  });
});

describe('the URL rewriter (lib/plugins/edge.ts)', () => {
  const rewrite = languagePrefixRewriter(['fa', 'en'], 'fa');
  const at = (url: string, headers: Record<string, string> = {}) =>
    rewrite({ url, headers } as unknown as IncomingMessage);

  it('a served prefix as it is (compared, not matched by a regex); any other shape as before', () => {
    for (const url of [
      '/fa/api/store/products/1/',
      '/en/api',
      '/en/api?x=1',
      '/fa/api#top',
      '/fa/apix/y',
      '/fa/',
    ])
      expect(at(url)).toBe(url);
    expect(at('/fa-IR/api/store/x')).toBe('/fa/api/store/x');
    expect(at('/EN_us/api/store/x')).toBe('/en/api/store/x');
    expect(at('/de/api/store/x')).toBe('/de/api/store/x');
    expect(at('/store/likes/', { 'accept-language': 'en' })).toBe('/en/api/store/likes/');
    expect(at('/api/store/likes/')).toBe('/fa/api/store/likes/');
  });
});
