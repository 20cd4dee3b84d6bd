/**
 * `npm run bench`: throughput and latency of the storefront API against a bare `node:http` server
 * answering the same bytes, on a 10,000-product SQLite store, then search latency at 100,000
 * products. Prints the results and writes docs/benchmarks.md.
 *
 * Each server runs in its own child process (bench/server.ts); autocannon runs in this one.
 * Optional knobs for quick trial runs (the committed figures use the defaults):
 * BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_SMALL, BENCH_LARGE.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, type LoadResult } from './load.ts';
import type { CannedResponse, ChildMessage, ParentMessage, StartRequest } from './protocol.ts';

const envNumber = (name: string, fallback: number): number => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, not ${JSON.stringify(value)}`);
  return n;
};

const SECONDS = envNumber('BENCH_SECONDS', 8);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const SMALL = envNumber('BENCH_SMALL', 10_000);
const LARGE = envNumber('BENCH_LARGE', 100_000);
const SEED = 1;
/** Seconds per query for the per-query search breakdown at LARGE products. */
const PER_QUERY_SECONDS = Math.min(2, SECONDS);

const RATIO_TARGET = 0.5;
const SEARCH_P99_TARGET_MS = 20;

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const reportFile = path.join(repoRoot, 'docs/benchmarks.md');
const serverScript = path.join(import.meta.dirname, 'server.ts');

/** Product ids spread over the store, for the detail endpoint. */
const detailIds = (products: number) =>
  Array.from({ length: 16 }, (_, i) => 1 + Math.floor(((i * 2 + 1) * products) / 32));
/** A few pages of 24: the first pages (most visited) and a couple deeper ones. */
const pageOffsets = (products: number) => [0, 24, 48, 240, Math.floor(products / 2 / 24) * 24];
/** Realistic queries built from the generator's word lists, in both languages and scripts. */
const SEARCHES = [
  'زعفران ممتاز',
  'پسته',
  'پسته رفسنجان',
  'فرش دست‌باف تبریز',
  'saffron kerman',
  'organic honey',
  'export-grade dates',
  'pistachio',
];

interface Endpoint {
  name: string;
  paths: string[];
  /** The storefront must reach this share of the bare server's rate; undefined: no target. */
  ratioTarget: number | undefined;
}

const endpoints = (products: number): Endpoint[] => [
  {
    name: 'Product detail',
    paths: detailIds(products).map((id) => `/fa/api/store/products/${id}/`),
    ratioTarget: RATIO_TARGET,
  },
  {
    name: 'Product page (24)',
    paths: pageOffsets(products).map((offset) => `/fa/api/store/products/?limit=24&offset=${offset}`),
    ratioTarget: RATIO_TARGET,
  },
  { name: 'Search', paths: searchPaths(), ratioTarget: undefined },
  { name: 'Post list', paths: ['/fa/api/store/posts/'], ratioTarget: RATIO_TARGET },
];

function searchPaths(): string[] {
  return SEARCHES.map((q) => `/fa/api/store/products/?search=${encodeURIComponent(q)}&limit=24`);
}

// ---------------------------------------------------------------------------------------------
// Child-process servers

const children = new Set<ChildProcess>();

class ServerProcess {
  readonly label: string;
  readonly child: ChildProcess;
  url = '';

