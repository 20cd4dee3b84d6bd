import fs from 'node:fs';
import path from 'node:path';
import { pageHeads, type HeadContext, type Post, type Product } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The pages' heads (packages/contracts page-heads/) name their texts by `namespace:key`, which
 * neither the server nor the app's typed keys check: every key a head reads must be in both languages'
 * translations, or the server's head and the tab would show the key.
 */
const locales = path.resolve(import.meta.dirname, '../../public/locales');
const lookup = (lang: string, key: string): unknown => {
  const [ns, rest] = key.split(':') as [string, string];
  let value: unknown = JSON.parse(fs.readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8'));
  for (const part of rest.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
};

const product = {
  id: 1,
  title: 'P',
  short_description: '',
  description: '',
  images: [],
  price_range: null,
  collection: null,
  industry: null,
  inventory: 1,
} as unknown as Product;
const post = {
  id: 1,
  title: 'N',
  content: 'Text.',
  creation_date: '2024-01-01',
  images: [],
} as unknown as Post;

describe('page heads', () => {
  it('read only keys that both languages translate', () => {
    const keys = new Set<string>();
    const ctx: HeadContext = {
      lang: 'en',
      t: (key) => {
        keys.add(key);
        return key;
      },
      site: { name: 'S', description: '', phones: [], social: [] },
      url: (p) => p,
      appBase: '',
      path: '',
    };
    // Every page, in each state its data can be in.
    const states: Record<string, unknown[]> = {
      product: [{ product }, { product: null }, { product: undefined, failed: true }],
      post: [{ post }, { post: null }],
      productSearch: [{ name: 'x' }],
      collection: [{ name: 'x' }],
      industry: [{ name: 'x' }],
      filtered: [{ term: 'x' }, { term: '' }],
    };
    for (const [page, head] of Object.entries(pageHeads)) {
      const call = head as (c: HeadContext, data: unknown) => unknown;
      for (const data of states[page] ?? [undefined]) call(ctx, data);
    }
    expect(keys.size).toBeGreaterThan(10);
    for (const key of keys) {
      for (const lang of ['fa', 'en']) expect(typeof lookup(lang, key), `${lang} ${key}`).toBe('string');
    }
  });
});
