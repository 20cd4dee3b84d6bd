/**
 * `node apps/server/bench/full-list.ts`: the unpaginated answers under load. A generated store
 * (BENCH_PRODUCTS, default 10,000) is served on 127.0.0.1 in the default configuration; this process
 * is the server, and the clients are `fetch`es in a child process so that their work does not
 * count as the server's. Measured: one full list alone; then 8 concurrent full lists and 8
 * unpaginated searches, while /healthz is asked every 50 ms: the server's peak RSS, the event loop's
 * longest delay (perf_hooks), /healthz's slowest answer; and RSS once the load has stopped.
 * Prints JSON; figures go to docs/benchmarks.md.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';

if (process.argv[2] === 'client') {
  // The client: runs the requests it is told and reports their times.
  const [base, count] = [process.argv[3]!, Number(process.argv[4])];
  const search = encodeURIComponent('پسته');
  const time = async (url: string) => {
    const started = performance.now();
    const res = await fetch(url);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      health.push((await time(`${base}/healthz`)).ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const loads = await Promise.all([
    ...Array.from({ length: count }, () => time(`${base}/fa/api/store/products/`)),
    ...Array.from({ length: count }, () => time(`${base}/fa/api/store/products/?search=${search}`)),
  ]);
  running = false;
  await probe;
  process.send?.({ loads, health });
  process.exit(0);
}

if (process.argv[2] === 'import') {
  // The store is generated and imported by a process of its own, which then exits.
  const config = testConfig({ dataDir: process.argv[3]! });
  const setup = await buildApp(config);
  const file = await writeGeneratedStore(process.argv[4]!, { products: Number(process.argv[5]), seed: 1 });
  await importCatalogueFile(setup.database, file, path.join(config.dataDir, 'media'));
  await setup.close();
  process.exit(0);
}

const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-full-list-'));
const config = testConfig({ dataDir: path.join(dir, 'data') });
await new Promise<void>((resolve, reject) => {
  const child = fork(import.meta.filename, [
    'import',
    config.dataDir,
    path.join(dir, 'catalogue'),
    String(products),
  ]);
  child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`))));
});
// The measured server starts on the finished database, as after `npm run catalogue -- import`.
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);
try {
  global.gc?.();
  const idle = process.memoryUsage().rss;
  const started = performance.now();
  const one = await fetch(`${base}/fa/api/store/products/`);
  const oneBytes = (await one.arrayBuffer()).byteLength;
  const oneMs = performance.now() - started;

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const client = fork(import.meta.filename, ['client', base, '8'], { stdio: 'inherit' });
  const result = await new Promise<{ loads: { ms: number; bytes: number }[]; health: number[] }>(
    (resolve, reject) => {
      client.once('message', (message) => resolve(message as never));
      client.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`client exited ${code}`))));
    },
  );
  clearInterval(sampler);
  delay.disable();
  await new Promise((r) => setTimeout(r, 3000));
  global.gc?.();
  const after = process.memoryUsage().rss;
  console.log(
    JSON.stringify(
      {
        products,
        fullList: { megabytes: (oneBytes / 1024 ** 2).toFixed(1), aloneMs: Math.round(oneMs) },
        underLoad: {
          requests: result.loads.length,
          slowestMs: Math.round(Math.max(...result.loads.map((l) => l.ms))),
          healthzSlowestMs: Math.round(Math.max(...result.health)),
          healthzAnswers: result.health.length,
          eventLoopMaxDelayMs: Math.round(delay.max / 1e6),
        },
        rssMB: { idle: mb(idle), peak: mb(peak), afterLoad: mb(after) },
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
