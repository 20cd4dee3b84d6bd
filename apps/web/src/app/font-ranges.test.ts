import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_RANGES } from './font-ranges.ts';

const inFont = (code: number) => FONT_RANGES.some(([from, to]) => code >= from && code <= to);

/** Every character of a text that the storefront's font (cut to FONT_RANGES) would not draw. */
function missing(text: string): string[] {
  const out = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && !inFont(code))
      out.add(`U+${code.toString(16).toUpperCase().padStart(4, '0')} ${char}`);
  }
  return [...out];
}

describe('the font covers what the store writes', () => {
  it('every character of the translations (both languages) is in the subset', () => {
    const locales = path.resolve(import.meta.dirname, '../../public/locales');
    for (const lng of fs.readdirSync(locales)) {
      for (const file of fs.readdirSync(path.join(locales, lng))) {
        expect(missing(fs.readFileSync(path.join(locales, lng, file), 'utf8')), `${lng}/${file}`).toEqual([]);
      }
    }
  });

  it('every character of the demo store is in the subset', () => {
    const demo = path.resolve(import.meta.dirname, '../../../server/demo/catalogue.json');
    expect(missing(fs.readFileSync(demo, 'utf8'))).toEqual([]);
  });
});
