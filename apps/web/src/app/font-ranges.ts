/**
 * The characters the storefront's font covers (scripts/subset-font.ts cuts Vazirmatn to them): what a
 * Persian and English store writes. Anything else falls back to the system font.
 */
export const FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1: no-break space, « », ×, ©, accented letters
  // Persian from the Arabic block: ، ؛ ؟, the letters shared with Arabic (ك ي too), tatweel and the
  // diacritics, Arabic digits and ٪ ٫ ٬, superscript alef, پ چ ژ ک گ ۀ ی, Persian digits.
  [0x060c, 0x060c],
  [0x061b, 0x061b],
  [0x061f, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0655],
  [0x0660, 0x066c],
  [0x0670, 0x0670],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0698, 0x0698],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06c0, 0x06c0],
  [0x06cc, 0x06cc],
  [0x06f0, 0x06f9],
  [0x2000, 0x206f], // General punctuation: ZWNJ, ZWJ, direction marks, dashes, quotes, …
  [0x20ac, 0x20ac], // €
  [0x2116, 0x2122], // № ™
  [0xfdfc, 0xfdfc], // ﷼ rial sign
  [0xfeff, 0xfeff], // byte order mark (zero width)
];
