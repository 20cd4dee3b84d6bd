/**
 * `npm run bench:scale` (also run by `npm run bench`): the store at scale, as real traffic meets it.
 *
 * A 100,000-product store (BENCH_SCALE_PRODUCTS) is generated, imported with the real command
 * (`catalogue import`, its time and peak RSS measured) and served by the real server process
 * (`node <flags> apps/server/dist/main.js` as `npm start` runs it, bench/start-line.ts; the default configuration: response cache on, request log at info
 * to a discarded stdout), on SQLite and then on PostgreSQL (a fresh database on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; skipped when it does not answer). The load generator
 * (autocannon, 32 connections) runs in this process, on the same machine: random product ids, random
 * page offsets over the whole store in random orders, random search terms from a list of 60, so the
 * cache is cold for nearly every request. Baselines from the same run: a bare `node:http` server in a
 * child process sending the same bytes. The server's event-loop delay is measured inside it
 * (bench/event-loop-probe.ts, perf_hooks). Results go to docs/benchmarks.md, with the targets of the
 * scale issue beside them.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBare } from './bare.ts';
import { freePort } from '../test/support/services.ts';
import { autocannonRun, envNumber, figuresOf, percentile } from './load.ts';
import { benchEnv, children, createBenchDatabase, runNode, untilHealthy, writeSection } from './processes.ts';
import { startLine, type StartLine } from './start-line.ts';

// ---- configuration ---------------------------------------------------------------------------------

const PRODUCTS = envNumber('BENCH_SCALE_PRODUCTS', 100_000);
const SECONDS = envNumber('BENCH_SECONDS', 10);
const WARMUP = envNumber('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = 32;
/** Runs of answers that take seconds each (full lists, broad searches) last at least this long. */
const LONG_SECONDS = Math.max(SECONDS, 30);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The start line of `npm start`: its node flags and the built server (built first when stale). */
let started: StartLine | undefined;
const serverStart = () => (started ??= startLine(repoRoot));
const cli = path.join(repoRoot, 'apps/server/src/cli.ts');
const probe = path.join(import.meta.dirname, 'event-loop-probe.ts');
const reportFile = path.join(repoRoot, 'docs/benchmarks.md');
const START = '<!-- scale:start -->';
const END = '<!-- scale:end -->';

/** 60 search terms from the generator's words, in both languages. */
const TERMS = [
  ...['زعفران', 'پسته', 'خرما', 'فرش', 'چای', 'کشمش', 'گردو', 'بادام', 'عسل', 'کاشی'],
  ...['فولاد', 'مس', 'پارچه', 'چرم', 'صابون', 'برنج', 'انجیر', 'زیره', 'گلاب', 'مرمر'],
  ...['saffron', 'pistachio', 'dates', 'carpet', 'tea', 'raisins', 'walnut', 'almond', 'honey', 'tile'],
  ...['steel', 'copper', 'fabric', 'leather', 'soap', 'rice', 'fig', 'cumin', 'rosewater', 'marble'],
  ...['پسته ممتاز', 'زعفران صادراتی', 'فرش دست‌باف', 'عسل ارگانیک', 'چای سنتی', 'خرما فله'],
  ...['مشهد', 'کرمان', 'تبریز', 'اصفهان', 'یزد', 'شیراز'],
  ...['premium saffron', 'organic honey', 'Kerman', 'Tabriz', 'Isfahan', 'Yazd', 'Shiraz', 'Kashan'],
];
const ORDERINGS = ['id', '-id', 'creation_date', '-creation_date'];
/** A word in about one product in seven (its noun or its supplier's): a broad unpaginated search. */
const WIDE_SEARCH = 'پسته';
/** The peer's figures from the issue (Django REST, 2 gunicorn workers, 10,000 products). */
const PEER = { wideSearchRps: 3.2 };

const random = (n: number) => Math.floor(Math.random() * n);
const log = (text: string) => console.log(text);
const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);
const f1 = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
/** A load run's figures as the report writes them. */
const speed = (l: Load) => `${Math.round(l.rps)} req/s, p50 ${f1(l.p50)} ms, p99 ${f1(l.p99)} ms`;

