/**
 * `node apps/web/scripts/font-fallback.ts`: writes into src/styles.css (between its FALLBACK markers)
 * the @font-face rules of Vazirmatn's metric-matched fallbacks, the system fonts a page is drawn in
 * until Vazirmatn arrives (`font-display: swap`), sized so the swap moves no text:
 *
 * - size-adjust: how wide Vazirmatn sets the store's own texts against the fallback — every string of
 *   the translations (public/locales), shaped by HarfBuzz in both fonts at the weight (400, 700) and
 *   summed: the Persian strings' Arabic-script runs for the Persian face, the English strings for the
 *   Latin face (a face each, by unicode-range, so each script gets its own factor);
 * - ascent-, descent- and line-gap-override: Vazirmatn's vertical metrics (OS/2 typo, which its
 *   USE_TYPO_METRICS flag makes every browser use; equal to hhea) over its units per em, divided by
 *   size-adjust (which scales the overridden metrics too), so the line box is Vazirmatn's.
 *
 * Fallbacks measured from font files on this machine: Arial through Liberation Sans (made to Arial's
 * metrics: same advances and vertical metrics; Latin only, as Liberation has no Arabic) and DejaVu Sans
 * (Linux's default; Latin and Persian). Tahoma and Android's Roboto / Noto Naskh Arabic are not on the
 * machine, so they are not matched: text they draw still swaps.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import prettier from 'prettier';
import { FONT_RANGES } from '../src/app/font-ranges.ts';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const VAZIRMATN = require.resolve('vazirmatn/fonts/variable/Vazirmatn[wght].ttf');
const STYLES = path.join(root, 'src/styles.css');
const BEGIN = '/* FALLBACK: written by scripts/font-fallback.ts */';
const END = '/* FALLBACK: end */';

type Script = 'latin' | 'arabic';
type Weight = 400 | 700;

interface Fallback {
  /** The family name the page's font stack uses. */
  family: string;
  /** The names a system gives the font, per weight (full and PostScript names, for local()). */
  local: Record<Weight, string[]>;
  /** The file measured, per weight. */
  file: Record<Weight, string>;
  scripts: Script[];
}

const FALLBACKS: Fallback[] = [
  {
    family: 'Vazirmatn Arial',
    local: {
      400: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
      700: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
    },
    file: {
      400: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
      700: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
    },
    scripts: ['latin'],
  },
  {
    family: 'Vazirmatn DejaVu',
    local: { 400: ['DejaVu Sans', 'DejaVuSans'], 700: ['DejaVu Sans Bold', 'DejaVuSans-Bold'] },
    file: {
      400: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      700: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    },
    scripts: ['latin', 'arabic'],
  },
];

/** Arabic script: the Arabic block and its presentation forms. */
const isArabic = (code: number) =>
  (code >= 0x0600 && code <= 0x06ff) ||
  (code >= 0xfb50 && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfeff);

/** FONT_RANGES split by script, as a unicode-range. */
function unicodeRange(script: Script): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return FONT_RANGES.filter(([from]) => isArabic(from) === (script === 'arabic'))
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

/** Every string of a language's translation files. */
function translations(lang: 'fa' | 'en'): string[] {
  const dir = path.join(root, 'public/locales', lang);
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value.replace(/\{\{[^}]*\}\}/g, ''));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')))
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return strings;
}

/** The text each script's factor is measured on. */
const SAMPLES: Record<Script, string[]> = {
  latin: translations('en'),
  // The Arabic-script runs of the Persian texts (with their spaces and ZWNJs), as whole words shape.
  arabic: translations('fa').flatMap(
    (text) => text.match(/[\u0600-\u06ff\u200c]+(?:[ \u200c]+[\u0600-\u06ff]+)*/g) ?? [],
  ),
};

function openFont(file: string, weight?: Weight) {
  const face = new hb.Face(new hb.Blob(fs.readFileSync(file)));
  const font = new hb.Font(face);
  if (weight) font.setVariations([new hb.Variation('wght', weight)]);
  return { face, font };
}

/** The samples' total advance in em, and how many characters the font has no glyph for. */
function width(file: string, texts: string[], weight?: Weight) {
  const { face, font } = openFont(file, weight);
  let advance = 0;
  let missing = 0;
  for (const text of texts) {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    buffer.getGlyphPositions().forEach((position, i) => {
      advance += position.xAdvance;
      if (infos[i]!.codepoint === 0) missing += 1;
    });
  }
  return { em: advance / face.upem, missing };
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

const vazirmatn = openFont(VAZIRMATN, 400);
const extents = vazirmatn.font.hExtents();
const upem = vazirmatn.face.upem;

const rules: string[] = [];
for (const fallback of FALLBACKS) {
  for (const script of fallback.scripts) {
    for (const weight of [400, 700] as const) {
      const file = fallback.file[weight];
      if (!fs.existsSync(file))
        throw new Error(`${file} is not on this machine: install it to measure ${fallback.family}`);
      const target = width(VAZIRMATN, SAMPLES[script], weight);
      const measured = width(file, SAMPLES[script]);
      if (measured.missing > 0)
        throw new Error(`${path.basename(file)} has no glyph for ${measured.missing} ${script} characters`);
      const sizeAdjust = target.em / measured.em;
      rules.push(
        [
          '@font-face {',
          `  font-family: '${fallback.family}';`,
          `  src: ${fallback.local[weight].map((name) => `local('${name}')`).join(', ')};`,
          `  font-weight: ${weight};`,
          `  unicode-range: ${unicodeRange(script)};`,
          `  size-adjust: ${percent(sizeAdjust)};`,
          `  ascent-override: ${percent(extents.ascender / upem / sizeAdjust)};`,
          `  descent-override: ${percent(-extents.descender / upem / sizeAdjust)};`,
          `  line-gap-override: ${percent(extents.lineGap / upem / sizeAdjust)};`,
          '}',
        ].join('\n'),
      );
      console.log(
        `${fallback.family} ${script} ${weight}: Vazirmatn ${target.em.toFixed(0)} em, ${path.basename(file)} ${measured.em.toFixed(0)} em → size-adjust ${percent(sizeAdjust)}`,
      );
    }
  }
}

const styles = fs.readFileSync(STYLES, 'utf8');
const start = styles.indexOf(BEGIN);
const end = styles.indexOf(END);
if (start < 0 || end < start) throw new Error(`${STYLES} has no ${BEGIN} … ${END} block`);
const written = `${styles.slice(0, start + BEGIN.length)}\n${rules.join('\n')}\n${styles.slice(end)}`;
// In the house format, so running it again changes nothing but the numbers.
const options = await prettier.resolveConfig(STYLES);
fs.writeFileSync(STYLES, await prettier.format(written, { ...options, filepath: STYLES }));
console.log(`${path.relative(process.cwd(), STYLES)}: ${rules.length} fallback faces`);
