import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfError, PdfRenderer, registerDocuments, vazirmatnFontFace } from '../src/modules/documents/pdf.ts';

/**
 * Server-made PDFs (modules/documents/pdf.ts) in the system's Chromium, read back with poppler's
 * `pdftotext` and `pdffonts` (Debian's poppler-utils, which .ci/run installs): the Persian words come
 * out whole and in order, the document is set in Vazirmatn, nothing is fetched, and twenty at once
 * all finish behind the concurrency cap.
 */

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pdf-'));

/** The PDF's text as `pdftotext` reads it, without the direction marks it wraps right-to-left runs in. */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** The fonts the PDF embeds (`pdffonts`' first column), without the subset prefix. */
async function pdfFonts(pdf: Buffer): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('pdffonts', [file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
}

/** Asserts that every word is in the text, each after the one before it. */
function expectInOrder(text: string, words: string[]) {
  let from = 0;
  for (const word of words) {
    const at = text.indexOf(word, from);
    expect(at, `«${word}» after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
    from = at + word.length;
  }
}

const page = (lang: 'fa' | 'en', body: string, head = '') => `<!doctype html>
<html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<style>${vazirmatnFontFace()}
body { font-family: Vazirmatn; font-size: 11pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 4px 6px; }
th { background: #eef; font-weight: 700; }
</style>${head}</head><body>${body}</body></html>`;

/** A Persian pre-invoice: joined letters, ZWNJ (پیش‌فاکتور), Persian digits and separators, a table, Latin mixed in. */
const persianQuote = page(
  'fa',
  `<h1>پیش‌فاکتور شماره ۷۰۱۲</h1>
<p>فروشنده: بازرگانی نمونه‌سازان پارس · کد اقتصادی ۴۱۱۱۲۳۴۵۶۷۸۹</p>
<p>تاریخ: ۵ آذر ۱۴۰۵ · اعتبار تا ۷ آذر ۱۴۰۵</p>
<table>
<thead><tr><th>ردیف</th><th>شرح</th><th>مقدار</th><th>بهای واحد (ریال)</th><th>مبلغ (ریال)</th></tr></thead>
<tbody>
<tr><td>۱</td><td>میلگرد آجدار A3 سایز ۱۶</td><td>۲ تن</td><td>۵۰۰٬۰۰۰٬۰۰۰</td><td>۱٬۰۰۰٬۰۰۰٬۰۰۰</td></tr>
<tr><td>۲</td><td>هزینه‌ی حمل با Nissan</td><td>۱ سرویس</td><td>۱۳۶٬۳۶۳٬۶۳۶</td><td>۱۳۶٬۳۶۳٬۶۳۶</td></tr>
</tbody></table>
<p>مالیات بر ارزش افزوده: ۱۱۳٬۶۳۶٬۳۶۴ ریال</p>
<p><strong>جمع کل: ۱٬۲۵۰٬۰۰۰٬۰۰۰ ریال</strong></p>
<p>به حروف: یک میلیارد و دویست و پنجاه میلیون ریال</p>`,
);

const englishQuote = page(
  'en',
  `<h1>Pre-invoice No. 1405-012</h1>
<p>Seller: Pars Prototypes Trading · Economic code 411123456789</p>
<table>
<thead><tr><th>#</th><th>Description</th><th>Quantity</th><th>Amount (IRR)</th></tr></thead>
<tbody><tr><td>1</td><td>Ribbed rebar A3 size 16</td><td>2 ton</td><td>1,000,000,000</td></tr></tbody>
</table>
<p><strong>Grand total: 1,250,000,000 IRR</strong></p>
<p>In words: one billion two hundred fifty million rials</p>`,
);

describe('server-made PDFs in Chromium', () => {
  let renderer: PdfRenderer;

  beforeAll(() => {
    renderer = new PdfRenderer({ concurrency: 2 });
    expect(
      renderer.available(),
      `these tests need Chromium at ${renderer.executablePath} (CHROME_PATH)`,
    ).toBe(true);
  });

  afterAll(async () => {
    await renderer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a Persian pre-invoice whose words read back whole and in order', async () => {
    const pdf = await renderer.render(persianQuote);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(pdf);
    // The ZWNJ stays inside «پیش‌فاکتور» and «هزینه‌ی»: the words are not split or joined wrongly.
    expectInOrder(text, ['پیش\u200cفاکتور', 'شماره', '۷۰۱۲', 'فروشنده', 'بازرگانی', 'نمونه\u200cسازان']);
    expectInOrder(text, ['میلگرد آجدار', 'A3', '۱۶']);
    expectInOrder(text, ['هزینه\u200cی حمل', 'Nissan']);
    expectInOrder(text, ['مالیات بر ارزش افزوده', '۱۱۳٬۶۳۶٬۳۶۴', 'جمع کل', '۱٬۲۵۰٬۰۰۰٬۰۰۰']);
    expectInOrder(text, ['یک میلیارد و دویست و پنجاه میلیون ریال']);
    // Persian digits stay Persian (no fallback to 0-9), the separators are the Persian ٬.
    expect(text).not.toMatch(/1[,٬]?250/);

    // Set in Vazirmatn (the fonts were loaded before printing), both weights, embedded as TrueType.
    expect(await pdfFonts(pdf)).toEqual(expect.arrayContaining(['Vazirmatn-Regular', 'Vazirmatn-Bold']));
  });

  it('prints an English document the same way', async () => {
    const pdf = await renderer.render(englishQuote, { margin: { top: '25mm' } });
    const text = await pdfText(pdf);
    expectInOrder(text, [
      'Pre-invoice No. 1405-012',
      'Seller: Pars Prototypes Trading',
      'Ribbed rebar A3 size 16',
      'Grand total: 1,250,000,000 IRR',
      'one billion two hundred fifty million rials',
    ]);
    expect(await pdfFonts(pdf)).toEqual(expect.arrayContaining(['Vazirmatn-Regular']));
  });

  it('fetches nothing a document points at, and runs none of its scripts', async () => {
    // Connections are counted, not only requests: Chromium connects for a frame before asking.
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.url ?? '');
      response.end('x');
    });
    server.on('connection', () => seen.push('a connection'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = page(
        'fa',
        `<p>تصویر بیرونی:</p>
<img src="${origin}/image.png" alt="">
<iframe src="${origin}/frame"></iframe>
<object data="${origin}/object.pdf"></object>
<p style="background:url(${origin}/background.png)">پس‌زمینه</p>
<script src="${origin}/script.js"></script>
<script>document.body.append('scripted')</script>`,
        `<link rel="stylesheet" href="${origin}/style.css">
<link rel="preload" as="font" href="${origin}/font.woff2" crossorigin>
<link rel="dns-prefetch" href="${origin}">
<style>@font-face{font-family:Remote;src:url(${origin}/remote.woff2)} p{font-family:Remote,Vazirmatn}</style>`,
      );
      const pdf = await renderer.render(html);
      const text = await pdfText(pdf);
      expect(text).toContain('پس\u200cزمینه');
      expect(text).not.toContain('scripted');
      expect(seen).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('prints twenty at once, two at a time, and all of them finish', { timeout: 300_000 }, async () => {
    const documents = Array.from({ length: 20 }, (_, i) =>
      renderer.render(
        persianQuote.replace('۷۰۱۲', (7100 + i).toLocaleString('fa-IR', { useGrouping: false })),
      ),
    );
    // The cap holds: two pages print, the other eighteen wait their turn.
    expect(renderer.load).toEqual({ printing: 2, waiting: 18 });
    const pdfs = await Promise.all(documents);
    expect(renderer.load).toEqual({ printing: 0, waiting: 0 });

    expect(pdfs).toHaveLength(20);
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Each has its own number: no page was printed for another document.
    const texts = await Promise.all([pdfs[0]!, pdfs[19]!].map(pdfText));
    expect(texts[0]).toContain('شماره ۷۱۰۰');
    expect(texts[1]).toContain('شماره ۷۱۱۹');
    // The event loop's delay meanwhile is measured in apps/server/bench/pdf.ts (no timed assertion here).
  });

  it('launches Chromium again after it died', async () => {
    await renderer.render(englishQuote);
    // The browser's process ending (a crash, an OOM kill) looks like this to the renderer.
    const running = await renderer['browser'];
    await running!.browser.close();
    const pdf = await renderer.render(englishQuote);
    expect(await pdfText(pdf)).toContain('Grand total');
  });

  it('gives up on a document past its time-out and closes its page', async () => {
    const hasty = new PdfRenderer({ timeoutMs: 1 });
    try {
      const error = await hasty.render(persianQuote).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PdfError);
      expect((error as PdfError).code).toBe('pdf_timeout');
      const running = await hasty['browser'];
      expect(running!.context.pages()).toEqual([]);
      expect(hasty.load).toEqual({ printing: 0, waiting: 0 });
    } finally {
      await hasty.close();
    }
  });
});

describe('without Chromium', () => {
  it('answers pdf_unavailable when nothing is installed at the path', async () => {
    const missing = new PdfRenderer({ executablePath: path.join(os.tmpdir(), 'no-such-chromium') });
    expect(missing.available()).toBe(false);
    const error = await missing.render(englishQuote).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PdfError);
    expect((error as PdfError).code).toBe('pdf_unavailable');
    expect((error as PdfError).message).toContain('CHROME_PATH');
  });

  it('answers pdf_unavailable when the program there is not a browser, and tries again next time', async () => {
    const notABrowser = new PdfRenderer({ executablePath: process.execPath });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await notABrowser.render(englishQuote).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PdfError);
      expect((error as PdfError).code).toBe('pdf_unavailable');
      // The failed launch is forgotten, not kept as the answer for every later document.
      expect(notABrowser['browser']).toBeUndefined();
    }
    await notABrowser.close();
  });
});

describe('app.documents', () => {
  it('launches nothing when registered, and closes the browser with the app', async () => {
    const app = Fastify();
    const renderer = registerDocuments(app);
    await app.ready();
    expect(app.documents).toBe(renderer);
    expect(renderer['browser']).toBeUndefined();

    const pdf = await app.documents.render(englishQuote);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const running = await renderer['browser'];
    await app.close();
    expect(running!.browser.isConnected()).toBe(false);
    const error = await renderer.render(englishQuote).catch((caught: unknown) => caught);
    expect((error as PdfError).code).toBe('pdf_unavailable');
  });
});
