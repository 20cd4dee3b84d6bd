/**
 * `npm run bench:cold-start`: from starting the server process (`node <flags> apps/server/dist/main.js`,
 * as `npm start` and systemd run it: bench/start-line.ts, built first when stale) to its first answers, on a store of BENCH_PRODUCTS (default 100,000) generated and
 * imported beforehand by a process of its own: the first /healthz, the first page of products and
 * the first product. Median of BENCH_REPEAT (default 5) starts. Prints JSON.
 */
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { startLine } from './start-line.ts';

if (process.argv[2] === 'import') {
  const config = testConfig({ dataDir: process.argv[3]! });
  const app = await buildApp(config);
  const file = await writeGeneratedStore(process.argv[4]!, { products: Number(process.argv[5]), seed: 1 });
  await importCatalogueFile(app.database, file, config.mediaDir);
  await app.close();
  process.exit(0);
}

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 5);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cold-'));
const dataDir = path.join(dir, 'data');
await new Promise<void>((resolve, reject) => {
  const child = fork(import.meta.filename, [
    'import',
    dataDir,
    path.join(dir, 'catalogue'),
    String(products),
  ]);
  child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`))));
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const serverStart = startLine(path.resolve(import.meta.dirname, '../../..'));
const runs: { healthz: number; page: number; product: number }[] = [];
try {
  for (let i = 0; i < repeat; i += 1) {
    const port = await freePort();
    const started = performance.now();
    const server = spawn(process.execPath, [...serverStart.flags, serverStart.entry], {
      env: {
        ...process.env,
        ...serverStart.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOAD_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    const until = async (url: string) => {
      for (;;) {
        try {
          const res = await fetch(base + url);
          await res.arrayBuffer();
          if (res.ok) return performance.now() - started;
        } catch {
          // not listening yet
        }
        await sleep(5);
      }
    };
    const healthz = await until('/healthz');
    const page = await until('/fa/api/store/products/?limit=24');
    const product = await until(`/fa/api/store/products/${Math.ceil(products / 2)}/`);
    runs.push({ healthz, page, product });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  const median = (key: keyof (typeof runs)[number]) => {
    const values = runs.map((r) => r[key]).sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length / 2)]!);
  };
  console.log(
    JSON.stringify(
      {
        products,
        starts: repeat,
        ms: { healthz: median('healthz'), firstPage: median('page'), firstProduct: median('product') },
      },
      null,
      2,
    ),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
