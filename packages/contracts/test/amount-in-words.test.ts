import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_IN_WORDS_MAX,
  AmountOutOfRangeError,
  amountInWords,
  numberInWords,
} from '../src/amount-in-words.ts';

const NINES_FA = 'نهصد و نود و نه میلیارد و نهصد و نود و نه میلیون و نهصد و نود و نه هزار و نهصد و نود و نه';
const NINES_EN =
  'nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine';

describe('amount in words, Persian', () => {
  it('writes the issue’s amounts', () => {
    expect(amountInWords(0, 'fa')).toBe('صفر ریال');
    expect(amountInWords(1, 'fa')).toBe('یک ریال');
    expect(amountInWords(11, 'fa')).toBe('یازده ریال');
    expect(amountInWords(1_000_000_000, 'fa')).toBe('یک میلیارد ریال');
    expect(amountInWords(1_250_000_000, 'fa')).toBe('یک میلیارد و دویست و پنجاه میلیون ریال');
    expect(amountInWords(999_999_999_999, 'fa')).toBe(`${NINES_FA} ریال`);
  });

  it('joins every non-zero part with «و» and skips the zero ones', () => {
    expect(numberInWords(1_001_005, 'fa')).toBe('یک میلیون و یک هزار و پنج');
    expect(numberInWords(2_000_020_000, 'fa')).toBe('دو میلیارد و بیست هزار');
    expect(numberInWords(105, 'fa')).toBe('یکصد و پنج');
    expect(numberInWords(1_100, 'fa')).toBe('یک هزار و یکصد');
    expect(numberInWords(19, 'fa')).toBe('نوزده');
    expect(numberInWords(570, 'fa')).toBe('پانصد و هفتاد');
  });

  it('counts thousands of billions past 999 billion, up to the largest amount', () => {
    expect(numberInWords(1_000_000_000_000, 'fa')).toBe('یک هزار میلیارد');
    expect(amountInWords(AMOUNT_IN_WORDS_MAX, 'fa')).toBe(`نهصد و نود و نه هزار و ${NINES_FA} ریال`);
  });
});

describe('amount in words, English', () => {
  it('writes the issue’s amounts', () => {
    expect(amountInWords(0, 'en')).toBe('zero rials');
    expect(amountInWords(1, 'en')).toBe('one rial');
    expect(amountInWords(11, 'en')).toBe('eleven rials');
    expect(amountInWords(1_000_000_000, 'en')).toBe('one billion rials');
    expect(amountInWords(1_250_000_000, 'en')).toBe('one billion two hundred fifty million rials');
    expect(amountInWords(999_999_999_999, 'en')).toBe(`${NINES_EN} rials`);
  });

  it('hyphenates tens and ones, and uses trillions past 999 billion', () => {
    expect(numberInWords(42, 'en')).toBe('forty-two');
    expect(numberInWords(1_000_000_000_000, 'en')).toBe('one trillion');
    expect(numberInWords(AMOUNT_IN_WORDS_MAX, 'en')).toBe(`nine hundred ninety-nine trillion ${NINES_EN}`);
  });

  it('writes any other language in English', () => {
    expect(amountInWords(11, 'de')).toBe('eleven rials');
  });
});

describe('Tomans', () => {
  it('writes Rials ÷ 10 as Tomans', () => {
    expect(amountInWords(12_500_000_000, 'fa', 'toman')).toBe('یک میلیارد و دویست و پنجاه میلیون تومان');
    expect(amountInWords(10, 'en', 'toman')).toBe('one toman');
    expect(amountInWords(0, 'fa', 'toman')).toBe('صفر تومان');
  });

  it('writes a remainder of less than a Toman in Rials after the Tomans, never rounding it away', () => {
    expect(amountInWords(1_235, 'fa', 'toman')).toBe('یکصد و بیست و سه تومان و پنج ریال');
    expect(amountInWords(1_235, 'en', 'toman')).toBe('one hundred twenty-three tomans and five rials');
    expect(amountInWords(7, 'fa', 'toman')).toBe('هفت ریال');
    expect(amountInWords(11, 'en', 'toman')).toBe('one toman and one rial');
  });
});

describe('out of range', () => {
  it('refuses negative amounts, fractions and amounts past the largest', () => {
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 2, AMOUNT_IN_WORDS_MAX + 1n]) {
      expect(() => amountInWords(bad, 'fa')).toThrow(AmountOutOfRangeError);
    }
  });
});

