/**
 * `npm run bench`: throughput and latency of the storefront API against a bare `node:http` server
 * answering the same bytes, on a 10,000-product SQLite store, with the response cache on (the
 * default configuration) and off; then search latency at 100,000 products with the cache off, so
 * that every search really runs. Prints the results and writes docs/benchmarks.md.
 *
 * Each server runs in its own child process (bench/server.ts); autocannon runs in this one.
 * Optional knobs for quick trial runs (the committed figures use the defaults):
 * BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_SMALL, BENCH_LARGE.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../src/config.ts';
import { envNumber, measure, type LoadResult } from './load.ts';
import type { CannedResponse, ChildMessage, ParentMessage, StartRequest } from './protocol.ts';

const SECONDS = envNumber('BENCH_SECONDS', 8);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const SMALL = envNumber('BENCH_SMALL', 10_000);
const LARGE = envNumber('BENCH_LARGE', 100_000);
const SEED = 1;
/** Seconds per query for the per-query search breakdown at LARGE products. */
const PER_QUERY_SECONDS = Math.min(2, SECONDS);

/** The response cache's size in the default configuration (RESPONSE_CACHE_MB unset). */
const DEFAULT_CACHE_MB = testConfig().responseCacheMegabytes;

const RATIO_TARGET = 0.5;
const SEARCH_P99_TARGET_MS = 20;

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const reportFile = path.join(repoRoot, 'docs/benchmarks.md');
/** The heading under which docs/benchmarks.md holds other scripts' figures, which a run keeps. */
const KEPT_HEADING = '## Other measurements';
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
  // The server-rendered product page (apps/web's build with its .ssr/ server render): with the cache
  // on, a rendered page is kept per catalogue version; with it off, every request renders React.
  {
    name: 'Product page HTML (SSR)',
    paths: detailIds(products).map((id) => `/app/product/${id}`),
    ratioTarget: undefined,
  },
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
  /** The storefront in its default configuration: response cache on. */
  cached: LoadResult;
  /** The same storefront and database with the response cache off. */
  uncached: LoadResult;
  bare: LoadResult;
  bytes: number;
}

interface LargeRow {
  connections: number;
  result: LoadResult;
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  if (!(DEFAULT_CACHE_MB > 0)) {
    throw new Error(`The default response cache size is ${DEFAULT_CACHE_MB} MB; expected it to be on`);
  }
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

  /**
   * Generates and imports a store in a process of its own, which exits when done. The servers that
   * are measured then start on the finished database (products: 0 imports nothing), as a shop's
   * server does after `npm run catalogue -- import`, instead of carrying the import's heap (V8 keeps
   * the hundreds of MB it grew to for a while) into the measurement.
   */
  const prepare = async (label: string, dataDir: string, catalogueDir: string, products: number) => {
    const importer = new ServerProcess(label);
    servers.push(importer);
    await importer.start({
      kind: 'storefront',
      dataDir,
      catalogueDir,
      products,
      seed: SEED,
      responseCacheMegabytes: 0,
    });
    await importer.stop();
  };

