/**
 * `npm run bench:web`: Lighthouse (mobile preset, the `lighthouse` package with Debian's Chromium,
 * CHROME_PATH, default /usr/bin/chromium) against the production server (`npm start`'s build and
 * server) for the storefront's main pages in fa and en, BENCH_WEB_RUNS runs each (default 3, the
 * median is reported). Writes the medians to docs/benchmarks.md (between the web markers of the
 * store) with date, machine and load, beside the delivery issue's targets.
 *
 * - The store: a fresh demo store by default; BENCH_WEB_DATA_DIR=<dir> measures the store in that
 *   DATA_DIR instead (e.g. 100,000 products imported with `npm run catalogue -- import`), on a copy,
 *   so the bench never writes to it. BENCH_WEB_LABEL names it in the report (default "demo" or the
 *   folder's name).
 * - Before → after: BENCH_WEB_BEFORE=<checkout> also builds that checkout's storefront and runs its
 *   server on its own copy of the store; the two are measured in turns (before, after, before, …)
 *   within the one run, and the table gives both.
 * - BENCH_WEB_EXPLAIN=1 prints, per run, what the largest paint waited for: Lighthouse's LCP
 *   breakdown (time to first byte, resource load delay and duration, render delay), the element and
 *   the render-blocking requests.
 * - BENCH_WEB_SKIP=<names> leaves pages out (e.g. `home` on a store whose home page is too large to
 *   load: the table says so).
 * - A run Lighthouse could not time (a runtime error such as NO_LCP, or a metric missing: the NaN of
 *   an earlier table) is retried, up to BENCH_WEB_RETRIES times (default 2), and counted in the table.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../../..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const RETRIES = Number(process.env.BENCH_WEB_RETRIES ?? 2);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STORE = process.env.BENCH_WEB_DATA_DIR ? path.resolve(process.env.BENCH_WEB_DATA_DIR) : undefined;
const LABEL = process.env.BENCH_WEB_LABEL ?? (STORE ? path.basename(STORE) : 'demo');
const BEFORE = process.env.BENCH_WEB_BEFORE ? path.resolve(process.env.BENCH_WEB_BEFORE) : undefined;
const EXPLAIN = process.env.BENCH_WEB_EXPLAIN === '1';
/** Pages left out, by name (BENCH_WEB_SKIP=home,about us). */
const SKIP = new Set(
  (process.env.BENCH_WEB_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const reportFile = path.join(root, 'docs/benchmarks.md');
// The demo store keeps the markers it always had.
const marker = LABEL === 'demo' ? 'web' : `web ${LABEL.replace(/[^\w.-]/g, '_')}`;
const START = `<!-- ${marker}:start -->`;
const END = `<!-- ${marker}:end -->`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The median of the runs that measured something. */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

/** A storefront: a checkout's build and server on its own store. */
interface Side {
  name: 'before' | 'after';
  checkout: string;
  dataDir: string;
  server?: ChildProcess;
  base?: string;
}

function build(checkout: string): string {
  if (checkout === root) {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.ts')], {
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the storefront build failed');
    return path.join(root, 'apps/web/dist');
  }
  // Another checkout: its build into a folder of its own (its dist/ may be in use).
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lighthouse-build-'));
  const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: path.join(checkout, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the storefront build of ${checkout} failed`);
  return outDir;
}

async function start(side: Side, webDist: string): Promise<void> {
  const port = await freePort();
  side.server = spawn(process.execPath, [path.join(side.checkout, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: side.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOAD_DEMO: STORE ? 'false' : 'true',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  side.base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${side.base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    if (i > 1200) throw new Error(`the ${side.name} server did not start`);
    await sleep(100);
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** What the largest paint waited for (BENCH_WEB_EXPLAIN=1). */
function explain(lhr: Result['lhr']): string {
  const lines: string[] = [];
  const details = (id: string) =>
    (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  for (const item of details('lcp-breakdown-insight')) {
    if (item.type === 'table') {
      for (const row of item.items as { label: string; duration: number }[]) {
        lines.push(`${row.label} ${Math.round(row.duration)} ms`);
      }
    }
    if (item.type === 'node') lines.push(`element ${String(item.snippet).slice(0, 140)}`);
  }
  for (const item of details('render-blocking-insight')) lines.push(`render-blocking ${String(item.url)}`);
  return lines.map((line) => `    ${line}`).join('\n');
}

async function main(): Promise<void> {
  const after: Side = { name: 'after', checkout: root, dataDir: '' };
  const sides: Side[] = BEFORE ? [{ name: 'before', checkout: BEFORE, dataDir: '' }, after] : [after];
  const temporary: string[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    for (const side of sides) {
      const webDist = build(side.checkout);
      if (side.checkout !== root) temporary.push(webDist);
      side.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lighthouse-'));
      temporary.push(side.dataDir);
      // A copy of the store: the servers migrate and write their own, never the one given.
      if (STORE) fs.cpSync(STORE, side.dataDir, { recursive: true });
      await start(side, webDist);
    }
    const base = after.base!;
    const products = (await (await fetch(`${base}/fa/api/store/products/?limit=1`)).json()) as {
      results: { id: number }[];
    };
    const posts = (await (await fetch(`${base}/fa/api/store/posts/?limit=1`)).json()) as {
      results: { id: number }[];
    };
    const allPages: [name: string, url: string][] = [
      ['home', '/app/'],
      ['products', '/app/products'],
      ['product', `/app/product/${products.results[0]?.id ?? 1}`],
      ['news', '/app/news'],
      ['news post', `/app/news/${posts.results[0]?.id ?? 1}`],
      ['about us', '/app/aboutus'],
    ];
    const pages = allPages.filter(([name]) => !SKIP.has(name));

    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const loads: number[] = [];
    const rows: { page: string; lang: string; figures: Record<string, Figures>; retried: number }[] = [];
    for (const [name, url] of pages) {
      for (const lang of ['fa', 'en']) {
        const runs: Record<string, Figures[]> = { before: [], after: [] };
        let retried = 0;
        for (let run = 0; run < RUNS; run++) {
          // In turns: before, after, before, … so that both see the same machine.
          for (const side of sides) {
            const target = `${side.base}${url}${lang === 'en' ? '?lng=en' : ''}`;
            for (let attempt = 0; ; attempt++) {
              loads.push(os.loadavg()[0]!);
              const result = await lighthouse(target, {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              });
              if (!result) throw new Error(`no result for ${target}`);
              const { categories, audits, runtimeError } = result.lhr;
              const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
              const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
              const figures: Figures = {
                performance: score('performance'),
                accessibility: score('accessibility'),
                bestPractices: score('best-practices'),
                seo: score('seo'),
                fcp: value('first-contentful-paint'),
                lcp: value('largest-contentful-paint'),
                tbt: value('total-blocking-time'),
                cls: value('cumulative-layout-shift'),
                bytes: value('total-byte-weight'),
              };
              const timed = [figures.fcp, figures.lcp, figures.tbt, figures.cls].every(Number.isFinite);
              if (!timed && attempt < RETRIES) {
                retried++;
                console.warn(
                  `${side.name} ${name} ${lang}: not timed (${runtimeError?.code ?? 'a metric missing'}: ` +
                    `${runtimeError?.message ?? (audits['largest-contentful-paint']?.errorMessage || '')}), again`,
                );
                continue;
              }
              if (EXPLAIN) {
                console.log(
                  `  ${side.name} ${name} ${lang} run ${run + 1}: perf ${figures.performance}, ` +
                    `FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms\n${explain(result.lhr)}`,
                );
              }
              runs[side.name]!.push(figures);
              break;
            }
          }
        }
        const medians = Object.fromEntries(
          sides.map((side) => {
            const list = runs[side.name]!;
            return [
              side.name,
              Object.fromEntries(
                (Object.keys(list[0]!) as (keyof Figures)[]).map((k) => [k, median(list.map((r) => r[k]))]),
              ) as unknown as Figures,
            ];
          }),
        );
        rows.push({ page: name, lang, figures: medians, retried });
        for (const side of sides) {
          const f = medians[side.name]!;
          console.log(
            `${BEFORE ? `${side.name} ` : ''}${name} ${lang}: perf ${f.performance}, a11y ${f.accessibility}, bp ${f.bestPractices}, seo ${f.seo}, ` +
              `FCP ${(f.fcp / 1000).toFixed(2)} s, LCP ${(f.lcp / 1000).toFixed(2)} s, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, ${Math.round(f.bytes / 1024)} KB`,
          );
        }
      }
    }

    const cpus = os.cpus();
    const machine = `${cpus[0]?.model.trim() ?? 'CPU'}, ${cpus.length} cores, Node ${process.version}, ${path.basename(CHROME)}`;
    const load = `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs`;
    const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
    const cell = (row: (typeof rows)[number], show: (f: Figures) => string) =>
      BEFORE ? `${show(row.figures.before!)} → ${show(row.figures.after!)}` : show(row.figures.after!);
    const table = [
      '| page | lang | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | transfer | retried |',
      '|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...rows.map((row) => {
        const f = row.figures.after!;
        return (
          `| ${row.page} | ${row.lang} | ${cell(row, (x) => String(x.performance))}${mark(f.performance >= 95)} | ` +
          `${cell(row, (x) => String(x.accessibility))}${mark(f.accessibility === 100)} | ` +
          `${cell(row, (x) => String(x.bestPractices))}${mark(f.bestPractices === 100)} | ` +
          `${cell(row, (x) => String(x.seo))}${mark(f.seo === 100)} | ${cell(row, (x) => `${(x.fcp / 1000).toFixed(2)} s`)} | ` +
          `${cell(row, (x) => `${(x.lcp / 1000).toFixed(2)} s`)}${mark(f.lcp <= 2000)} | ` +
          `${cell(row, (x) => `${Math.round(x.tbt)} ms`)}${mark(f.tbt <= 150)} | ${cell(row, (x) => x.cls.toFixed(3))}${mark(f.cls <= 0.02)} | ` +
          `${cell(row, (x) => `${Math.round(x.bytes / 1024)} KB`)} | ${row.retried} |`
        );
      }),
    ].join('\n');
    const storeText = STORE ? `the store ${LABEL} (a copy of ${STORE})` : 'the demo store';
    const section = `${START}
### Storefront in the browser: Lighthouse on ${LABEL === 'demo' ? 'the demo store' : LABEL} (\`npm run bench:web\`)

${new Date().toISOString().slice(0, 10)}, ${machine}, ${load}. Lighthouse 13 mobile preset (simulated slow
4G, 4× CPU slowdown) against the production build and server on ${storeText}; the median of ${RUNS}
runs per page and language${SKIP.size > 0 ? ` (left out: ${[...SKIP].join(', ')})` : ''}${BEFORE ? `, before (${path.basename(BEFORE)}) → after (this tree), measured in turns` : ''}.
✓/✗: the delivery issue's targets (Performance ≥ 95, the other categories 100, LCP ≤ 2.0 s, TBT ≤ 150
ms, CLS ≤ 0.02); "retried": runs Lighthouse could not time and ran again.

${table}
${END}`;
    const text = fs.readFileSync(reportFile, 'utf8');
    const at = text.indexOf(START);
    const end = text.indexOf(END);
    fs.writeFileSync(
      reportFile,
      at >= 0 && end > at
        ? text.slice(0, at) + section + text.slice(end + END.length)
        : text.replace('## Other measurements', `## Other measurements\n\n${section}`),
    );
    console.log(`\n${section}\n\nWritten to docs/benchmarks.md`);
  } finally {
    await chrome?.kill();
    for (const side of sides) side.server?.kill('SIGTERM');
    await sleep(1000);
    for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