// ---- properties ------------------------------------------------------------------------------------

const amounts = fc.bigInt({ min: 0n, max: AMOUNT_IN_WORDS_MAX });

const FA_VALUES = new Map<string, bigint>([
  ['صفر', 0n],
  ...['یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'].map((w, i) => [w, BigInt(i + 1)] as const),
  ...['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'].map(
    (w, i) => [w, BigInt(i + 10)] as const,
  ),
  ...['بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'].map(
    (w, i) => [w, BigInt((i + 2) * 10)] as const,
  ),
  ...['یکصد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'].map(
    (w, i) => [w, BigInt((i + 1) * 100)] as const,
  ),
]);
const FA_SCALES = new Map([
  ['هزار', 1000n],
  ['میلیون', 1_000_000n],
  ['میلیارد', 1_000_000_000n],
]);

/**
 * Reads Persian number words back, independently of how they were written: words below a thousand
 * add up; «هزار» multiplies what was read since the last scale word; a larger scale multiplies
 * everything read since the last larger one (so «یک هزار میلیارد» is 1000 × 10^9 and
 * «دو هزار و پنج میلیارد» 2005 × 10^9).
 */
function readFa(words: string): bigint {
  let total = 0n;
  let thousands = 0n;
  let small = 0n;
  for (const word of words.split(' ')) {
    if (word === 'و') continue;
    const scale = FA_SCALES.get(word);
    if (scale === 1000n) {
      thousands += small * 1000n;
      small = 0n;
    } else if (scale !== undefined) {
      total += (thousands + small) * scale;
      thousands = 0n;
      small = 0n;
    } else {
      const value = FA_VALUES.get(word);
      if (value === undefined) throw new Error(`unknown word ${word}`);
      small += value;
    }
  }
  return total + thousands + small;
}

const EN_VALUES = new Map<string, bigint>([
  ['zero', 0n],
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].map(
    (w, i) => [w, BigInt(i + 1)] as const,
  ),
  ...[
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ].map((w, i) => [w, BigInt(i + 10)] as const),
  ...['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map(
    (w, i) => [w, BigInt((i + 2) * 10)] as const,
  ),
]);
const EN_SCALES = new Map([
  ['thousand', 1000n],
  ['million', 1_000_000n],
  ['billion', 1_000_000_000n],
  ['trillion', 1_000_000_000_000n],
]);

/** Reads English number words back: a group (up to 999) closed by a scale word, or the last one. */
function readEn(words: string): bigint {
  let total = 0n;
  let group = 0n;
  for (const word of words.split(' ')) {
    if (word === 'hundred') group *= 100n;
    else if (EN_SCALES.has(word)) {
      total += group * EN_SCALES.get(word)!;
      group = 0n;
    } else {
      for (const piece of word.split('-')) {
        const value = EN_VALUES.get(piece);
        if (value === undefined) throw new Error(`unknown word ${piece}`);
        group += value;
      }
    }
  }
  return total + group;
}

describe('properties', () => {
  it('never doubles, leads or trails a separator, in either language and either unit', () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom('fa', 'en'), fc.constantFrom('rial', 'toman'), (n, lang, unit) => {
        const words = amountInWords(n, lang, unit);
        expect(words).not.toMatch(/ {2}|^ | $/);
        expect(words).not.toMatch(/(^| )و و( |$)|^و |(^| )و$|(^| )و (ریال|تومان)$/);
        expect(words).not.toMatch(/--|^-|-$| -|- |\band and\b|^and |and$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the number it was written from', () => {
    fc.assert(
      fc.property(amounts, (n) => {
        expect(readFa(numberInWords(n, 'fa'))).toBe(n);
        expect(readEn(numberInWords(n, 'en'))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back from small numbers and round ones too (the values a random bigint rarely hits)', () => {
    const special = fc.oneof(
      fc.bigInt({ min: 0n, max: 2000n }),
      fc
        .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 5 }))
        .map(([n, e]) => BigInt(n) * 1000n ** BigInt(e))
        .filter((n) => n <= AMOUNT_IN_WORDS_MAX),
    );
    fc.assert(
      fc.property(special, (n) => {
        expect(readFa(numberInWords(n, 'fa'))).toBe(n);
        expect(readEn(numberInWords(n, 'en'))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});
