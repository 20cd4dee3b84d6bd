/**
 * `node apps/server/bench/pdf.ts`: what a server-made PDF costs (modules/documents/pdf.ts): a
 * Persian quote of BENCH_LINES (default 15) lines, as the quote routes make it (renderQuoteHtml in
 * modules/documents/quote-document.ts: seller, buyer, lines, totals, the amount in words, terms; its
 * HTML made for each document, as a request does), printed by the system's Chromium (CHROME_PATH,
 * default /usr/bin/chromium). Measures the first document (the browser's launch included), then
 * BENCH_WARM (default 10) documents one after another, then 20 at once behind the renderer's cap of
 * two: the time, this process's RSS and the browser's memory (the PSS of Chromium's processes, so
 * that pages shared between them count once), and this process's event-loop delay while the 20 print
 * against the same length of idling before them. Prints JSON and a Markdown table for
 * docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  quoteBuyerSchema,
  quoteDraftSchema,
  quoteSellerSchema,
  quoteTotals,
  type QuoteSnapshot,
} from '@storefront/contracts';
import { PdfRenderer } from '../src/modules/documents/pdf.ts';
import { renderQuoteHtml } from '../src/modules/documents/quote-document.ts';

const LINES = Number(process.env.BENCH_LINES ?? 15);
const WARM = Number(process.env.BENCH_WARM ?? 10);
const BURST = 20;

const draft = quoteDraftSchema.parse({
  lines: Array.from({ length: LINES }, (_, i) => ({
    title: `میلگرد آجدار A3 سایز ${10 + i}، تحویل انبار تهران`,
    quantity: String((i % 4) + 1 + (i % 3) / 2),
    unit: 'ton',
    unit_price: 12_500_000 * (i + 1),
    discount: i % 5 === 0 ? { kind: 'percent', basis_points: 250 } : null,
  })),
  discount: { kind: 'amount', rials: 5_000_000 },
  charges: [{ label: 'هزینه حمل با تریلی', amount: 45_000_000 }],
  vat_rate: 1000,
  currency: 'rial',
  validity: { value: 48, unit: 'hours' },
  payment_terms: 'نقدی، پیش از بارگیری؛ یا چک صیادی به تاریخ حداکثر یک ماه.',
  delivery_terms: 'سه روز کاری پس از پرداخت، درب انبار خریدار در تهران.',
  notes: 'وزن نهایی بر پایهٔ باسکول تعیین می‌شود.',
});

/** A Persian pre-invoice as the quote routes make it (modules/documents/quote-document.ts), number `n`. */
const quote = (n: number) => {
  const snapshot: QuoteSnapshot = {
    number: n,
    reference: 'E-000042',
    language: 'fa',
    store: { name: 'بازرگانی نمونه‌سازان پارس', phones: ['021-88881234'], email: 'sales@example.com' },
    seller: quoteSellerSchema.parse({
      registered_name: { fa: 'شرکت بازرگانی نمونه‌سازان پارس (سهامی خاص)', en: '' },
      economic_code: '411123456789',
      national_id: '14007788990',
      registration_number: '512345',
      postal_code: '1234567890',
      address: { fa: 'تهران، خیابان ولیعصر، پلاک ۱۲۳۴', en: '' },
      phone: '021-88881234',
    }),
    buyer: quoteBuyerSchema.parse({
      kind: 'company',
      name: 'شرکت ساختمانی البرز (Alborz Construction)',
      national_id: '10101234567',
      economic_code: '411987654321',
      postal_code: '3131313131',
      address: 'کرج، بلوار جمهوری',
      phone: '09121234567',
    }),
    draft,
    totals: quoteTotals(draft),
    sent_at: new Date().toISOString(),
    valid_until: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  };
  return renderQuoteHtml(snapshot, { mediaDir: os.tmpdir(), forPrint: true });
};

/** Processes descended from this one (Chromium's browser, GPU-less utility and renderer processes). */
function descendants(): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its closing one are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while being listed.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
  };
  walk(process.pid);
  return found;
}

