/**
 * `npm run bench:web`: Lighthouse (mobile preset, the `lighthouse` package with Debian's Chromium,
 * CHROME_PATH, default /usr/bin/chromium) against the production server (`npm start`'s build and
 * server) on the demo store, for the storefront's main pages in fa and en, BENCH_WEB_RUNS runs each
 * (default 3). Writes the medians to docs/benchmarks.md (between the web markers) with date and
 * machine, beside the delivery issue's targets.
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
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportFile = path.join(root, 'docs/benchmarks.md');
const START = '<!-- web:start -->';
const END = '<!-- web:end -->';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The median of the runs that measured something (a run Lighthouse could not time gives NaN). */
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

async function main(): Promise<void> {
  // The production build, as `npm start` makes it.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.ts')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the storefront build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lighthouse-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOAD_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 600) throw new Error('the server did not start');
      await sleep(100);
    }
    const products = (await (await fetch(`${base}/fa/api/store/products/?limit=1`)).json()) as {
      results: { id: number }[];
    };
    const posts = (await (await fetch(`${base}/fa/api/store/posts/?limit=1`)).json()) as {
      results: { id: number }[];
    };
    const pages = [
      ['home', '/app/'],
      ['products', '/app/products'],
      ['product', `/app/product/${products.results[0]?.id ?? 1}`],
      ['news', '/app/news'],
      ['news post', `/app/news/${posts.results[0]?.id ?? 1}`],
      ['about us', '/app/aboutus'],
    ] as const;

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
    const rows: { page: string; lang: string; figures: Figures }[] = [];
    for (const [name, url] of pages) {
      for (const lang of ['fa', 'en']) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) {
          const target = `${base}${url}${lang === 'en' ? '?lng=en' : ''}`;
          const result = await lighthouse(target, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (!result) throw new Error(`no result for ${target}`);
          const { categories, audits } = result.lhr;
          const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
          const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
          runs.push({
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            cls: value('cumulative-layout-shift'),
            bytes: value('total-byte-weight'),
          });
        }
        const figures = Object.fromEntries(
          (Object.keys(runs[0]!) as (keyof Figures)[]).map((k) => [k, median(runs.map((r) => r[k]))]),
        ) as unknown as Figures;
        rows.push({ page: name, lang, figures });
        console.log(
          `${name} ${lang}: perf ${figures.performance}, a11y ${figures.accessibility}, bp ${figures.bestPractices}, seo ${figures.seo}, ` +
            `FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}, ${Math.round(figures.bytes / 1024)} KB`,
        );
      }
    }

    const cpus = os.cpus();
    const machine = `${cpus[0]?.model.trim() ?? 'CPU'}, ${cpus.length} cores, Node ${process.version}, ${path.basename(CHROME)}`;
    const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
    const table = [
      '| page | lang | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | transfer |',
      '|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...rows.map(
        ({ page, lang, figures: f }) =>
          `| ${page} | ${lang} | ${f.performance}${mark(f.performance >= 95)} | ${f.accessibility}${mark(f.accessibility === 100)} | ` +
          `${f.bestPractices}${mark(f.bestPractices === 100)} | ${f.seo}${mark(f.seo === 100)} | ${(f.fcp / 1000).toFixed(2)} s | ` +
          `${(f.lcp / 1000).toFixed(2)} s${mark(f.lcp <= 2000)} | ${Math.round(f.tbt)} ms${mark(f.tbt <= 150)} | ${f.cls.toFixed(3)}${mark(f.cls <= 0.02)} | ` +
          `${Math.round(f.bytes / 1024)} KB${page === 'home' ? mark(f.bytes <= 250 * 1024) : ''} |`,
      ),
    ].join('\n');
    const section = `${START}
### Storefront in the browser: Lighthouse (\`npm run bench:web\`)

${new Date().toISOString().slice(0, 10)}, ${machine}. Lighthouse ${'13'} mobile preset (simulated slow 4G, 4× CPU
slowdown) against the production build and server on the demo store; the median of ${RUNS} runs per
page and language. ✓/✗: the delivery issue's targets (Performance ≥ 95, the other categories 100,
LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02, home ≤ 250 KB).

${table}
${END}`;
    const text = fs.readFileSync(reportFile, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    fs.writeFileSync(
      reportFile,
      start >= 0 && end > start
        ? text.slice(0, start) + section + text.slice(end + END.length)
        : text.replace('## Other measurements', `## Other measurements\n\n${section}`),
    );
    console.log(`\n${section}\n\nWritten to docs/benchmarks.md`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
