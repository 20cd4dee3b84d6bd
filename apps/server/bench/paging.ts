/**
 * `node apps/server/bench/paging.ts`: what one page costs at any offset, with the response cache
 * off, on a generated store (BENCH_PRODUCTS, default 100,000) in SQLite (or PostgreSQL with
 * BENCH_DATABASE_URL, an empty database). For each order, a page of 24 at offsets from 0 to the
 * end, one request at a time (median of BENCH_REPEAT, default 7, after a warm-up), through the whole
 * application (`inject`); and a paged search for a word in every product, first and last page.
 * Prints JSON; figures go to docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 7);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-paging-'));
const config = testConfig({
  dataDir: path.join(dir, 'data'),
  responseCacheMegabytes: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
});
const app = await buildApp(config);
try {
  let started = performance.now();
  const file = await writeGeneratedStore(path.join(dir, 'catalogue'), { products, seed: 1 });
  const generated = performance.now() - started;
  started = performance.now();
  await importCatalogueFile(app.database, file, path.join(config.dataDir, 'media'));
  const imported = performance.now() - started;

  const median = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < repeat + 1; i += 1) {
      const t = performance.now();
      const res = await app.inject(url);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}: ${res.body.slice(0, 200)}`);
      if (i > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return Number(times[Math.floor(times.length / 2)]!.toFixed(2));
  };
  const total = products;
  const offsets = [0, 24, Math.floor(total / 2), total - 1000, total - 24];
  const pages: Record<string, Record<number, number>> = {};
  for (const ordering of ['id', '-id', 'creation_date', '-creation_date']) {
    pages[ordering] = {};
    for (const offset of offsets) {
      pages[ordering][offset] = await median(
        `/fa/api/store/products/?limit=24&offset=${offset}&ordering=${ordering}`,
      );
    }
  }
  // A word in about one generated product in ten (9,639 of 100,000).
  const countOf = async (url: string) =>
    (JSON.parse((await app.inject(url)).body) as { count: number }).count;
  const word = encodeURIComponent('پسته');
  const matches = await countOf(`/fa/api/store/products/?search=${word}&limit=1`);
  const search = {
    word: 'پسته',
    matches,
    first: await median(`/fa/api/store/products/?search=${word}&limit=24`),
    last: await median(`/fa/api/store/products/?search=${word}&limit=24&offset=${Math.max(0, matches - 24)}`),
  };
  console.log(
    JSON.stringify(
      {
        products,
        database: app.database.dialect,
        generateSeconds: Number((generated / 1000).toFixed(1)),
        importSeconds: Number((imported / 1000).toFixed(1)),
        pageMs: pages,
        search,
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
