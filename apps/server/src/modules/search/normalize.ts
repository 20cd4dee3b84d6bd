import { asciiDigits, withoutForbiddenCharacters } from '@storefront/contracts';

/**
 * Persian-aware text normalisation for search and exact-title matching. Stored text and queries
 * go through the same function, so a visitor typing Arabic ي/ك, Persian or Arabic-Indic digits,
 * diacritics, tatweel or ZWNJ finds what was written with their Persian/ASCII forms.
 */
const CHAR_MAP: Record<string, string> = {
  '\u064a': '\u06cc', // Arabic yeh → Persian yeh
  '\u0649': '\u06cc', // alef maksura → Persian yeh
  '\u0643': '\u06a9', // Arabic kaf → Persian keheh
  '\u0629': '\u0647', // teh marbuta → heh
  '\u06c0': '\u0647', // heh with yeh above → heh
  '\u0623': '\u0627', // alef with hamza above → alef
  '\u0625': '\u0627', // alef with hamza below → alef
  '\u0624': '\u0648', // waw with hamza → waw
};

// Arabic diacritics (harakat, tanwin, shadda, sukun, superscript alef…) and tatweel.
const MARKS = /[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
// Zero-width non-joiner/joiner, LRM/RLM and other invisible formatting characters become spaces.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u00ad]/g;
const MAPPED = new RegExp(`[${Object.keys(CHAR_MAP).join('')}]`, 'g');

export function normalizeText(input: string): string {
  return asciiDigits(input.normalize('NFKC').replace(MAPPED, (ch) => CHAR_MAP[ch] ?? ch))
    .replace(MARKS, '')
    .replace(INVISIBLE, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Splits a search query into normalised words (at most `max`, duplicates removed). Punctuation at a
 * word's ends is not part of it ("(saffron)" finds saffron), but a word of punctuation alone
 * ("*", "-", "\"") is searched for as it is: words are data, never query syntax.
 */
export function searchWords(query: string, max = 10): string[] {
  const words = normalizeText(withoutForbiddenCharacters(query))
    .split(' ')
    .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '') || w)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, max);
}

/** Converts Persian/Arabic-Indic digits to ASCII (for phone numbers and other codes). */
export function toAsciiDigits(input: string): string {
  return asciiDigits(input);
}

/**
 * The text a product's search matches: its normalised texts on one line, words separated by single
 * spaces and a space at each end, so " ab" and "ab " find short words at a word's start or end.
 */
export function searchDocument(texts: Iterable<string>): string {
  const parts = [...new Set([...texts].map(normalizeText).filter(Boolean))];
  return ` ${parts.join(' ')} `;
}

/** An enquiry's search text: its phone (ASCII digits), email and description, normalised. */
export function enquirySearchDocument(order: { phone: string; email: string; description: string }): string {
  return searchDocument([toAsciiDigits(order.phone), order.email, order.description]);
}
