import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { productSchema } from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { DEMO_CATALOGUE, loadDemoIfEmpty } from '../src/demo.ts';
import { importCatalogue } from '../src/modules/catalogue/import.ts';
import { validateCatalogue } from '../src/modules/catalogue/validate.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

const demo = JSON.parse(fs.readFileSync(DEMO_CATALOGUE, 'utf8')) as unknown;

describe('the demo catalogue', () => {
  const result = validateCatalogue(demo, path.dirname(DEMO_CATALOGUE));
  it('is a valid catalogue whose images all exist', () => {
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
  it('is a whole store: 24+ products over 4+ collections, every flag, phones and none, stock and none', () => {
    if (!result.ok) throw new Error('invalid demo catalogue');
    const c = result.catalogue;
    expect(c.products.length).toBeGreaterThanOrEqual(24);
    expect(c.collections.length).toBeGreaterThanOrEqual(4);
    expect(c.posts).toHaveLength(8);
    expect(c.banners).toHaveLength(3);
    expect(c.about_us).toBeDefined();
    expect(c.reviews.length).toBeGreaterThan(0);
    expect(c.tags.length).toBeGreaterThan(0);
    for (const flag of [
      'tejarat_khareji',
      'tejarat_dakheli',
      'khadamat_tejarat',
      'amouzesh_tejarat',
    ] as const) {
      expect(
        c.products.some((p) => p.recommend && p[flag]),
        flag,
      ).toBe(true);
    }
    expect(c.industries.some((i) => !i.phone)).toBe(true);
    expect(c.industries.some((i) => i.phone)).toBe(true);
    expect(c.products.some((p) => p.inventory === 0)).toBe(true);
    expect(c.products.some((p) => p.inventory > 0)).toBe(true);
    expect(c.products.every((p) => p.properties.length > 0 && p.title.en && p.title.fa)).toBe(true);
    // Every product has its supplier; some services are priced on request; some images say what
    // they show; every banner has its Persian and its English image.
    expect(c.products.filter((p) => p.industry === null).map((p) => p.id)).toEqual([]);
    expect(c.products.some((p) => p.price_range === null)).toBe(true);
    expect(c.products.some((p) => p.images.some((i) => typeof i !== 'string' && i.alt?.fa && i.alt.en))).toBe(
      true,
    );
    for (const banner of c.banners) {
      expect(banner.image).toEqual({
        fa: expect.stringMatching(/-fa\.svg$/),
        en: expect.stringMatching(/-en\.svg$/),
      });
    }
  });
  it('writes Persian with Persian letters', () => {
    expect(JSON.stringify(demo)).not.toMatch(/[\u064a\u0643]/);
  });
});

describeEachDatabase('loading the demo store', (store) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(store().config);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads into an empty store, and never again over a catalogue', async () => {
    expect(await loadDemoIfEmpty(app)).toBe(true);
    const fa = z.array(productSchema).parse((await app.inject('/fa/api/store/products/')).json());
    expect(fa.length).toBeGreaterThanOrEqual(24);
    expect(fa[0]?.title).toMatch(/[\u0600-\u06ff]/);
    const en = z.array(productSchema).parse((await app.inject('/en/api/store/products/')).json());
    expect(en[0]?.title).toMatch(/^[\x20-\x7e]+$/);

    // A store whose owner imported their own catalogue (even an empty one) keeps it.
    const empty = { ...fixtureCatalogue(), products: [], reviews: [] };
    await importCatalogue(
      app.database,
      empty,
      path.dirname(writeCatalogue()),
      path.join(store().config.dataDir, 'media'),
    );
    expect(await loadDemoIfEmpty(app)).toBe(false);
    expect((await app.inject('/fa/api/store/products/')).json()).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('npm start', () => {
  it('serves the demo store in both languages on an empty machine and stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../src/main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      let res: Response | undefined;
      for (let i = 0; i < 100 && !res; i += 1) {
        res = await fetch(`http://127.0.0.1:${port}/fa/api/store/products/`).catch(() => undefined);
        if (!res) await new Promise((r) => setTimeout(r, 100));
      }
      expect(res?.status, stderr).toBe(200);
      expect(((await res!.json()) as unknown[]).length).toBeGreaterThanOrEqual(24);
      const en = (await (await fetch(`http://127.0.0.1:${port}/en/api/store/products/1/`)).json()) as {
        title: string;
      };
      expect(en.title).toMatch(/[A-Za-z]/);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad setting, naming it', async () => {
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../src/main.ts')], {
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT="eighty"');
  });
});