/** The browser's memory in MB: the sum of its processes' PSS (shared pages split between them). */
function browserMb(): number {
  let kb = 0;
  for (const pid of descendants()) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return Math.round(kb / 1024);
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const ms = (from: number) => Math.round(performance.now() - from);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const renderer = new PdfRenderer({ concurrency: 2 });
if (!renderer.available()) {
  console.error(`No Chromium at ${renderer.executablePath}: set CHROME_PATH.`);
  process.exit(1);
}
const before = { rssMb: rssMb(), browserMb: browserMb() };

// The HTML alone (what a request does on the event loop before Chromium takes over): the first one
// reads and encodes the fonts, the others reuse them.
let htmlStart = performance.now();
const htmlBytes = (await quote(1)).length;
const htmlFirstMs = performance.now() - htmlStart;
const htmlTimes: number[] = [];
for (let i = 0; i < 50; i += 1) {
  htmlStart = performance.now();
  await quote(2 + i);
  htmlTimes.push(performance.now() - htmlStart);
}
const html = {
  bytes: htmlBytes,
  firstMs: Math.round(htmlFirstMs * 10) / 10,
  medianMs: Math.round(percentile(htmlTimes, 50) * 10) / 10,
};

let start = performance.now();
const firstPdf = await renderer.render(await quote(7000));
const first = { ms: ms(start), bytes: firstPdf.length, rssMb: rssMb(), browserMb: browserMb() };

const warmTimes: number[] = [];
for (let i = 0; i < WARM; i += 1) {
  start = performance.now();
  await renderer.render(await quote(7001 + i));
  warmTimes.push(ms(start));
}
const warm = {
  count: WARM,
  medianMs: percentile(warmTimes, 50),
  maxMs: Math.max(...warmTimes),
  rssMb: rssMb(),
  browserMb: browserMb(),
};

const loop = monitorEventLoopDelay({ resolution: 1 });
const delays = () => ({
  p50Ms: Math.round((loop.percentile(50) / 1e6) * 10) / 10,
  p99Ms: Math.round((loop.percentile(99) / 1e6) * 10) / 10,
  maxMs: Math.round((loop.max / 1e6) * 10) / 10,
});

// The burst twice: first with only the event-loop histogram running, then again with the browser's
// memory sampled (reading /proc for every process blocks this loop itself, so not during the first).
const burstOnce = async () => {
  const began = performance.now();
  await Promise.all(
    Array.from({ length: BURST }, (_, i) => quote(7100 + i).then((html) => renderer.render(html))),
  );
  return ms(began);
};
loop.enable();
const totalMs = await burstOnce();
loop.disable();
const burstLoop = delays();
let peakBrowserMb = 0;
const sampler = setInterval(() => (peakBrowserMb = Math.max(peakBrowserMb, browserMb())), 250);
const secondMs = await burstOnce();
clearInterval(sampler);
const burst = {
  count: BURST,
  totalMs,
  perDocumentMs: Math.round(totalMs / BURST),
  secondRunMs: secondMs,
  loop: burstLoop,
  rssMb: rssMb(),
  peakBrowserMb,
};

// The same process idling for as long, sampled alike: what the machine's other work adds on its own.
loop.reset();
loop.enable();
await sleep(burst.totalMs);
loop.disable();
const idle = delays();

await renderer.close();

const machine = {
  date: new Date().toISOString().slice(0, 10),
  cpu: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} cores`,
  memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  loadAverage: os.loadavg()[0]!.toFixed(2),
};
const result = { machine, lines: LINES, html, before, first, warm, burst, idle };
console.log(JSON.stringify(result, null, 2));
console.log(`
| | time | this process's RSS | Chromium (PSS) |
|---|---|---|---|
| before the first document | | ${before.rssMb} MB | ${before.browserMb} MB |
| first document (launch included) | ${first.ms} ms | ${first.rssMb} MB | ${first.browserMb} MB |
| warm, one at a time (${WARM}) | median ${warm.medianMs} ms, max ${warm.maxMs} ms | ${warm.rssMb} MB | ${warm.browserMb} MB |
| ${BURST} at once (2 printing) | ${burst.totalMs} ms in all (again: ${burst.secondRunMs} ms), ${burst.perDocumentMs} ms each | ${burst.rssMb} MB | peak ${peakBrowserMb} MB |

Event-loop delay during the ${BURST}: p50 ${burst.loop.p50Ms} ms, p99 ${burst.loop.p99Ms} ms, max ${burst.loop.maxMs} ms (idle for as long afterwards: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms, max ${idle.maxMs} ms). PDF: ${first.bytes} bytes. The HTML: ${html.bytes} bytes, ${html.firstMs} ms the first (fonts read), median ${html.medianMs} ms after.`);
