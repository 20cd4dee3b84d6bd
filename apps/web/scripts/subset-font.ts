/**
 * `npm run subset-font -w @storefront/web`: writes src/assets/fonts/Vazirmatn-subset.woff2, the
 * Vazirmatn variable font (the weights 400–700 the storefront uses) cut down to what a Persian and English store writes
 * (FONT_RANGES: Latin, Persian and Arabic letters and digits, punctuation, the rial sign). Shaping
 * forms reached through the kept letters stay (harfbuzz's subsetter follows them). The result is
 * committed; src/app/font-ranges.test.ts checks that the translations and the demo store are in it.
 * The system fonts shown until it arrives are sized to it by scripts/font-fallback.ts (run it again
 * when the font or the translations change much).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { FONT_RANGES } from '../src/app/font-ranges.ts';

const require = createRequire(import.meta.url);
const source = require.resolve('vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2');
const target = path.resolve(import.meta.dirname, '../src/assets/fonts/Vazirmatn-subset.woff2');

let text = '';
for (const [from, to] of FONT_RANGES)
  for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);

// The weights the storefront uses (Tailwind's font-normal to font-bold): 400–700.
const subset = await subsetFont(fs.readFileSync(source), text, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 700 } },
});
fs.writeFileSync(target, subset);
console.log(
  `${path.relative(process.cwd(), target)}: ${subset.length} bytes (from ${fs.statSync(source).size})`,
);
