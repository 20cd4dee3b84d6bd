import { describe, expect, it } from 'vitest';
import { normalizeText, searchWords, toAsciiDigits } from '../src/modules/search/normalize.ts';

describe('normalizeText', () => {
  it('maps Arabic yeh and kaf (and alef maksura) to the Persian letters', () => {
    expect(normalizeText('كرماني')).toBe('کرمانی');
    expect(normalizeText('موسى')).toBe('موسی');
    expect(normalizeText('كيك')).toBe(normalizeText('کیک'));
  });
  it('turns Persian and Arabic-Indic digits into ASCII', () => {
    expect(normalizeText('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeText('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۹۱۲۳۴۵۶۷۸۹')).toBe('09123456789');
  });
  it('turns ZWNJ into a space and collapses white space', () => {
    expect(normalizeText('می\u200cشود')).toBe('می شود');
    expect(normalizeText('  دست\u200c\u200cباف   تبریز ')).toBe('دست باف تبریز');
  });
  it('removes diacritics and tatweel', () => {
    expect(normalizeText('فَرْشِ')).toBe('فرش');
    expect(normalizeText('فـــرش')).toBe('فرش');
    expect(normalizeText('کتابٌ')).toBe('کتاب');
  });
  it('folds case and compatibility forms', () => {
    expect(normalizeText('SaFFron')).toBe('saffron');
    expect(normalizeText('ﻛﺮﻣﺎﻥ')).toBe('کرمان'); // Arabic presentation forms
  });
  it('unifies hamza and teh marbuta variants', () => {
    expect(normalizeText('أحمد إيران')).toBe('احمد ایران');
    expect(normalizeText('خانة')).toBe('خانه');
  });
});

describe('searchWords', () => {
  it('splits a query into distinct normalised words, dropping edge punctuation', () => {
    expect(searchWords(' زعفرانِ  "مشهد", زعفران ')).toEqual(['زعفران', 'مشهد']);
    expect(searchWords('دست‌باف')).toEqual(['دست', 'باف']);
    // Punctuation alone is searched for as it is (data, never syntax); control characters are dropped.
    expect(searchWords('?!')).toEqual(['?!']);
    expect(searchWords('a\u0000b\u0007')).toEqual(['ab']);
  });
  it('keeps at most ten words', () => {
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
  });
});

describe('searchDocument', () => {
  it('joins distinct normalised texts on one line with a space at each end', async () => {
    const { searchDocument } = await import('../src/modules/search/normalize.ts');
    expect(searchDocument(['پسته كرماني', 'Akbari\u200cPistachio', 'پسته كرماني', ''])).toBe(
      ' پسته کرمانی akbari pistachio ',
    );
  });
});
