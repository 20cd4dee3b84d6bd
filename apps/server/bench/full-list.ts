/**
 * `npm run bench:full-list`: the unpaginated answers under load, against the real server process
 * (`node <flags> <entry>` of the root package.json's start, as `npm start` and systemd run it: the
 * built server, apps/server/dist/main.js, built first when stale; bench/start-line.ts) on a SQLite store of BENCH_PRODUCTS products (default 100,000, generated and
 * imported by the CLI first), or on an imported DATA_DIR given as BENCH_DATA_DIR.
 *
 * A child process is the clients (their work does not count as the server's): one full list alone,
 * then 8 concurrent full lists in both languages (plain, brotli and gzip, two of them slow readers
 * that take 256 KB a second until the others are done, so that a server that buffered for them
 * would show it) while /healthz is asked every 50 ms. Measured: the server's RSS from
 * /proc/PID/status every 100 ms (idle, peak, and 10 s after the load), its event loop's longest
 * delay (bench/event-loop-probe.ts), /healthz's slowest answer; every answer's decoded bytes are
 * hashed and must equal the plain answer of its language. Then the same with 8 unpaginated
 * searches beside the full lists (issue 11's load).
 *
 * BENCH_COMPARE=/tmp/before (another checkout, installed) runs the same rounds on that tree's
 * server, alternating, for before/after figures from one run (on BENCH_COMPARE_DATA_DIR when given: a
 * store imported by that tree, whose migrations may be older); BENCH_ROUNDS (default 1);
 * BENCH_NODE_FLAGS replaces the start script's node flags (to measure a V8 flag); BENCH_SOURCE=1 adds,
 * in turns, this tree's server run from its TypeScript sources (src/main.ts) with the same flags;
 * BENCH_WITHOUT_START_ENV=1 adds it without the environment its start line sets (malloc's settings).
 * Prints JSON and the targets; figures go to docs/benchmarks.md.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { freePort } from '../test/support/services.ts';
import { envNumber } from './load.ts';
import { startLine } from './start-line.ts';
import { benchEnv, runNode, untilHealthy } from './processes.ts';

/** The targets: peak RSS during the load, and RSS after it within this much of idle. */
const PEAK_TARGET_MB = 250;
const AFTER_TARGET_MB = 50;
/** How long after the last answer the RSS "after" is read. */
const SETTLE_MS = 10_000;
const CLIENTS = 8;
/** A slow reader's pace while the other clients are still reading. */
const SLOW_BYTES_PER_SECOND = 256 * 1024;

type Encoding = 'identity' | 'br' | 'gzip';
interface Answer {
  ms: number;
  wireBytes: number;
  bytes: number;
  sha256: string;
}
interface ClientReport {
  alone: Record<string, Answer>;
  loads: (Answer & { url: string; encoding: Encoding; slow: boolean })[];
  health: number[];
}

