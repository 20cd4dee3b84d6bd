/**
 * `node apps/server/bench/feeds.ts`: Torob's feed (modules/feeds) at 100,000 products
 * (BENCH_FEED_PRODUCTS), on SQLite and on PostgreSQL (a fresh database on BENCH_PG_URL, skipped when
 * it does not answer). The generated store is imported, the feed turned on, and each request form is
 * timed one request after another, in process (`app.inject`, a signed token each time): pages at
 * random numbers over all of them in both date orders and both price-on-request choices, the whole
 * cursor walk, and lookups of 10 ids. It prints each form's p50 / p99 / max (the first page after the
 * import includes reading the id list, once per catalogue version) and the plans of the id lists'
 * reads. The issue's target: p99 ≤ 50 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { writeFeedSettings } from '../src/modules/feeds/settings.ts';
import { envNumber, percentile } from './load.ts';
import { createBenchDatabase } from './processes.ts';

const PRODUCTS = envNumber('BENCH_FEED_PRODUCTS', 100_000);
const SAMPLES = envNumber('BENCH_FEED_SAMPLES', 300);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = 'bench.test';
const PATH = '/feeds/torob/v3/products';

const keys = crypto.generateKeyPairSync('ed25519');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function token(): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ aud: HOST, nbf: now - 10, exp: now + 300 })}`;
  return `${head}.${crypto.sign(null, Buffer.from(head), keys.privateKey).toString('base64url')}`;
}

const random = (n: number) => Math.floor(Math.random() * n);
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

async function run(label: string, databaseUrl: string | undefined, file: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-feeds-'));
  const config = testConfig({
    dataDir,
    databaseUrl,
    torobPublicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    rateLimits: 'off',
  });
  const app = await buildApp(config);
  try {
    const started = performance.now();
    await importCatalogueFile(app.database, file, config.mediaDir);
    if (app.database.dialect === 'postgres') await sql`ANALYZE`.execute(app.database.db);
    console.log(
      `${label}: ${PRODUCTS} products imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const ask = async (body: object) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: PATH,
        headers: { host: HOST, 'x-torob-token': token(), 'x-torob-token-version': '1' },
        payload: body,
      });
      const elapsed = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return { elapsed, answer: res.json() as { max_pages: number; next_cursor: string | null } };
    };
    const report = (name: string, times: number[]) => {
      const sorted = Float64Array.from(times).sort();
      console.log(
        `  ${name.padEnd(42)} n=${String(sorted.length).padStart(4)}  p50 ${ms(percentile(sorted, 50))} ms  p99 ${ms(percentile(sorted, 99))} ms  max ${ms(sorted[sorted.length - 1]!)} ms`,
      );
    };

    for (const choice of ['omit', 'unavailable'] as const) {
      await writeFeedSettings(app.database.db, 'torob', { enabled: true, priceOnRequest: choice });
      const { answer: first } = await ask({ page: 1, sort: 'date_added_desc' });
      for (const sort of ['date_added_desc', 'date_updated_desc']) {
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++)
          times.push((await ask({ page: 1 + random(first.max_pages), sort })).elapsed);
        report(`${choice}: random pages, ${sort}`, times);
        const last: number[] = [];
        for (let i = 0; i < 20; i++) last.push((await ask({ page: first.max_pages, sort })).elapsed);
        report(`${choice}: the last page (${first.max_pages}), ${sort}`, last);
      }
      const walk: number[] = [];
      let cursor: string | null = null;
      do {
        const { elapsed, answer } = await ask({ sort: 'product_id_desc', ...(cursor ? { cursor } : {}) });
        walk.push(elapsed);
        cursor = answer.next_cursor;
      } while (cursor !== null);
      report(`${choice}: the whole cursor walk`, walk);
    }
    const lookups: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      lookups.push(
        (await ask({ page_uniques: Array.from({ length: 10 }, () => String(1 + random(PRODUCTS))) })).elapsed,
      );
    }
    report('lookups of 10 page_uniques', lookups);

    // The plans of the id lists' reads (once per catalogue version), each order.
    const priced = `published = 1 AND price_on_request = 0 AND start_price >= 10 AND upper(currency_type) IN ('IRR', 'IRT')`;
    for (const [where, order] of [
      [priced, 'creation_date DESC, id DESC'],
      [priced, 'updated_at DESC, id DESC'],
      [priced, 'id DESC'],
      ['published = 1', 'updated_at DESC, id DESC'],
    ] as const) {
      const query = `SELECT id FROM products WHERE ${where} ORDER BY ${order}`;
      const explain =
        app.database.dialect === 'postgres' ? `EXPLAIN ${query}` : `EXPLAIN QUERY PLAN ${query}`;
      const { rows } = await sql.raw<Record<string, unknown>>(explain).execute(app.database.db);
      const plan = rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join(' | ');
      console.log(`  plan (${where === priced ? 'priced' : 'published'}, ${order}): ${plan}`);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-feeds-store-'));
const file = await writeGeneratedStore(dir, { products: PRODUCTS, seed: 26 });
await run('SQLite', undefined, file);
const pg = await createBenchDatabase(PG_URL, `storefront_bench_feeds_${process.pid}`);
try {
  if (pg.url) await run('PostgreSQL', pg.url, file);
  else console.log(`PostgreSQL skipped: ${pg.error?.message}`);
} finally {
  if (pg.url)
    await pg.admin.query(`DROP DATABASE IF EXISTS storefront_bench_feeds_${process.pid} WITH (FORCE)`);
  await pg.admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
