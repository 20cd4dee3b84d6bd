/**
 * `node apps/server/bench/serialization.ts`: what writing answers costs, with the response cache
 * off so that every answer is built and serialised: product detail at random ids and the full
 * product list (every product, unpaginated), through the whole application (`inject`: routing,
 * hooks, validation, the database, serialisation), on a generated 10,000-product SQLite store.
 * Also serialisation alone (the full list, one product): JSON.stringify beside the routes' serialiser.
 * Used to measure the schema-driven serialiser (lib/plugins/serializer.ts) against the JSON.stringify it
 * replaced: run it on both commits; figures in docs/benchmarks.md.
 * Knobs: BENCH_PRODUCTS (10000), BENCH_DETAIL_REQUESTS (4000), BENCH_LIST_REQUESTS (12).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageSchema, productSchema } from '@storefront/contracts';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { schemaSerializerCompiler } from '../src/lib/plugins/serializer.ts';

const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const detailRequests = Number(process.env.BENCH_DETAIL_REQUESTS ?? 4000);
const listRequests = Number(process.env.BENCH_LIST_REQUESTS ?? 12);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-serialization-'));
const config = testConfig({ dataDir: path.join(dir, 'data'), responseCacheMegabytes: 0 });
const app = await buildApp(config);
try {
  const file = await writeGeneratedStore(path.join(dir, 'catalogue'), { products, seed: 1 });
  await importCatalogueFile(app.database, file, path.join(config.dataDir, 'media'));

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  };
  const time = async (url: string) => {
    const started = performance.now();
    const res = await app.inject(url);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    return { ms: performance.now() - started, bytes: res.rawPayload.byteLength };
  };

  // Warm-up: statements prepared, reference tables loaded, JIT warm.
  for (let i = 0; i < 200; i += 1) await time(`/fa/api/store/products/${1 + (i % products)}/`);
  await time('/fa/api/store/products/');

  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const detail: number[] = [];
  const detailStarted = performance.now();
  for (let i = 0; i < detailRequests; i += 1) {
    detail.push((await time(`/fa/api/store/products/${1 + Math.floor(random() * products)}/`)).ms);
  }
  const detailSeconds = (performance.now() - detailStarted) / 1000;

  const list: number[] = [];
  let listBytes = 0;
  for (let i = 0; i < listRequests; i += 1) {
    const result = await time('/fa/api/store/products/');
    list.push(result.ms);
    listBytes = result.bytes;
  }

  // Serialisation alone, of the objects the routes build: JSON.stringify beside the serialiser the
  // routes use (compiled from the same contracts schemas as in store/routes.ts).
  const objects = JSON.parse((await app.inject('/fa/api/store/products/')).body) as unknown[];
  const compile = (schema: z.ZodType) =>
    (
      schemaSerializerCompiler as (route: {
        schema: z.ZodType;
        httpStatus: string;
      }) => (data: unknown) => string
    )({
      schema,
      httpStatus: '200',
    });
  const listSerializer = compile(z.union([z.array(productSchema), pageSchema(productSchema)]));
  const detailSerializer = compile(productSchema);
  const median = (run: () => unknown, times: number) => {
    const values: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      run();
      values.push(performance.now() - started);
    }
    return percentile(values, 50);
  };
  const perItem = (run: () => unknown) => {
    const started = performance.now();
    for (let i = 0; i < 20_000; i += 1) run();
    return ((performance.now() - started) / 20_000) * 1000;
  };
  const one = objects[Math.floor(objects.length / 2)];

  const round = (n: number) => n.toFixed(2);
  console.log(
    JSON.stringify(
      {
        products,
        detail: {
          requests: detailRequests,
          perSecond: Math.round(detailRequests / detailSeconds),
          p50: round(percentile(detail, 50)),
          p99: round(percentile(detail, 99)),
        },
        fullList: {
          requests: listRequests,
          megabytes: (listBytes / 1024 ** 2).toFixed(1),
          p50: round(percentile(list, 50)),
          max: round(Math.max(...list)),
        },
        serialiseFullListMs: {
          jsonStringify: round(median(() => JSON.stringify(objects), listRequests)),
          schema: round(median(() => listSerializer(objects), listRequests)),
        },
        serialiseOneProductMicroseconds: {
          jsonStringify: round(perItem(() => JSON.stringify(one))),
          schema: round(perItem(() => detailSerializer(one))),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