if (process.argv[2] === 'client') {
  const [base, withSearches] = [process.argv[3]!, process.argv[4] === 'searches'];
  let othersDone = false;
  /** GET `url` with `encoding`, decoding as it reads; a slow reader is paced while others read. */
  const get = (url: string, encoding: Encoding, slow = false) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`${url} → ${res.statusCode}`));
        const sent = res.headers['content-encoding'] ?? 'identity';
        if (sent !== encoding && !(encoding === 'identity' && sent === 'identity')) {
          return reject(new Error(`${url}: asked ${encoding}, got ${sent}`));
        }
        const hash = crypto.createHash('sha256');
        let bytes = 0;
        let wireBytes = 0;
        const decoder =
          sent === 'br' ? zlib.createBrotliDecompress() : sent === 'gzip' ? zlib.createGunzip() : undefined;
        const count = (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        };
        const finish = () =>
          resolve({ ms: performance.now() - started, wireBytes, bytes, sha256: hash.digest('hex') });
        if (decoder) {
          decoder.on('data', count).on('end', finish).on('error', reject);
        }
        res.on('data', (chunk: Buffer) => {
          wireBytes += chunk.length;
          if (decoder) decoder.write(chunk);
          else count(chunk);
          if (slow && !othersDone) {
            res.pause();
            setTimeout(() => res.resume(), (chunk.length / SLOW_BYTES_PER_SECOND) * 1000);
          }
        });
        res.on('end', () => (decoder ? decoder.end() : finish()));
        res.on('error', reject);
      });
      request.on('error', reject);
    });

  const list = (lang: string) => `${base}/${lang}/api/store/products/`;
  const search = (lang: string) => `${list(lang)}?search=${encodeURIComponent('پسته')}`;
  const alone: Record<string, Answer> = {};
  for (const lang of ['fa', 'en']) alone[lang] = await get(list(lang), 'identity');
  if (withSearches)
    for (const lang of ['fa', 'en']) alone[`search-${lang}`] = await get(search(lang), 'identity');
  process.send?.({ type: 'alone' });
  await new Promise((resolve) => process.once('message', resolve));

  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await get(`${base}/healthz`, 'identity');
      health.push(performance.now() - started);
      await sleep(50);
    }
  })();
  const encodings: Encoding[] = ['identity', 'br', 'gzip', 'identity', 'br', 'gzip', 'identity', 'br'];
  const plan = encodings.map((encoding, i) => ({
    url: list(i % 2 === 0 ? 'fa' : 'en'),
    encoding,
    slow: i >= CLIENTS - 2,
  }));
  if (withSearches)
    plan.push(
      ...encodings.map((encoding, i) => ({ url: search(i % 2 === 0 ? 'fa' : 'en'), encoding, slow: false })),
    );
  const fast = plan.map((p) => (p.slow ? undefined : get(p.url, p.encoding)));
  const slow = plan.map((p) => (p.slow ? get(p.url, p.encoding, true) : undefined));
  const fastDone = await Promise.all(fast);
  othersDone = true;
  const slowDone = await Promise.all(slow);
  running = false;
  await probe;
  const loads = plan.map((p, i) => ({ ...p, ...(fastDone[i] ?? slowDone[i]!) }));
  process.send?.({ type: 'report', report: { alone, loads, health } satisfies ClientReport });
  process.exit(0);
}

// ---- the server ------------------------------------------------------------------------------------

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const probeModule = path.join(import.meta.dirname, 'event-loop-probe.ts');
const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);