// ---- processes -------------------------------------------------------------------------------------

/** Peak RSS of a process while `until` runs, from /proc (including its threads). */
async function peakRss<T>(pid: number, until: Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(50);
    }
  })();
  try {
    return { value: await until, peak };
  } finally {
    done = true;
    await sampler;
  }
}

function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Server {
  url: string;
  pid: number;
  loop(): Promise<{ p50: number; p99: number; max: number; rss: number }>;
  resetLoop(): Promise<void>;
  stop(): Promise<void>;
}

/** The server as `npm start` and a process manager run it, with the event-loop probe preloaded. */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ server: Server; startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = fork(serverStart().entry, [], {
    env: { ...env, ...serverStart().env, PORT: String(port), HOST: '127.0.0.1' },
    execArgv: [...serverStart().flags, '--import', probe],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = await untilHealthy(child, url, 10);
  const startMs = performance.now() - started;
  const ask = <T>(message: string, type: string) =>
    new Promise<T>((resolve) => {
      const on = (reply: { type: string }) => {
        if (reply.type !== type) return;
        child.off('message', on);
        resolve(reply as T);
      };
      child.on('message', on);
      child.send(message);
    });
  return {
    startMs,
    server: {
      url,
      pid: child.pid!,
      loop: () => ask('read', 'loop'),
      resetLoop: () => ask('reset', 'reset'),
      stop,
    },
  };
}

// ---- load ------------------------------------------------------------------------------------------

interface Load {
  rps: number;
  p50: number;
  p99: number;
  responses: number;
}

/** autocannon with a path chosen per request; latencies at microsecond resolution; any error fails. */
async function load(
  url: string,
  nextPath: () => string,
  connections = CONNECTIONS,
  seconds = SECONDS,
  headers: Record<string, string> = {},
): Promise<Load> {
  // A long answer (a full list is over 100 MB) may take longer than autocannon's default 10 s.
  const timeout = 300;
  const once = (duration: number, record: boolean) =>
    autocannonRun({ url, connections, timeout, headers, nextPath }, duration, record);
  await once(WARMUP, false);
  const { latencies, result } = await once(seconds, true);
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return figuresOf(latencies, result);
}

async function timeOne(url: string): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// ---- one database ----------------------------------------------------------------------------------

interface Figures {
  importSeconds: number;
  importPeakMb: number;
  reimportSeconds: number;
  coldStartMs: number;
  idleMb: number;
  detail: Load;
  detailBare: Load;
  page: Load;
  offset0Ms: number;
  offsetDeepMs: number;
  pagedSearch: Load;
  wideSearch: Load;
  wideSearchBytes: number;
  fullList: Load;
  fullListBare: Load;
  fullListBytes: number;
  fullListPeakMb: number;
  healthzMaxMs: number;
  healthzP99Ms: number;
  loopMaxMs: number;
  loopP99Ms: number;
  afterLoadMb: number;
  adminPage: Load;
  adminSearch: Load;
  adminDrafts: Load;
}

async function measureDatabase(
  label: string,
  env: NodeJS.ProcessEnv,
  catalogue: string,
  work: string,
): Promise<Figures> {
  log(`\n== ${label} ==`);
  let started = performance.now();
  const imported = runNode(cli, ['catalogue', 'import', catalogue], env);
  const { peak: importPeak } = await peakRss(imported.child.pid!, imported.done);
  const importSeconds = (performance.now() - started) / 1000;
  log(`import: ${importSeconds.toFixed(1)} s, peak RSS ${mb(importPeak)} MB`);
  started = performance.now();
  const again = await runNode(cli, ['catalogue', 'import', catalogue], env).done;
  const reimportSeconds = (performance.now() - started) / 1000;
  if (!again.includes('Unchanged')) throw new Error(`re-import was not a no-op:\n${again}`);
  log(`re-import of the same file: ${reimportSeconds.toFixed(2)} s`);

  const { server, startMs } = await startServer(env);
  log(`cold start to /healthz: ${Math.round(startMs)} ms`);
  try {
    const base = `${server.url}/fa/api/store`;
    await sleep(1000);
    const idle = rssOf(server.pid);

    // Product detail at random ids; the bare server replays 500 of them.
    const detailPaths = Array.from({ length: 500 }, () => `/fa/api/store/products/${1 + random(PRODUCTS)}/`);
    const bareFiles: Record<string, Buffer> = {};
    for (const p of detailPaths) bareFiles[p] = (await timeOne(server.url + p)).bytes;
    const detail = await load(server.url, () => `/fa/api/store/products/${1 + random(PRODUCTS)}/`);
    log(`detail: ${Math.round(detail.rps)} req/s, p99 ${f1(detail.p99)} ms`);

    // Pages of 24 at random offsets over the whole store, in random orders.
    const page = await load(
      server.url,
      () =>
        `/fa/api/store/products/?limit=24&offset=${random(PRODUCTS - 24)}&ordering=${ORDERINGS[random(4)]}`,
    );
    log(`page of 24 at a random offset: ${Math.round(page.rps)} req/s, p99 ${f1(page.p99)} ms`);
    // One request on its own, near the start and near the end (distinct URLs: never a cache hit).
    const single = async (offset: (i: number) => number) => {
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const ordering = ORDERINGS[i % 4];
        times.push((await timeOne(`${base}/products/?limit=24&offset=${offset(i)}&ordering=${ordering}`)).ms);
      }
      return median(times);
    };
    const offset0Ms = await single((i) => i);
    const offsetDeepMs = await single((i) => PRODUCTS - 1000 - i);
    log(`one page alone: offset ~0 ${f1(offset0Ms)} ms, offset ~${PRODUCTS - 1000} ${f1(offsetDeepMs)} ms`);

    const pagedSearch = await load(
      server.url,
      () =>
        `/fa/api/store/products/?search=${encodeURIComponent(TERMS[random(TERMS.length)]!)}&limit=24&offset=${24 * random(200)}`,
    );
    log(`paged search: ${Math.round(pagedSearch.rps)} req/s, p99 ${f1(pagedSearch.p99)} ms`);

    const widePath = `/fa/api/store/products/?search=${encodeURIComponent(WIDE_SEARCH)}`;
    const wideSearchBytes = (await timeOne(server.url + widePath)).bytes.length;
    const wideSearch = await load(server.url, () => widePath, 8, LONG_SECONDS);
    log(`unpaginated ?search=${WIDE_SEARCH} (${mb(wideSearchBytes)} MB): ${f1(wideSearch.rps)} req/s`);

    // The full list, against the bare server sending the same bytes; RSS sampled meanwhile.
    const fullBody = (await timeOne(`${server.url}/fa/api/store/products/`)).bytes;
    bareFiles['/fa/api/store/products/'] = fullBody;
    const { value: fullList, peak: fullListPeak } = await peakRss(
      server.pid,
      load(server.url, () => '/fa/api/store/products/', 8, LONG_SECONDS),
    );
    log(
      `full list (${mb(fullBody.length)} MB), 8 at once: ${f1(fullList.rps)} req/s, server peak RSS ${mb(fullListPeak)} MB`,
    );

    // /healthz while 8 full lists and 8 unpaginated searches are being sent.
    await server.resetLoop();
    // /healthz is asked from a process of its own: this one is busy receiving the long answers.
    const prober = fork(import.meta.filename, ['probe', `${server.url}/healthz`], { stdio: 'inherit' });
    children.add(prober);
    await Promise.all([
      load(server.url, () => '/fa/api/store/products/', 8, LONG_SECONDS),
      load(server.url, () => widePath, 8, LONG_SECONDS),
    ]);
    const health = await new Promise<number[]>((resolve) => {
      prober.once('message', (m) => resolve(m as number[]));
      prober.send('stop');
    });
    children.delete(prober);
    const loop = await server.loop();
    const sortedHealth = Float64Array.from(health).sort();
    log(
      `/healthz under 8 full lists + 8 wide searches: max ${f1(Math.max(...health))} ms, p99 ${f1(percentile(sortedHealth, 99))} ms; ` +
        `event loop delay max ${f1(loop.max)} ms, p99 ${f1(loop.p99)} ms`,
    );

    // The back office's product list, as an editor pages, searches and filters it (no response
    // cache there: every answer is computed).
    const staffLink = (
      await runNode(cli, ['staff', 'create', '--email', 'bench@example.com', '--role', 'editor'], env).done
    )
      .trim()
      .split('\n')
      .pop()!;
    const token = staffLink.split('/').pop()!;
    const accepted = await fetch(`${server.url}/admin/api/invites/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', password: 'bench password 123' }),
    });
    if (accepted.status !== 201)
      throw new Error(`staff sign-up: ${accepted.status} ${await accepted.text()}`);
    const cookie = accepted.headers.get('set-cookie')!.split(';')[0]!;
    const staff = { cookie };
    const pages = Math.floor(PRODUCTS / 25);
    const adminPage = await load(
      server.url,
      () => `/admin/api/catalogue/products?page=${1 + random(pages)}&sort=${random(2) ? 'id' : '-id'}`,
      CONNECTIONS,
      SECONDS,
      staff,
    );
    log(
      `back office: page of 25 at a random page: ${Math.round(adminPage.rps)} req/s, p99 ${f1(adminPage.p99)} ms`,
    );
    const adminSearch = await load(
      server.url,
      () =>
        `/admin/api/catalogue/products?q=${encodeURIComponent(TERMS[random(TERMS.length)]!)}&page=${1 + random(5)}`,
      CONNECTIONS,
      SECONDS,
      staff,
    );
    log(
      `back office: search, 60 random terms: ${Math.round(adminSearch.rps)} req/s, p99 ${f1(adminSearch.p99)} ms`,
    );
    const adminDrafts = await load(
      server.url,
      () => `/admin/api/catalogue/products?status=draft&page=${1 + random(4)}`,
      CONNECTIONS,
      SECONDS,
      staff,
    );
    log(`back office: drafts filter: ${Math.round(adminDrafts.rps)} req/s, p99 ${f1(adminDrafts.p99)} ms`);

    await sleep(10_000);
    const afterLoad = rssOf(server.pid);
    log(`RSS: idle ${mb(idle)} MB, 10 s after the load ${mb(afterLoad)} MB`);

    const bare = await startBare(path.join(work, `bare-${label}`), bareFiles, children);
    const detailBare = await load(bare.url, () => detailPaths[random(detailPaths.length)]!);
    const fullListBare = await load(bare.url, () => '/fa/api/store/products/', 8, LONG_SECONDS);
    bare.stop();
    log(`bare: detail ${Math.round(detailBare.rps)} req/s, full list ${f1(fullListBare.rps)} req/s`);

    return {
      importSeconds,
      importPeakMb: mb(importPeak),
      reimportSeconds,
      coldStartMs: startMs,
      idleMb: mb(idle),
      detail,
      detailBare,
      page,
      offset0Ms,
      offsetDeepMs,
      pagedSearch,
      wideSearch,
      wideSearchBytes,
      fullList,
      fullListBare,
      fullListBytes: fullBody.length,
      fullListPeakMb: mb(fullListPeak),
      healthzMaxMs: Math.max(...health),
      healthzP99Ms: percentile(sortedHealth, 99),
      loopMaxMs: loop.max,
      loopP99Ms: loop.p99,
      afterLoadMb: mb(afterLoad),
      adminPage,
      adminSearch,
      adminDrafts,
    };
  } finally {
    await server.stop();
  }
}

// ---- the report ------------------------------------------------------------------------------------

function report(results: Record<string, Figures>, machine: string): string {
  const names = Object.keys(results);
  type Row = [string, string, (f: Figures) => string, (f: Figures) => boolean | undefined];
  /** A row of one load run: its speed, within the target when its p99 is at most `p99` ms. */
  const loadRow = (label: string, run: (f: Figures) => Load, p99: number): Row => [
    label,
    `p99 ≤ ${p99} ms`,
    (f) => speed(run(f)),
    (f) => run(f).p99 <= p99,
  ];
  const rows: Row[] = [
    [
      'import of the generated file',
      '< 60 s, < 500 MB',
      (f) => `${f.importSeconds.toFixed(1)} s, ${f.importPeakMb} MB`,
      (f) => f.importSeconds < 60 && f.importPeakMb < 500,
    ],
    [
      're-import of the same file',
      'a fraction',
      (f) => `${f.reimportSeconds.toFixed(2)} s`,
      (f) => f.reimportSeconds < f.importSeconds / 5,
    ],
    [
      'cold start to /healthz',
      '≤ 2 s',
      (f) => `${Math.round(f.coldStartMs)} ms`,
      (f) => f.coldStartMs <= 2000,
    ],
    [
      'product detail, random id',
      '≥ 0.5 of bare',
      (f) =>
        `${Math.round(f.detail.rps)} req/s, p99 ${f1(f.detail.p99)} ms (bare ${Math.round(f.detailBare.rps)}: ${(f.detail.rps / f.detailBare.rps).toFixed(2)})`,
      (f) => f.detail.rps / f.detailBare.rps >= 0.5,
    ],
    loadRow('page of 24, random offset and order', (f) => f.page, 20),
    [
      `one page alone, offset ~${PRODUCTS - 1000} vs ~0`,
      '≤ 1.5×',
      (f) => `${f1(f.offsetDeepMs)} vs ${f1(f.offset0Ms)} ms (${(f.offsetDeepMs / f.offset0Ms).toFixed(2)}×)`,
      (f) => f.offsetDeepMs / f.offset0Ms <= 1.5,
    ],
    [
      'paged search, 60 random terms',
      'p99 ≤ 30 ms',
      (f) => `${Math.round(f.pagedSearch.rps)} req/s, p99 ${f1(f.pagedSearch.p99)} ms`,
      (f) => f.pagedSearch.p99 <= 30,
    ],
    [
      `unpaginated ?search=${WIDE_SEARCH}, 8 connections`,
      `≥ 20× the peer's bytes per second (${PEER.wideSearchRps} req/s of 1.6 MB at 10,000 products: ${f1(PEER.wideSearchRps * 1.6)} MB/s)`,
      (f) =>
        `${f1(f.wideSearch.rps)} req/s of ${f1(f.wideSearchBytes / 1e6)} MB: ${f1((f.wideSearch.rps * f.wideSearchBytes) / 1e6)} MB/s (${((f.wideSearch.rps * f.wideSearchBytes) / 1e6 / (PEER.wideSearchRps * 1.6)).toFixed(1)}×)`,
      (f) => (f.wideSearch.rps * f.wideSearchBytes) / 1e6 / (PEER.wideSearchRps * 1.6) >= 20,
    ],
    [
      'full list, 8 connections',
      '≥ 0.3 of bare',
      (f) =>
        `${f1(f.fullList.rps)} req/s (${mb(f.fullListBytes)} MB each; bare ${f1(f.fullListBare.rps)}: ${(f.fullList.rps / f.fullListBare.rps).toFixed(2)})`,
      (f) => f.fullList.rps / f.fullListBare.rps >= 0.3,
    ],
    [
      'server RSS during 8 full lists',
      '≤ 250 MB',
      (f) => `${f.fullListPeakMb} MB (idle ${f.idleMb} MB)`,
      (f) => f.fullListPeakMb <= 250,
    ],
    [
      '/healthz during 8 full lists + 8 wide searches',
      '≤ 50 ms',
      (f) => `max ${f1(f.healthzMaxMs)} ms, p99 ${f1(f.healthzP99Ms)} ms`,
      (f) => f.healthzMaxMs <= 50,
    ],
    [
      'event-loop delay meanwhile (perf_hooks, in the server)',
      '≤ 50 ms',
      (f) => `max ${f1(f.loopMaxMs)} ms, p99 ${f1(f.loopP99Ms)} ms`,
      (f) => f.loopMaxMs <= 50,
    ],
    loadRow('back office: product list, page of 25 at a random page', (f) => f.adminPage, 100),
    loadRow('back office: product search, 60 random terms (drafts included)', (f) => f.adminSearch, 100),
    loadRow('back office: drafts only', (f) => f.adminDrafts, 100),
    [
      'RSS 10 s after the load',
      '≤ idle + 50 MB',
      (f) => `${f.afterLoadMb} MB (idle ${f.idleMb} MB)`,
      (f) => f.afterLoadMb <= f.idleMb + 50,
    ],
  ];
  const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✓' : ' ✗');
  const table = [
    `| measure | target | ${names.join(' | ')} |`,
    `|:--|:--|${names.map(() => '--:').join('|')}|`,
    ...rows.map(
      ([name, target, value, ok]) =>
        `| ${name} | ${target} | ${names.map((n) => `${value(results[n]!)}${mark(ok(results[n]!))}`).join(' | ')} |`,
    ),
  ].join('\n');
  return `${START}
### Scale: ${PRODUCTS.toLocaleString('en-US')} products, random traffic (\`npm run bench:scale\`)

${new Date().toISOString().slice(0, 10)}, ${machine}. The real server (\`node ${serverStart().flags.join(' ')} apps/server/dist/main.js\`, as \`npm start\` runs it, default configuration) on
each database; autocannon on the same machine, ${CONNECTIONS} connections unless said, ${WARMUP} s warm-up + ${SECONDS} s
measured; random ids, random offsets over the whole store in random orders (id, -id, creation_date,
-creation_date), random terms from a list of ${TERMS.length}: nearly every request misses the cache. Baselines: a bare
\`node:http\` process sending the same bytes, in the same run. ✓/✗: the scale issue's target.

${table}
${END}`;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-scale-'));
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? 'CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`;
  log(`Scale benchmark, ${PRODUCTS} products — ${machine}\nwork folder ${work}`);
  try {
    const generated = await runNode(
      cli,
      ['catalogue', 'generate', '--products', String(PRODUCTS), '--out', path.join(work, 'catalogue')],
      {
        ...process.env,
        DATA_DIR: path.join(work, 'gen'),
      },
    ).done;
    log(generated.trim());
    const catalogue = path.join(work, 'catalogue', 'catalogue.json');
    const base = benchEnv();
    const results: Record<string, Figures> = {};
    results.SQLite = await measureDatabase(
      'SQLite',
      { ...base, DATA_DIR: path.join(work, 'sqlite') },
      catalogue,
      work,
    );

    const dbName = `storefront_scale_${process.pid}`;
    const { admin, url: pgUrl, error } = await createBenchDatabase(PG_URL, dbName);
    if (error) log(`PostgreSQL at ${PG_URL} does not answer (${error.message}): skipped`);
    if (pgUrl) {
      try {
        results.PostgreSQL = await measureDatabase(
          'PostgreSQL',
          { ...base, DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: pgUrl },
          catalogue,
          work,
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      }
    }
    await admin.end().catch(() => undefined);

    const section = report(results, machine);
    log(`\n${section}`);
    writeSection(reportFile, [START, END], section, (text) =>
      text.includes('## Other measurements')
        ? text.replace('## Other measurements', `## Other measurements\n\n${section}`)
        : `${text.trimEnd()}\n\n## Other measurements\n\n${section}\n`,
    );
    log(`\nWritten to ${path.relative(repoRoot, reportFile)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Asks a URL every 50 ms until told to stop, then reports the times (ms). */
function runProbe(url: string): void {
  const times: number[] = [];
  let running = true;
  process.on('message', () => (running = false));
  void (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await sleep(50);
    }
    process.send?.(times, () => process.exit(0));
  })();
}

if (process.argv[2] === 'probe') runProbe(process.argv[3]!);
else await main();