  try {
    // --- Part 1: every endpoint at SMALL products, cache on and off, beside a bare server ------
    log(`[1/2] Preparing a ${int(SMALL)}-product store…`);
    const smallData = path.join(tmpRoot, 'small', 'data');
    const smallCatalogue = path.join(tmpRoot, 'small', 'catalogue');
    await prepare(`${int(SMALL)}-product store`, smallData, smallCatalogue, SMALL);
    /** A server of the small store, its response cache on (the default size) or off. */
    const startSmall = async (cache: 'on' | 'off') => {
      const server = new ServerProcess(`${int(SMALL)}-product store, cache ${cache}`);
      servers.push(server);
      const url = await server.start({
        kind: 'storefront',
        dataDir: smallData,
        catalogueDir: smallCatalogue,
        products: 0,
        seed: SEED,
        responseCacheMegabytes: cache === 'on' ? DEFAULT_CACHE_MB : 0,
      });
      return { server, url };
    };
    const { server: cachedStore, url: cachedUrl } = await startSmall('on');
    // A second server on the same database with the cache off.
    const { server: uncachedStore, url: uncachedUrl } = await startSmall('off');

    const list = endpoints(SMALL);
    const routes: Record<string, CannedResponse> = {};
    const bytesByEndpoint = new Map<Endpoint, number>();
    for (const endpoint of list) {
      const captured = await capture(cachedUrl, endpoint.paths);
      Object.assign(routes, captured);
      const sizes = Object.values(captured).map((c) => Buffer.byteLength(c.body, 'base64'));
      bytesByEndpoint.set(endpoint, sizes.reduce((a, b) => a + b, 0) / sizes.length);
      // Both servers must send the same answer (image URLs carry each server's own address).
      const fresh = await capture(uncachedUrl, endpoint.paths);
      for (const p of endpoint.paths) {
        const a = Buffer.from(routes[p]!.body, 'base64').toString('utf8');
        const b = Buffer.from(fresh[p]!.body, 'base64').toString('utf8').replaceAll(uncachedUrl, cachedUrl);
        if (a !== b) throw new Error(`GET ${p}: the cached and uncached servers answer differently`);
      }
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
      const run = async (label: string, url: string) => {
        log(`  ${endpoint.name}: ${label}…`);
        const result = await measure({ ...load, url });
        log(`    ${int(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`);
        return result;
      };
      const cached = await run('storefront, cache on', cachedUrl);
      const uncached = await run('storefront, cache off', uncachedUrl);
      const bareResult = await run('bare node:http', bareUrl);
      rows.push({ endpoint, cached, uncached, bare: bareResult, bytes: bytesByEndpoint.get(endpoint) ?? 0 });
    }
    await cachedStore.stop();
    await uncachedStore.stop();
    await bare.stop();

    // --- Part 2: search latency at LARGE products ---------------------------------------------
    log(`\n[2/2] Preparing a ${int(LARGE)}-product store, cache off (this takes a while)…`);
    const largeStarted = performance.now();
    const largeData = path.join(tmpRoot, 'large', 'data');
    const largeCatalogue = path.join(tmpRoot, 'large', 'catalogue');
    await prepare(`${int(LARGE)}-product store`, largeData, largeCatalogue, LARGE);
    const largeSetup = elapsed(largeStarted);
    const large = new ServerProcess(`${int(LARGE)}-product store, cache off`);
    servers.push(large);
    // The response cache is off here, so that every request runs its search.
    const largeUrl = await large.start({
      kind: 'storefront',
      dataDir: largeData,
      catalogueDir: largeCatalogue,
      products: 0,
      seed: SEED,
      responseCacheMegabytes: 0,
    });
    // Deleting the generated catalogue file early keeps the temporary footprint small.
    fs.rmSync(largeCatalogue, { recursive: true, force: true });
    // Every query answers 200 before it is measured; the counts show how broad each one is.
    const matches = new Map<string, number>();
    for (const [i, canned] of Object.values(await capture(largeUrl, searchPaths())).entries()) {
      const { count } = JSON.parse(Buffer.from(canned.body, 'base64').toString('utf8')) as { count: number };
      matches.set(SEARCHES[i]!, count);
    }
    const largeRows: LargeRow[] = [];
    // One search on its own (the target), then CONNECTIONS at once (mostly queueing).
    for (const connections of [1, CONNECTIONS]) {
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
    const ratio = (r: LoadResult, bare: LoadResult) => r.rps / bare.rps;
    const mainTable = table(
      [
        'Endpoint',
        'Cached req/s',
        'p50',
        'p99',
        'Ratio',
        'Uncached req/s',
        'p50',
        'p99',
        'Ratio',
        'Bare req/s',
        'Target',
        'Result',
      ],
      rows.map(({ endpoint, cached, uncached, bare: b }) => {
        const cachedRatio = ratio(cached, b);
        const uncachedRatio = ratio(uncached, b);
        let target = '—';
        let result = '—';
        if (endpoint.ratioTarget !== undefined) {
          target = `≥ ${pct(endpoint.ratioTarget)} of bare (cached)`;
          result = cachedRatio >= endpoint.ratioTarget ? 'PASS' : 'FAIL';
          verdicts.push(
            `${result}: ${endpoint.name} at ${pct(cachedRatio)} of the bare server's rate with the response cache on ` +
              `(target ≥ ${pct(endpoint.ratioTarget)}); ${pct(uncachedRatio)} with the cache off (no target)`,
          );
        }
        return [
          endpoint.name,
          int(cached.rps),
          ms(cached.p50),
          ms(cached.p99),
          pct(cachedRatio),
          int(uncached.rps),
          ms(uncached.p50),
          ms(uncached.p99),
          pct(uncachedRatio),
          int(b.rps),
          target,
          result,
        ];
      }),
    );
    // The target is about the latency of a search: judged on the 1-connection run.
    const alone = largeRows.find((r) => r.connections === 1)!;
    const loaded = largeRows.find((r) => r.connections !== 1);
    const searchPass = alone.result.p99 < SEARCH_P99_TARGET_MS;
    verdicts.push(
      `${searchPass ? 'PASS' : 'FAIL'}: search p99 at ${int(LARGE)} products (response cache off) is ` +
        `${ms(alone.result.p99)} for one search on its own, 1 connection (target < ${SEARCH_P99_TARGET_MS} ms)` +
        (loaded
          ? `; with ${loaded.connections} concurrent connections it is ${ms(loaded.result.p99)}, mostly queueing (no target)`
          : ''),
    );
    const largeTable = table(
      ['Search at ' + int(LARGE) + ' products, cache off', 'req/s', 'p50', 'p99', 'Target', 'Result'],
      largeRows.map(({ connections, result }) => {
        const judged = connections === 1;
        return [
          `${connections} connection${connections === 1 ? '' : 's'}`,
          int(result.rps),
          ms(result.p50),
          ms(result.p99),
          judged ? `p99 < ${SEARCH_P99_TARGET_MS} ms` : '—',
          judged ? (searchPass ? 'PASS' : 'FAIL') : '—',
        ];
      }),
    );
    const perQueryTable = table(
      ['Query (1 connection, cache off)', 'Matches', 'req/s', 'p50', 'p99'],
      perQuery.map(({ query, result }) => [
        `“${query}”`,
        int(matches.get(query) ?? Number.NaN),
        int(result.rps),
        ms(result.p50),
        ms(result.p99),
      ]),
    );
    const ratioSummary = (pick: (r: Row) => LoadResult) => {
      const ratios = rows.map((r) => ratio(pick(r), r.bare));
      return {
        range: `${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}`,
        each: rows.map((r, k) => `${r.endpoint.name.toLowerCase()} ${pct(ratios[k]!)}`).join(', '),
      };
    };
    const on = ratioSummary((r) => r.cached);
    const off = ratioSummary((r) => r.uncached);
    const headline =
      `With the response cache on (the default, ${DEFAULT_CACHE_MB} MB), the storefront serves ${on.range} of the ` +
      `request rate of a bare \`node:http\` server sending the same bytes (${on.each}); with the cache off, ` +
      `${off.range} (${off.each}). Search at ${int(LARGE)} products with the cache off: p99 ` +
      `${ms(alone.result.p99)} for one search on its own` +
      (loaded ? `, ${ms(loaded.result.p99)} with ${loaded.connections} concurrent connections.` : '.');

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

A synthetic bilingual store of ${int(SMALL)} products (the catalogue generator, seed ${SEED}) is imported into a fresh SQLite database in a temporary directory, by a process of its own that then exits. Two processes of the whole application (\`buildApp\`, logging off) then serve that same database on 127.0.0.1, both started on the finished database as a shop's server is after an import: one in the default configuration, with the response cache on (\`RESPONSE_CACHE_MB\` unset, ${DEFAULT_CACHE_MB} MB), and one with it off (\`RESPONSE_CACHE_MB=0\`).

The response cache keeps the serialised JSON answers of catalogue reads (products, search, product detail, collections, posts and the like) in memory, keyed by the catalogue's version, the URL, the language, the public base URL and the kind of viewer (visitor or signed in, since signed-in users see supplier phones); least recently used answers are dropped past the size limit. The catalogue changes only by import, and an import changes the version, which invalidates every cached answer (at once in the importing process, within a second in others). A visitor's hit is answered by the route's first hook, right after the security headers are set, without validating the request again (the cached answer was made for that exact URL, which passed validation then) and without running the handler; a signed-in user's hit goes through the handler, after the token is verified. The benchmark rotates a small set of URLs from anonymous clients, so after the warm-up every request of the cached run is a cache hit: those figures measure parsing and routing, the hooks, the headers and sending ready-made bytes — what a shop's popular pages cost — not the database. The uncached run builds every answer: the database queries and the JSON. Real traffic falls between the two: repeat visits to the same pages hit, rarely visited pages and new searches miss.

For each endpoint the benchmark first fetches every request once from the cached storefront and keeps the exact response body and \`Content-Type\` (the uncached storefront is checked to answer the same bytes, apart from its own address in image URLs); a bare \`node:http\` server then answers the same URLs with those bytes (and only the headers Node adds itself), so the difference between a storefront and the bare server is the cost of the application. Each server runs in its own process, and [autocannon](https://github.com/mcollina/autocannon) drives them one at a time from the benchmark process over loopback with ${CONNECTIONS} keep-alive connections (no pipelining): ${WARMUP_SECONDS} s of discarded warm-up, then ${SECONDS} s measured; for each endpoint the cached storefront, the uncached storefront and the bare server are measured in turn. Each connection cycles through the endpoint's requests: ${rows[0]!.endpoint.paths.length} product ids spread over the store, pages of 24 at offsets ${pageOffsets(SMALL).join(', ')}, and ${SEARCHES.length} searches in Persian and English (${SEARCHES.map((q) => `“${q}”`).join(', ')}), all on the Persian (\`/fa/\`) API.

Requests per second counts 2xx responses over the measured window (any error or non-2xx response aborts the benchmark); p50/p99 are per-request latencies seen by the client, with microsecond resolution. Each ratio is that storefront's req/s ÷ the bare server's req/s. The ≥ ${pct(RATIO_TARGET)} targets are judged on the cached figures, the default configuration a shop runs; the uncached figures are reported beside them, without a verdict, to show what building each answer costs. The load generator shares the machine with the server, so on a small machine the bare server's rate is partly limited by the client: compare ratios between runs rather than absolute rates.

Then a second store of ${int(LARGE)} products is generated and imported the same way (${largeSetup}) and served with the response cache off, so that every request really runs its search. The same searches are run against it with 1 connection — the latency of one search on its own, which is what the “search p99 < ${SEARCH_P99_TARGET_MS} ms” target is about and what it is judged on — and with ${CONNECTIONS} connections, reported beside it without a verdict: with ${CONNECTIONS} concurrent connections SQLite answers one query at a time on the server's one event loop, on a ${machine.cores}-core machine shared with the load generator, so that run's p99 is mostly time spent queueing behind other searches. Finally each query is run on its own for ${PER_QUERY_SECONDS} s with 1 connection, to show which kinds of search are slow; “Matches” is the result count the API reports.

## ${int(SMALL)} products: storefront (response cache on and off) vs. bare \`node:http\`

${mainTable}

${sizes}

## Search at ${int(LARGE)} products (response cache off)

${largeTable}

${perQueryTable}

## Targets

${verdicts.map((v) => `- ${v}`).join('\n')}
`;
    fs.mkdirSync(path.dirname(reportFile), { recursive: true });
    // Measurements of other scripts (bench/serialization.ts…) live below KEPT_HEADING: kept as they are.
    const previous = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : '';
    const kept = previous.indexOf(KEPT_HEADING);
    fs.writeFileSync(reportFile, kept === -1 ? doc : `${doc}\n${previous.slice(kept)}`);
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