function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process so far, from /proc/PID/stat (clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(
  root: string,
  dataDir: string,
  withSearches: boolean,
  source: boolean,
  startEnv: boolean,
) {
  const start = startLine(root);
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? start.flags;
  const entry = source ? path.join(root, 'apps/server/src/main.ts') : start.entry;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = fork(entry, [], {
    cwd: root,
    env: {
      ...benchEnv(),
      ...(startEnv ? start.env : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    execArgv: [...flags, '--import', probeModule],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const stop = await untilHealthy(server, base, 20);
  const pid = server.pid!;
  const loop = () =>
    new Promise<{ max: number; p99: number }>((resolve) => {
      const on = (reply: { type: string; max: number; p99: number }) => {
        if (reply.type !== 'loop') return;
        server.off('message', on);
        resolve(reply);
      };
      server.on('message', on);
      server.send('read');
    });
  const resetLoop = async () => {
    const replied = new Promise((resolve) => server.once('message', resolve));
    server.send('reset');
    await replied;
  };
  try {
    await sleep(1000);
    const idle = rssOf(pid);
    const client = fork(import.meta.filename, ['client', base, withSearches ? 'searches' : 'lists'], {
      stdio: 'inherit',
    });
    const exited = new Promise<never>((_, reject) =>
      client.once('exit', (code) => code !== 0 && reject(new Error(`client exited ${code}`))),
    );
    const message = <T>(type: string) =>
      Promise.race([
        exited,
        new Promise<T>((resolve) => {
          const on = (m: { type: string }) => {
            if (m.type !== type) return;
            client.off('message', on);
            resolve(m as T);
          };
          client.on('message', on);
        }),
      ]);
    await message('alone');
    // The load starts from the server's state after single answers, as a running shop's would.
    await sleep(2000);
    const before = rssOf(pid);
    await resetLoop();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
    const started = performance.now();
    const cpuBefore = cpuOf(pid);
    client.send('go');
    const { report } = await message<{ report: ClientReport }>('report');
    const loadMs = performance.now() - started;
    const cpuSeconds = cpuOf(pid) - cpuBefore;
    clearInterval(sampler);
    const delay = await loop();
    const afterSamples: number[] = [];
    for (let t = 0; t < SETTLE_MS; t += 100) {
      afterSamples.push(rssOf(pid));
      await sleep(100);
    }
    const after = afterSamples[afterSamples.length - 1]!;
    for (const load of report.loads) {
      const lang = load.url.includes('/fa/') ? 'fa' : 'en';
      const plain = report.alone[load.url.includes('search=') ? `search-${lang}` : lang]!;
      if (load.sha256 !== plain.sha256 || load.bytes !== plain.bytes) {
        throw new Error(
          `${load.url} (${load.encoding}${load.slow ? ', slow' : ''}) differs from the plain answer`,
        );
      }
    }
    return {
      fullList: {
        megabytes: {
          fa: +(report.alone.fa!.bytes / 1024 ** 2).toFixed(1),
          en: +(report.alone.en!.bytes / 1024 ** 2).toFixed(1),
        },
        aloneMs: Math.round(report.alone.fa!.ms),
      },
      underLoad: {
        requests: report.loads.length,
        loadMs: Math.round(loadMs),
        serverCpuSeconds: +cpuSeconds.toFixed(1),
        slowestFastMs: Math.round(Math.max(...report.loads.filter((l) => !l.slow).map((l) => l.ms))),
        brotliMegabytes: +(report.loads.find((l) => l.encoding === 'br')!.wireBytes / 1024 ** 2).toFixed(1),
        healthzSlowestMs: Math.round(Math.max(...report.health)),
        healthzAnswers: report.health.length,
        eventLoopMaxDelayMs: Math.round(delay.max),
        eventLoopP99Ms: Math.round(delay.p99),
      },
      rssMB: {
        idle: mb(idle),
        beforeLoad: mb(before),
        peak: mb(peak),
        after: mb(after),
        afterMin: mb(Math.min(...afterSamples)),
      },
      targets: {
        peak: `${mb(peak)} ≤ ${PEAK_TARGET_MB} MB ${mb(peak) <= PEAK_TARGET_MB ? '✓' : '✗'}`,
        after: `${mb(after)} - ${mb(idle)} = ${mb(after - idle)} ≤ ${AFTER_TARGET_MB} MB ${
          mb(after - idle) <= AFTER_TARGET_MB ? '✓' : '✗'
        }`,
      },
    };
  } finally {
    await stop();
  }
}

// ---- the run ---------------------------------------------------------------------------------------

let dataDir = process.env.BENCH_DATA_DIR;
let scratch: string | undefined;
if (dataDir === undefined) {
  const products = envNumber('BENCH_PRODUCTS', 100_000);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-full-list-'));
  dataDir = path.join(scratch, 'data');
  const cli = path.join(repoRoot, 'apps/server/src/cli.ts');
  const env = { ...benchEnv(), DATA_DIR: dataDir };
  const catalogue = path.join(scratch, 'catalogue');
  await runNode(
    cli,
    ['catalogue', 'generate', '--products', String(products), '--out', catalogue, '--seed', '1'],
    env,
  ).done;
  await runNode(cli, ['catalogue', 'import', path.join(catalogue, 'catalogue.json')], env).done;
}
/** The servers to measure, in turns: this tree as `npm start` runs it, then the others. */
const servers = [
  { tree: repoRoot, source: false, startEnv: true },
  ...(process.env.BENCH_SOURCE === '1' ? [{ tree: repoRoot, source: true, startEnv: true }] : []),
  ...(process.env.BENCH_WITHOUT_START_ENV === '1'
    ? [{ tree: repoRoot, source: false, startEnv: false }]
    : []),
  ...(process.env.BENCH_COMPARE
    ? [{ tree: path.resolve(process.env.BENCH_COMPARE), source: false, startEnv: true }]
    : []),
];
/** The store each tree's server opens: the other tree's own when given (its migrations may differ). */
const storeOf = (tree: string) =>
  tree !== repoRoot && process.env.BENCH_COMPARE_DATA_DIR ? process.env.BENCH_COMPARE_DATA_DIR : dataDir!;
const rounds = envNumber('BENCH_ROUNDS', 1);
const withSearches = process.env.BENCH_SEARCHES !== '0';
try {
  for (let round = 1; round <= rounds; round++) {
    for (const { tree, source, startEnv } of [...servers].reverse()) {
      for (const searches of withSearches ? [false, true] : [false]) {
        const figures = await measure(tree, storeOf(tree), searches, source, startEnv);
        console.log(
          JSON.stringify(
            {
              tree,
              entry: source ? 'apps/server/src/main.ts' : startLine(tree).entry,
              env: startEnv ? startLine(tree).env : {},
              round,
              load: searches ? '8 full lists + 8 searches' : '8 full lists',
              loadavg: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
              ...figures,
            },
            null,
            2,
          ),
        );
      }
    }
  }
} finally {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
