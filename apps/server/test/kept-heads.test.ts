import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * A cache hit's head written in one array (lib/plugins/compression.ts `writeKept`, `KeptHeads`) over
 * a real connection, where Node writes a head given to `writeHead` alone without storing it (under
 * `app.inject` the same call takes Node's other path, so headers.test.ts's injected cases do not
 * show this one): every encoding's hit has the miss's headers in the miss's order, and the same
 * bytes once decoded; HEAD, a signed-in reader and a miss set the security headers from the route's
 * hook, in the same order.
 */
describeEachDatabase('kept answers over a real connection', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  afterAll(async () => {
    await app?.close();
  });

  const request = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((resolve, reject) => {
      const { port } = app.server.address() as AddressInfo;
      http
        .request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    });
  /** Header names as written, values with the date masked. */
  const head = (res: { rawHeaders: string[] }) => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const name = res.rawHeaders[i]!;
      pairs.push([name, name === 'Date' ? '<date>' : res.rawHeaders[i + 1]!]);
    }
    return pairs;
  };
  const decoded = (res: { rawHeaders: string[]; body: Buffer }) => {
    const encoding = head(res).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    if (encoding === 'br') return brotliDecompressSync(res.body);
    if (encoding === 'gzip') return gunzipSync(res.body);
    return res.body;
  };
  /** The head without the encoding's own headers and the length, which differ by encoding. */
  const shape = (res: { rawHeaders: string[] }) =>
    head(res).filter(([name]) => !['content-encoding', 'content-length'].includes(name.toLowerCase()));

  it('every encoding: the miss’s headers in its order, the same bytes', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = '/fa/api/store/products/';
    const miss = await request('GET', url);
    expect(miss.status).toBe(200);
    expect(miss.body.length).toBeGreaterThanOrEqual(1024);
    const names = head(miss).map(([name]) => name);
    expect(names.slice(0, 3)).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
    ]);
    expect(names).toContain('vary');
    for (const encoding of ['identity', 'br', 'gzip']) {
      const headers: Record<string, string> = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
      // The first hit in an encoding starts its variant (the compression hook answers meanwhile).
      await request('GET', url, headers);
      await sleep(100);
      const hit = await request('GET', url, headers);
      expect(hit.status, encoding).toBe(200);
      expect(shape(hit), encoding).toEqual(shape(miss));
      expect(decoded(hit).equals(miss.body), encoding).toBe(true);
      const encoded = head(hit).find(([name]) => name === 'content-encoding')?.[1];
      expect(encoded, encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(head(hit).find(([name]) => name === 'content-length')?.[1]).toBe(String(hit.body.length));
    }
    // HEAD, a signed-in reader's token (here a malformed one: answered 401) and a miss: the security
    // headers first, in the same order, from the route's hook.
    const security = head(miss).slice(0, 12);
    for (const res of [
      await request('HEAD', url),
      await request('GET', url, { authorization: 'Bearer not-a-token' }),
      await request('GET', '/fa/api/store/products/2/'),
    ])
      expect(head(res).slice(0, 12)).toEqual(security);
  });
});
