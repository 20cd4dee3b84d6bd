/**
 * Frozen: the search text of an enquiry as migration 0011 computed it for the enquiries already
 * there. A copy, not an import of modules/search: a migration replays the same on every database,
 * whatever the live normalisation becomes (a change to it is a new migration that recomputes).
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
// Persian (U+06F0–U+06F9) and Arabic-Indic (U+0660–U+0669) digits.
const DIGITS = /[\u06f0-\u06f9\u0660-\u0669]/g;
// Arabic diacritics (harakat, tanwin, shadda, sukun, superscript alef…) and tatweel.
const MARKS = /[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
// Zero-width non-joiner/joiner, LRM/RLM and other invisible formatting characters become spaces.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u00ad]/g;
const MAPPED = new RegExp(`[${Object.keys(CHAR_MAP).join('')}]`, 'g');

const asciiDigits = (input: string) =>
  input.replace(DIGITS, (d) => String((d.codePointAt(0)! - (d >= '\u06f0' ? 0x06f0 : 0x0660)) % 10));

function normalizeText(input: string): string {
  return asciiDigits(input.normalize('NFKC').replace(MAPPED, (ch) => CHAR_MAP[ch] ?? ch))
    .replace(MARKS, '')
    .replace(INVISIBLE, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An enquiry's search text: its phone (ASCII digits), email and description, normalised, a space at each end. */
export function enquirySearchText(order: { phone: string; email: string; description: string }): string {
  const parts = [
    ...new Set([asciiDigits(order.phone), order.email, order.description].map(normalizeText).filter(Boolean)),
  ];
  return ` ${parts.join(' ')} `;
}
