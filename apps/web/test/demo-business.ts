import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo business (apps/server/demo/catalogue.json: "the store" of the demo) must live in the demo
 * catalogue only: a storefront that names it, its phone or its domain shows another business to
 * every store that runs it. This finds it in files: its name in both languages and in every
 * spelling (with or without spaces, hyphens or a zero-width non-joiner; "Aria"/"Arya"), its phones'
 * numbers in any digits (Latin, Persian, Arabic-Indic) and with any separators, and its domain.
 */

const DEMO = path.resolve(import.meta.dirname, '../../server/demo/catalogue.json');

interface DemoStore {
  name: { fa: string; en: string };
  phones: string[];
  email: string;
}

/** Latin digits for Persian and Arabic-Indic ones. */
export function latinDigits(text: string): string {
  return text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words of a name, any run of spaces, hyphens, underscores, dots or ZWNJ between them (or none). */
const spaced = (words: string[]) => words.map(escape).join('[\\s\\u200c_.-]*');

/** What is searched for, each with what it stands for (for the failure's message). */
export function demoBusinessPatterns(): { what: string; pattern: RegExp }[] {
  const store = (JSON.parse(fs.readFileSync(DEMO, 'utf8')) as { store: DemoStore }).store;
  const patterns: { what: string; pattern: RegExp }[] = [];
  for (const name of [store.name.fa, store.name.en])
    patterns.push({
      what: `the demo store's name "${name}"`,
      pattern: new RegExp(spaced(name.split(/\s+/)), 'iu'),
    });
  // The distinctive part of the name on its own ("Aria Pars" without "Trading"; "آریا پارس"), in
  // the spellings the demo texts use.
  patterns.push({ what: 'the demo name (Latin)', pattern: /ar[iy]a[\s\u200c_.-]*pars/i });
  const faWords = store.name.fa.split(/\s+/).slice(-2);
  patterns.push({ what: 'the demo name (Persian)', pattern: new RegExp(spaced(faWords), 'u') });
  for (const phone of store.phones) {
    // The subscriber number (the last eight digits) with any separators between its digits.
    const digits = latinDigits(phone).replace(/\D/g, '').slice(-8);
    patterns.push({
      what: `the demo phone ${phone}`,
      pattern: new RegExp([...digits].join('[\\s\\u200c\\u00a0().-]*')),
    });
  }
  const domain = store.email.split('@')[1]!;
  patterns.push({ what: `the demo domain ${domain}`, pattern: new RegExp(escape(domain), 'i') });
  return patterns;
}

const TEXT_FILES = /\.(m?[jt]sx?|json|html?|css|svg|txt|md|xml|webmanifest|map)$/i;

/** Every text file under `dir` (recursively; missing: none). */
function textFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => TEXT_FILES.test(f) && fs.statSync(f).isFile());
}

/** "file: what (the matched text)" for each place the demo business is found under `roots`. */
export function findDemoBusiness(roots: string[]): string[] {
  const patterns = demoBusinessPatterns();
  const found: string[] = [];
  for (const file of roots.flatMap(textFiles)) {
    const text = latinDigits(fs.readFileSync(file, 'utf8'));
    for (const { what, pattern } of patterns) {
      const match = pattern.exec(text);
      if (match) found.push(`${file}: ${what} ("${match[0]}")`);
    }
  }
  return found;
}