  constructor(label: string) {
    this.label = label;
    this.child = fork(serverScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(this.child);
    this.child.once('exit', () => children.delete(this.child));
  }

  /** Starts the server and resolves with its base URL, printing progress (and a heartbeat while slow). */
  start(request: StartRequest): Promise<string> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const heartbeat = setInterval(() => {
        log(`  ${this.label}: still preparing (${elapsed(started)})`);
      }, 15_000);
      const done = () => {
        clearInterval(heartbeat);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (message: ChildMessage) => {
        if (message.type === 'progress') {
          log(`  ${this.label}: ${message.text}`);
        } else if (message.type === 'ready') {
          done();
          this.url = `http://127.0.0.1:${message.port}`;
          resolve(this.url);
        } else {
          done();
          reject(new Error(`${this.label} failed to start:\n${message.message}`));
        }
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`${this.label} exited (code ${code}) before it was ready`));
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.send({ type: 'start', request });
    });
  }

  send(message: ParentMessage): void {
    this.child.send(message);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ type: 'close' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Output helpers

const log = (text: string) => console.log(text);
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const align = header.map((_, i) => (i === 0 ? ':--' : '--:'));
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** Fetches each path once from the real server: the exact bytes and content type the bare server replays. */
async function capture(baseUrl: string, paths: string[]): Promise<Record<string, CannedResponse>> {
  const routes: Record<string, CannedResponse> = {};
  for (const p of paths) {
    const res = await fetch(baseUrl + p);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`GET ${p} → ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
    if (res.headers.get('content-encoding'))
      throw new Error(`GET ${p} came back encoded; cannot replay exact bytes`);
    routes[p] = {
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      body: body.toString('base64'),
    };
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------

interface Row {
  endpoint: Endpoint;
  store: LoadResult;
  bare: LoadResult;
  bytes: number;
}

interface LargeRow {
  connections: number;
  result: LoadResult;
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const servers: ServerProcess[] = [];
  const cleanup = async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    fs.rmSync(tmpRoot, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping servers and removing ${tmpRoot}`);
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(tmpRoot, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memory: gib(os.totalmem()),
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
  log(
    `Storefront benchmark — ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}`,
  );
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > machine.cores / 2) {
    log(
      `Warning: the 1-minute load average is already ${loadAtStart.toFixed(2)}; other work will skew the figures.`,
    );
  }
  log(`Temporary data in ${tmpRoot}`);
  log(
    `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per run, loopback only\n`,
  );

  try {
    // --- Part 1: every endpoint at SMALL products, beside a bare node:http server -------------
    log(`[1/2] Preparing a ${int(SMALL)}-product store…`);
    const small = new ServerProcess(`${int(SMALL)}-product store`);
    servers.push(small);
    const smallUrl = await small.start({
      kind: 'storefront',
      dataDir: path.join(tmpRoot, 'small', 'data'),
      catalogueDir: path.join(tmpRoot, 'small', 'catalogue'),
      products: SMALL,
      seed: SEED,
    });

    const list = endpoints(SMALL);
    const routes: Record<string, CannedResponse> = {};
    const bytesByEndpoint = new Map<Endpoint, number>();
    for (const endpoint of list) {
      const captured = await capture(smallUrl, endpoint.paths);
      Object.assign(routes, captured);
      const sizes = Object.values(captured).map((c) => Buffer.byteLength(c.body, 'base64'));
      bytesByEndpoint.set(endpoint, sizes.reduce((a, b) => a + b, 0) / sizes.length);
    }
    const bare = new ServerProcess('bare node:http');
    servers.push(bare);
    const bareUrl = await bare.start({ kind: 'bare', routes });

    const rows: Row[] = [];
    for (const endpoint of list) {
      const load = {
        paths: endpoint.paths,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
      };
      log(`  ${endpoint.name}: storefront…`);
      const store = await measure({ ...load, url: smallUrl });
      log(`    ${int(store.rps)} req/s, p50 ${ms(store.p50)}, p99 ${ms(store.p99)}`);
      log(`  ${endpoint.name}: bare node:http…`);
      const bareResult = await measure({ ...load, url: bareUrl });
      log(`    ${int(bareResult.rps)} req/s, p50 ${ms(bareResult.p50)}, p99 ${ms(bareResult.p99)}`);
      rows.push({ endpoint, store, bare: bareResult, bytes: bytesByEndpoint.get(endpoint) ?? 0 });
    }
    await small.stop();
    await bare.stop();

    // --- Part 2: search latency at LARGE products ---------------------------------------------
    log(`\n[2/2] Preparing a ${int(LARGE)}-product store (this takes a while)…`);
    const largeStarted = performance.now();
    const large = new ServerProcess(`${int(LARGE)}-product store`);
    servers.push(large);
    const largeUrl = await large.start({
      kind: 'storefront',
      dataDir: path.join(tmpRoot, 'large', 'data'),
      catalogueDir: path.join(tmpRoot, 'large', 'catalogue'),
      products: LARGE,
      seed: SEED,
    });
    const largeSetup = elapsed(largeStarted);
    // Deleting the generated catalogue file early keeps the temporary footprint small.
    fs.rmSync(path.join(tmpRoot, 'large', 'catalogue'), { recursive: true, force: true });
    // Every query answers 200 before it is measured; the counts show how broad each one is.
    const matches = new Map<string, number>();
    for (const [i, canned] of Object.values(await capture(largeUrl, searchPaths())).entries()) {
      const { count } = JSON.parse(Buffer.from(canned.body, 'base64').toString('utf8')) as { count: number };
      matches.set(SEARCHES[i]!, count);
    }
    const largeRows: LargeRow[] = [];
    for (const connections of [CONNECTIONS, 1]) {
      log(`  Search, ${connections} connection${connections === 1 ? '' : 's'}…`);
      const result = await measure({
        url: largeUrl,
        paths: searchPaths(),
        connections,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
      });
      log(`    ${int(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`);
      largeRows.push({ connections, result });
    }
    // Each query on its own, to show which kinds of search are slow.
    const perQuery: { query: string; result: LoadResult }[] = [];
    for (const [i, query] of SEARCHES.entries()) {
      const result = await measure({
        url: largeUrl,
        paths: [searchPaths()[i]!],
        connections: 1,
        warmupSeconds: 0,
        seconds: PER_QUERY_SECONDS,
      });
      perQuery.push({ query, result });
    }
    log(
      `    per query (1 connection): ${perQuery.map((q) => `“${q.query}” ${ms(q.result.p50)}`).join(', ')}`,
    );
    await large.stop();

    // --- Report ------------------------------------------------------------------------------
    const verdicts: string[] = [];
    const mainTable = table(
      ['Endpoint', 'Storefront req/s', 'p50', 'p99', 'Bare req/s', 'Ratio', 'Target', 'Result'],
      rows.map(({ endpoint, store, bare: b }) => {
        const ratio = store.rps / b.rps;
        let target = '—';
        let result = '—';
        if (endpoint.ratioTarget !== undefined) {
          const pass = ratio >= endpoint.ratioTarget;
          target = `≥ ${pct(endpoint.ratioTarget)} of bare`;
          result = pass ? 'PASS' : 'FAIL';
          verdicts.push(
            `${result}: ${endpoint.name} at ${pct(ratio)} of the bare server's rate (target ≥ ${pct(endpoint.ratioTarget)})`,
          );
        }
        return [
          endpoint.name,
          int(store.rps),
          ms(store.p50),
          ms(store.p99),
          int(b.rps),
          pct(ratio),
          target,
          result,
        ];
      }),
    );
    const loaded = largeRows[0]!;
    const searchPass = loaded.result.p99 < SEARCH_P99_TARGET_MS;
    verdicts.push(
      `${searchPass ? 'PASS' : 'FAIL'}: search p99 at ${int(LARGE)} products is ${ms(loaded.result.p99)} with ` +
        `${loaded.connections} connections (${ms(largeRows[1]!.result.p99)} with 1 connection; target < ${SEARCH_P99_TARGET_MS} ms)`,
    );
    const largeTable = table(
      ['Search at ' + int(LARGE) + ' products', 'req/s', 'p50', 'p99', 'Target', 'Result'],
      largeRows.map(({ connections, result }, i) => [
        `${connections} connection${connections === 1 ? '' : 's'}`,
        int(result.rps),
        ms(result.p50),
        ms(result.p99),
        i === 0 ? `p99 < ${SEARCH_P99_TARGET_MS} ms` : '—',
        i === 0 ? (searchPass ? 'PASS' : 'FAIL') : '—',
      ]),
    );
    const perQueryTable = table(
      ['Query (1 connection)', 'Matches', 'req/s', 'p50', 'p99'],
      perQuery.map(({ query, result }) => [
        `“${query}”`,
        int(matches.get(query) ?? Number.NaN),
        int(result.rps),
        ms(result.p50),
        ms(result.p99),
      ]),
    );
    const ratios = rows.map((r) => r.store.rps / r.bare.rps);
    const headline =
      `The storefront serves ${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))} of the request rate of a bare ` +
      `\`node:http\` server sending the same bytes (${rows.map((r) => `${r.endpoint.name.toLowerCase()} ${pct(r.store.rps / r.bare.rps)}`).join(', ')}).`;

    const sizes = table(
      ['Endpoint', 'Requests rotated', 'Mean body'],
      rows.map((r) => [
        r.endpoint.name,
        String(r.endpoint.paths.length),
        `${(r.bytes / 1024).toFixed(1)} KiB`,
      ]),
    );

    log(`\n${headline}\n`);
    log(`${mainTable}\n`);
    log(`${largeTable}\n`);
    log(`${perQueryTable}\n`);
    for (const v of verdicts) log(v);

    const doc = `# Benchmarks

Generated by \`npm run bench\` (apps/server/bench/run.ts) on ${new Date().toISOString()}.

**Headline:** ${headline}

## Machine

- CPU: ${machine.cpu}, ${machine.cores} cores
- Memory: ${machine.memory}
- Node.js: ${machine.node}
- OS: ${machine.os}
- 1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end (other processes on the machine skew the figures)

## Method

A synthetic bilingual store of ${int(SMALL)} products (the catalogue generator, seed ${SEED}) is imported into a fresh SQLite database in a temporary directory, and the whole application (\`buildApp\`, logging off) listens on 127.0.0.1. For each endpoint the benchmark first fetches every request once from the storefront and keeps the exact response body and \`Content-Type\`; a bare \`node:http\` server then answers the same URLs with those bytes (and only the headers Node adds itself), so the difference between the two is the cost of the application: routing, hooks and headers, validation, the database queries and building the JSON. Each server runs in its own process, and [autocannon](https://github.com/mcollina/autocannon) drives it from the benchmark process over loopback with ${CONNECTIONS} keep-alive connections (no pipelining): ${WARMUP_SECONDS} s of discarded warm-up, then ${SECONDS} s measured. Each connection cycles through the endpoint's requests: ${rows[0]!.endpoint.paths.length} product ids spread over the store, pages of 24 at offsets ${pageOffsets(SMALL).join(', ')}, and ${SEARCHES.length} searches in Persian and English (${SEARCHES.map((q) => `“${q}”`).join(', ')}), all on the Persian (\`/fa/\`) API.

Requests per second counts 2xx responses over the measured window (any error or non-2xx response aborts the benchmark); p50/p99 are per-request latencies seen by the client, with microsecond resolution. The ratio is storefront req/s ÷ bare req/s. The load generator shares the machine with the server, so on a small machine the bare server's rate is partly limited by the client: compare ratios between runs rather than absolute rates.

Then a second store of ${int(LARGE)} products is generated and imported (${largeSetup}) and the same searches are run against it with ${CONNECTIONS} connections (latency includes queueing behind other requests, as SQLite queries run one at a time on the server's event loop) and with 1 connection (the latency of a search on its own). The target applies to the ${CONNECTIONS}-connection run. Finally each query is run on its own for ${PER_QUERY_SECONDS} s with 1 connection, to show which kinds of search are slow; “Matches” is the result count the API reports.

## ${int(SMALL)} products: storefront vs. bare \`node:http\`

${mainTable}

${sizes}

## Search at ${int(LARGE)} products

${largeTable}

${perQueryTable}

## Targets

${verdicts.map((v) => `- ${v}`).join('\n')}
`;
    fs.mkdirSync(path.dirname(reportFile), { recursive: true });
    fs.writeFileSync(reportFile, doc);
    log(`\nWrote ${path.relative(process.cwd(), reportFile)} (whole run took ${elapsed(benchStarted)})`);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exitCode = 1;
});
