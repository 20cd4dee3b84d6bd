import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBusinessPatterns, findDemoBusiness } from './demo-business.ts';

const web = path.resolve(import.meta.dirname, '..');

describe('the storefront names no business of its own', () => {
  it('the patterns find the demo business in every spelling, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-business-'));
    const samples = {
      'name-fa.json': '{"t": "بازرگانی آریا\u200cپارس"}',
      'name-en.ts': "const n = 'ARIA-PARS trading';",
      'other-spelling.html': '<p>About Arya Pars</p>',
      'phone-fa.json': '{"help": "۰۲۱-۸۸۷۷ ۶۶۵۵"}',
      'phone-intl.js': 'tel:+982188776655',
      'domain.css': '/* info@ariapars.example */',
      'clean.json': '{"siteTitle": "فروشگاه", "phone": "021-1234 5678", "name": "Pars Academy"}',
    };
    for (const [file, text] of Object.entries(samples)) fs.writeFileSync(path.join(dir, file), text);
    const found = findDemoBusiness([dir]).map((line) => path.basename(line.split(':')[0]!));
    expect(new Set(found)).toEqual(new Set(Object.keys(samples).filter((f) => f !== 'clean.json')));
    expect(demoBusinessPatterns().length).toBeGreaterThanOrEqual(5);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sources, translations, the page template and any production build in apps/web are free of it', () => {
    const roots = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts', 'dist'].map((p) =>
      path.join(web, p),
    );
    // The e2e run's build (E2E_WEB_DIST) when there is one; e2e/news-about.spec.ts scans it too.
    if (process.env.E2E_WEB_DIST) roots.push(process.env.E2E_WEB_DIST);
    expect(findDemoBusiness(roots)).toEqual([]);
  });
});
