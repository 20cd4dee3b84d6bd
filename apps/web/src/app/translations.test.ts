import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../lib/languages.ts';
import { NAMESPACES } from './translate.tsx';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function load(lng: string, ns: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree;
}

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const files = fs.readdirSync(path.join(localesDir, lng)).sort();
      expect(files, lng).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`has every ${ns} key in both fa and en, and no empty text`, () => {
      const fa = keys(load('fa', ns));
      const en = keys(load('en', ns));
      expect(
        fa.filter((key) => !en.includes(key)),
        'keys missing in en',
      ).toEqual([]);
      expect(
        en.filter((key) => !fa.includes(key)),
        'keys missing in fa',
      ).toEqual([]);
      for (const lng of SUPPORTED_LANGUAGES) {
        const tree = load(lng, ns);
        for (const key of keys(tree)) {
          const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree);
          expect(String(value).trim(), `${lng}/${ns}: ${key}`).not.toBe('');
        }
      }
    });
  }

  it('keeps the keys the spec names', () => {
    const common = keys(load('fa', 'common'));
    for (const key of ['LoginSuccess', 'NoActiveAccountFound', 'sentSuccessfully', 'thereIsAProblem']) {
      expect(common).toContain(key);
    }
    const pages = keys(load('en', 'pages'));
    for (const key of [
      'foreignBusiness',
      'domesticBusiness',
      'businesServices',
      'businessTraining',
      'submitAValidEmail',
      'phoneNumberMustELevenChar',
      'errorInSubmittingOrder',
      'orderSubmittedSuccessfully',
      'copied',
      'liked!',
    ]) {
      expect(pages).toContain(key);
    }
  });

  it('writes Persian texts in Persian script (no Latin sentence left untranslated)', () => {
    for (const ns of NAMESPACES) {
      const tree = load('fa', ns);
      for (const key of keys(tree)) {
        const value = String(
          key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree),
        );
        const withoutPlaceholders = value.replace(/\{\{[^}]+\}\}/g, '').replace(/USD|404/g, '');
        // A text that is only placeholders and punctuation ('{{name}}', '{{a}} / {{b}}') has nothing to translate.
        if (!/\p{L}/u.test(withoutPlaceholders)) continue;
        expect(/[\u0600-\u06ff]/.test(withoutPlaceholders), `fa/${ns}: ${key} = ${value}`).toBe(true);
      }
    }
  });
});
