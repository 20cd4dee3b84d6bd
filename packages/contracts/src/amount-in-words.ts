// Free of Zod: the quote page and the PDF take it without the schemas.

/**
 * An amount of money written in words, as a pre-invoice (پیش‌فاکتور) states it under its total
 * (issue 25): «یک میلیارد و دویست و پنجاه میلیون ریال», "one billion two hundred fifty million rials".
 *
 * Amounts are integer Rials, the unit every figure of the store is kept in. A store that shows Toman
 * (ten Rials) gets Tomans in words; a remainder that is not a whole Toman is not rounded away (the
 * words are the legal statement of the amount, and rounding would change it): it follows in Rials,
 * «یکصد و بیست و سه تومان و پنج ریال», "one hundred twenty-three tomans and five rials".
 *
 * The Persian is the formal style of cheques and invoices: every group names its count, so 100 is
 * «یکصد» and 1,000 «یک هزار» (as 1,000,000 is «یک میلیون»): a word cannot be put in front of it
 * afterwards, and it reads the same as the bank's cheque (Sayad) wording. Groups and the parts of a
 * group are joined by « و ». Above 999 billion, Persian counts thousands of billions
 * («یک هزار میلیارد»: what Iranian banks and newspapers write; "trillion"/«تریلیون» is read as 10^12
 * by some and 10^18 by others); English uses the short scale (trillion = 10^12).
 */

/** The largest amount written in words, in Rials (the quote's bound, QUOTE_AMOUNT_MAX, is the same). */
export const AMOUNT_IN_WORDS_MAX = 999_999_999_999_999n;

export const currencyDisplays = ['rial', 'toman'] as const;
/** How a store shows its prices: in Rials, or in Tomans (ten Rials). Amounts are always kept in Rials. */
export type CurrencyDisplay = (typeof currencyDisplays)[number];

/** Rials per Toman. */
export const RIALS_PER_TOMAN = 10n;

/** An amount that cannot be written in words: not an integer, negative, or past AMOUNT_IN_WORDS_MAX. */
export class AmountOutOfRangeError extends RangeError {
  readonly amount: string;
  constructor(amount: string) {
    super(
      `An amount in words must be a whole number of Rials from 0 to ${AMOUNT_IN_WORDS_MAX}; got ${amount}.`,
    );
    this.name = 'AmountOutOfRangeError';
    this.amount = amount;
  }
}

const FA_ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const FA_TEENS = ['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'];
const FA_TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const FA_HUNDREDS = ['', 'یکصد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
const FA_AND = ' و ';

const EN_ONES = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const EN_TEENS = [
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
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 1–999 in Persian words: «نهصد و نود و نه». */
function faBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(FA_HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) parts.push(FA_TEENS[rest - 10]!);
  else {
    if (rest >= 20) parts.push(FA_TENS[Math.floor(rest / 10)]!);
    if (rest % 10 > 0) parts.push(FA_ONES[rest % 10]!);
  }
  return parts.join(FA_AND);
}

/** 1–999,999 in Persian words: «یک هزار و یکصد». */
function faBelowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands > 0) parts.push(`${faBelowThousand(thousands)} هزار`);
  if (rest > 0) parts.push(faBelowThousand(rest));
  return parts.join(FA_AND);
}

/** A positive whole number up to AMOUNT_IN_WORDS_MAX in Persian words. */
function faWords(n: bigint): string {
  // Billions may count up to 999,999 of them: «نهصد و نود و نه هزار و … میلیارد» (see the file's note).
  const billions = Number(n / 1_000_000_000n);
  const millions = Number((n / 1_000_000n) % 1000n);
  const rest = Number(n % 1_000_000n);
  const parts: string[] = [];
  if (billions > 0) parts.push(`${faBelowMillion(billions)} میلیارد`);
  if (millions > 0) parts.push(`${faBelowThousand(millions)} میلیون`);
  if (rest > 0) parts.push(faBelowMillion(rest));
  return parts.join(FA_AND);
}

/** 1–999 in English words: "nine hundred ninety-nine" (no "and": the American style of cheques). */
function enBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(`${EN_ONES[hundreds]!} hundred`);
  if (rest >= 10 && rest < 20) parts.push(EN_TEENS[rest - 10]!);
  else if (rest >= 20) {
    const ones = rest % 10;
    parts.push(ones > 0 ? `${EN_TENS[Math.floor(rest / 10)]!}-${EN_ONES[ones]!}` : EN_TENS[rest / 10]!);
  } else if (rest > 0) parts.push(EN_ONES[rest]!);
  return parts.join(' ');
}

/** A positive whole number up to AMOUNT_IN_WORDS_MAX in English words. */
function enWords(n: bigint): string {
  const parts: string[] = [];
  for (let scale = EN_SCALES.length - 1; scale >= 0; scale--) {
    const group = Number((n / 1000n ** BigInt(scale)) % 1000n);
    if (group === 0) continue;
    const scaleName = EN_SCALES[scale]!;
    parts.push(scaleName === '' ? enBelowThousand(group) : `${enBelowThousand(group)} ${scaleName}`);
  }
  return parts.join(' ');
}

/** A whole number in words: «صفر» / "zero" for 0. */
export function numberInWords(value: bigint | number, lang: 'fa' | 'en'): string {
  const n = toAmount(value);
  if (n === 0n) return lang === 'fa' ? 'صفر' : 'zero';
  return lang === 'fa' ? faWords(n) : enWords(n);
}

function toAmount(value: bigint | number): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new AmountOutOfRangeError(String(value));
  const n = BigInt(value);
  if (n < 0n || n > AMOUNT_IN_WORDS_MAX) throw new AmountOutOfRangeError(String(value));
  return n;
}

const UNIT_WORDS = {
  fa: { rial: { one: 'ریال', other: 'ریال' }, toman: { one: 'تومان', other: 'تومان' } },
  en: { rial: { one: 'rial', other: 'rials' }, toman: { one: 'toman', other: 'tomans' } },
} as const;

function withUnit(n: bigint, lang: 'fa' | 'en', unit: CurrencyDisplay): string {
  const name = UNIT_WORDS[lang][unit][n === 1n ? 'one' : 'other'];
  return `${numberInWords(n, lang)} ${name}`;
}

/**
 * An amount of Rials in words with its unit, in Rials or in Tomans as the store shows its prices
 * (a remainder of fewer than ten Rials follows in Rials; see the file's note). Languages other than
 * Persian get English. Throws AmountOutOfRangeError past AMOUNT_IN_WORDS_MAX Rials.
 */
export function amountInWords(rials: bigint | number, lang: string, unit: CurrencyDisplay = 'rial'): string {
  const n = toAmount(rials);
  const language = lang === 'fa' ? 'fa' : 'en';
  if (unit === 'rial') return withUnit(n, language, 'rial');
  const tomans = n / RIALS_PER_TOMAN;
  const remainder = n % RIALS_PER_TOMAN;
  if (remainder === 0n) return withUnit(tomans, language, 'toman');
  if (tomans === 0n) return withUnit(remainder, language, 'rial');
  const and = language === 'fa' ? FA_AND : ' and ';
  return `${withUnit(tomans, language, 'toman')}${and}${withUnit(remainder, language, 'rial')}`;
}
