import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { encode } from '../src/lib/plugins/compression.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { createTestStore, type TestStore } from './support/databases.ts';

/** The bytes of an answer as the client reads them, whatever its Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'gzip':
      return zlib.gunzipSync(raw);
    case undefined:
      return raw;
    default:
      throw new Error(`unexpected encoding ${String(res.headers['content-encoding'])}`);
  }
}

describe('compression: br, gzip and identity answers are the same bytes', () => {
  let store: TestStore & { cleanup: () => Promise<void> };
  let app: FastifyInstance;
  let dist: string;
  const script = `console.log(${JSON.stringify('فروشگاه '.repeat(400))});`;

  beforeAll(async () => {
    // A stand-in for the storefront's build, with the compressed files the build writes beside it.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>shop</title>${'<p>x</p>'.repeat(300)}`,
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    store = await createTestStore('sqlite', { webDistDir: dist });
    app = await buildApp(store.config);
    // Enough products that the full list is streamed.
    const file = await writeGeneratedStore(path.join(dist, 'catalogue'), { products: 300, seed: 3 });
    await importCatalogueFile(app.database, file, store.config.mediaDir);
  });
  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('API answers: kept ones (first time and from the cache), streamed ones, in every encoding', async () => {
    for (const url of [
      '/fa/api/store/products/?limit=24&offset=48',
      '/en/api/store/products/7/',
      '/fa/api/store/products/',
      '/en/api/store/industries/',
      '/fa/api/store/subcollections/',
    ]) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'br;q=0.5, gzip;q=1']) {
        for (const round of [1, 2]) {
          const res = await get(url, encoding);
          const expected = encoding.startsWith('br;q') ? 'gzip' : encoding.includes('br') ? 'br' : 'gzip';
          expect(res.headers['content-encoding'], `${url} ${encoding} ${round}`).toBe(expected);
          expect(res.headers.vary, url).toMatch(/accept-encoding/i);
          expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
          expect(decoded(res).equals(plain.rawPayload), `${url} ${encoding} ${round}`).toBe(true);
        }
      }
    }
  });

  it('a kept answer is compressed once, off the event loop, and its kept bytes are sent from then on', async () => {
    const url = '/en/api/store/products/?limit=24&offset=100';
    const plain = await get(url); // asked for once: not kept
    const kept = await get(url); // asked for again: kept; its variants are made after it
    expect(kept.body).toBe(plain.body);
    for (const encoding of ['br', 'gzip'] as const) {
      const made = await encode(plain.rawPayload, encoding);
      // Until the variant is kept, the hook compresses each answer (the same text); the request that
      // starts making it does not wait for it (brotli: the hook's quality, other bytes).
      let res = await get(url, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decoded(res).equals(plain.rawPayload)).toBe(true);
      if (encoding === 'br') expect(res.rawPayload.equals(made)).toBe(false);
      for (let tries = 0; tries < 200 && !res.rawPayload.equals(made); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        res = await get(url, encoding);
      }
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.equals(made), encoding).toBe(true);
      expect(decoded(res).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('a streamed answer is brotli-compressed with a 256 KB window (the encoder memory each one holds)', async () => {
    const res = await get('/fa/api/store/products/', 'br');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    // The stream's first bits say its window (RFC 7932, 9.1): a 1, then 3 bits n, WBITS = 17 + n.
    const first = res.rawPayload[0]!;
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 7)).toBe(18);
  });

  it('small answers, unknown encodings and nonsense headers are sent as they are', async () => {
    const small = await get('/fa/api/store/about-us/', 'br');
    if (small.rawPayload.length < 1024) expect(small.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['identity', 'deflate', 'zstd;q=0', '\u00ff\u00fe', ',,;;q=x', '*;q=0']) {
      const res = await get('/fa/api/store/products/?limit=24', encoding);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity', encoding).not.toBe('br');
      expect(JSON.parse(decoded(res).toString()), encoding).toHaveProperty('results');
    }
  });

  it('the storefront: the page compressed, built files sent from their .br/.gz with ETag, 304 and Range', async () => {
    const page = await get('/app/products', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page).toString()).toContain('<p>x</p>');

    const url = '/app/assets/index-abc123.js';
    const plain = await get(url);
    expect(plain.body).toBe(script);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(
        res.rawPayload.equals(
          fs.readFileSync(path.join(dist, 'assets', `index-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`)),
        ),
      ).toBe(true);
      expect(decoded(res).toString()).toBe(script);
      const again = await app.inject({
        url,
        headers: { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const range = await app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(script.slice(0, 10));
  });
});
