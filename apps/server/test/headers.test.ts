import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { createUserWithToken } from './support/app.ts';
import { createTestStore, type TestStore } from './support/databases.ts';
import { writeCatalogue } from './support/fixture.ts';

/**
 * The exact response headers, in order, of every kind of answer: catalogue reads (a miss and a hit
 * of the response cache, visitor and signed in, GET and HEAD), errors, writes, health, the HTML
 * shell, static assets, translations and media. Security headers are part of the contract: any
 * change to how they are produced must leave these lists as they are.
 */

/** The security headers of every answer but media, in the order they are sent. */
const SECURITY: [string, string][] = [
  [
    'content-security-policy',
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
      "img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      "style-src 'self' 'unsafe-inline';connect-src 'self'",
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'cross-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];
/** The same as written on the wire, where their names keep the case helmet gives them. */
const WIRE_SECURITY: [string, string][] = SECURITY.map(([name, value]) => [
  name
    .split('-')
    .map((word) =>
      ['dns', 'xss'].includes(word) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1),
    )
    .join('-'),
  value,
]);
/** Media (which may be SVG) get a stricter policy in place of the page's. */
const MEDIA_SECURITY: [string, string][] = SECURITY.map(([name, value]) => [
  name,
  name === 'content-security-policy' ? "default-src 'none'; style-src 'unsafe-inline'; sandbox" : value,
]);
const JSON_TYPE: [string, string] = ['content-type', 'application/json; charset=utf-8'];
const TAIL: [string, string][] = [
  ['date', '<date>'],
  ['connection', 'keep-alive'],
];

/** The headers of a response as ordered pairs, with values that change from run to run masked. */
function headerList(res: { headers: Record<string, unknown> }): [string, string][] {
  return Object.entries(res.headers).map(([name, value]) => {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (name === 'date' || name === 'last-modified') return [name, '<date>'];
    if (name === 'etag') return [name, '<etag>'];
    return [name, text];
  });
}
/** A catalogue answer that may be compressed (1 KB or more) says so (lib/plugins/compression.ts). */
const varies = (res: { rawPayload: Buffer }): [string, string][] =>
  res.rawPayload.length >= 1024 ? [['vary', 'Accept-Encoding']] : [];
const length = (res: { rawPayload: Buffer }): [string, string] => [
  'content-length',
  String(res.rawPayload.length),
];

describe('response headers', () => {
  let store: TestStore & { cleanup: () => Promise<void> };
  let app: FastifyInstance;
  let access: string;
  let dist: string;
  const inject = (options: InjectOptions | string) => app.inject(options);

  beforeAll(async () => {
    // A stand-in for the storefront's production build: the shell, one hashed asset, translations.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    fs.mkdirSync(path.join(dist, 'locales', 'fa'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'locales', 'fa', 'common.json'), '{"hello":"سلام"}');
    store = await createTestStore('sqlite', { webDistDir: dist });
    app = await buildApp(store.config);
    await importCatalogueFile(app.database, writeCatalogue(), path.join(store.config.dataDir, 'media'));
    ({ access } = await createUserWithToken(app));
  });
  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('catalogue reads: the same headers on a miss and on a hit, for visitors and signed-in users', async () => {
    for (const url of [
      '/fa/api/store/products/1/',
      '/en/api/store/products/?limit=2&offset=1',
      '/fa/api/store/posts/',
      '/en/api/store/about-us/',
    ]) {
      for (const headers of [{}, { authorization: `Bearer ${access}` }, { authorization: 'Bearer null' }]) {
        for (let i = 0; i < 2; i += 1) {
          const res = await inject({ url, headers });
          expect(res.statusCode, url).toBe(200);
          expect(headerList(res), url).toEqual([
            ...SECURITY,
            JSON_TYPE,
            ...varies(res),
            length(res),
            ...TAIL,
          ]);
        }
      }
    }
  });

  it('HEAD of a catalogue read', async () => {
    await inject('/fa/api/store/products/2/');
    const res = await inject({ method: 'HEAD', url: '/fa/api/store/products/2/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const get = await inject('/fa/api/store/products/2/');
    expect(headerList(res)).toEqual([...SECURITY, JSON_TYPE, ...varies(get), length(get), ...TAIL]);
  });

  it('errors, writes and health', async () => {
    const cases: [InjectOptions, number, close?: 'close' | 'allow'][] = [
      [{ url: '/fa/api/store/products/999/' }, 404],
      [{ url: '/fa/api/store/products/abc/' }, 400],
      [{ url: '/fa/api/store/products/?ordering=price' }, 400],
      [{ url: '/fa/api/store/products/1/reviews/' }, 200],
      [{ url: '/fa/api/store/products/1/likes/' }, 200],
      [{ url: '/fa/api/store/likes/' }, 200],
      [{ method: 'POST', url: '/fa/api/store/products/1/likes/' }, 401],
      [{ method: 'POST', url: '/fa/api/auth/jwt/create/', payload: { username: 'x', password: 'y' } }, 401],
      [
        {
          method: 'POST',
          url: '/fa/api/auth/users/',
          headers: { 'content-type': 'text/plain' },
          payload: 'hello',
        },
        415,
      ],
      [
        {
          method: 'POST',
          url: '/fa/api/store/emails/',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
        },
        413,
        'close',
      ],
      // A path that exists for other methods: 405 with the methods it has.
      [{ method: 'OPTIONS', url: '/fa/api/store/products/1/' }, 405, 'allow'],
      [
        {
          method: 'OPTIONS',
          url: '/fa/api/store/products/1/',
          headers: { origin: 'https://shop.example.ir', 'access-control-request-method': 'GET' },
        },
        405,
        'allow',
      ],
      [{ method: 'DELETE', url: '/fa/api/store/products/1/' }, 405, 'allow'],
      [{ method: 'OPTIONS', url: '/nothing/here' }, 404],
      [{ url: '/healthz' }, 200],
      [{ url: '/nothing/here' }, 404],
      [{ url: '/app/assets/gone-123.js' }, 404],
    ];
    for (const [options, status, close] of cases) {
      for (let i = 0; i < 2; i += 1) {
        const res = await inject(options);
        const label = `${options.method ?? 'GET'} ${String(options.url)}`;
        expect(res.statusCode, label).toBe(status);
        // A body over the limit also ends the connection.
        const expected: [string, string][] =
          close === 'close'
            ? [...SECURITY, ['connection', 'close'], JSON_TYPE, length(res), ['date', '<date>']]
            : close === 'allow'
              ? [...SECURITY, ['allow', 'GET, HEAD'], JSON_TYPE, length(res), ...TAIL]
              : [...SECURITY, JSON_TYPE, length(res), ...TAIL];
        expect(headerList(res), label).toEqual(expected);
      }
    }
  });

  it('the redirect from /, the HTML shell and a deep link', async () => {
    const redirect = await inject('/?lng=en');
    expect(redirect.statusCode).toBe(302);
    expect(headerList(redirect)).toEqual([
      ...SECURITY,
      ['location', '/app/?lng=en'],
      ['content-length', '0'],
      ...TAIL,
    ]);
    for (const url of ['/app', '/app/', '/app/products/1']) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(200);
      // The shell, with the page's head written into it (test/page-head.test.ts).
      expect(res.body).toMatch(/^<!doctype html><title>[^<]+<\/title><meta name="description"/);
      expect(headerList(res), url).toEqual([
        ...SECURITY,
        ['vary', `Accept-Language, Cookie${res.rawPayload.length >= 1024 ? ', Accept-Encoding' : ''}`],
        ['cache-control', 'no-cache'],
        ['content-type', 'text/html; charset=utf-8'],
        length(res),
        ...TAIL,
      ]);
    }
  });

  it('an unknown product or news post is a 404 (the app shows its not-found page), never indexed', async () => {
    for (const url of ['/app/product/999', '/app/product/abc', '/app/news/999', '/app/product/99999999999']) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    for (const url of ['/app/product/1', '/app/news/1']) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('static assets and translations', async () => {
    const asset = await inject('/app/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(headerList(asset)).toEqual([
      ...SECURITY,
      ['accept-ranges', 'bytes'],
      ['cache-control', 'public, max-age=31536000, immutable'],
      ['last-modified', '<date>'],
      ['etag', '<etag>'],
      ['content-type', 'application/javascript; charset=utf-8'],
      length(asset),
      // @fastify/static looks for the build's .br/.gz beside the file (none for this one).
      ['vary', 'accept-encoding'],
      ...TAIL,
    ]);
    const locale = await inject('/locales/fa/common.json');
    expect(locale.statusCode).toBe(200);
    expect(headerList(locale)).toEqual([
      ...SECURITY,
      ['cache-control', 'no-cache'],
      ['etag', '<etag>'],
      JSON_TYPE,
      length(locale),
      ...TAIL,
    ]);
  });

  it('media', async () => {
    const product = (await inject('/fa/api/store/products/1/')).json() as { images: { image: string }[] };
    const url = new URL(product.images[0]!.image).pathname;
    const res = await inject(url);
    expect(res.statusCode).toBe(200);
    expect(headerList(res)).toEqual([
      ...MEDIA_SECURITY,
      ['accept-ranges', 'bytes'],
      ['cache-control', 'public, max-age=31536000, immutable'],
      ['last-modified', '<date>'],
      ['etag', '<etag>'],
      ['content-type', 'image/png'],
      length(res),
      ...TAIL,
    ]);
  });

  it('with CORS open to one origin, and no storefront build (the placeholder shell)', async () => {
    const other = await buildApp({
      ...store.config,
      corsOrigins: ['https://shop.example.ir'],
      webDistDir: path.join(dist, 'missing'),
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await other.inject({
          url: '/fa/api/store/products/1/',
          headers: { origin: 'https://shop.example.ir' },
        });
        expect(res.statusCode).toBe(200);
        expect(headerList(res)).toEqual([
          ...SECURITY,
          ['vary', res.rawPayload.length >= 1024 ? 'Origin, Accept-Encoding' : 'Origin'],
          ['access-control-allow-origin', 'https://shop.example.ir'],
          JSON_TYPE,
          length(res),
          ...TAIL,
        ]);
        const foreign = await other.inject({
          url: '/fa/api/store/products/1/',
          headers: { origin: 'https://evil.example' },
        });
        expect(headerList(foreign)).toEqual([
          ...SECURITY,
          ['vary', foreign.rawPayload.length >= 1024 ? 'Origin, Accept-Encoding' : 'Origin'],
          JSON_TYPE,
          length(foreign),
          ...TAIL,
        ]);
      }
      const preflight = await other.inject({
        method: 'OPTIONS',
        url: '/fa/api/store/products/1/',
        headers: { origin: 'https://shop.example.ir', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(headerList(preflight)).toEqual([
        ...SECURITY,
        ['vary', 'Origin'],
        ['access-control-allow-origin', 'https://shop.example.ir'],
        ['access-control-allow-methods', 'GET, HEAD, POST'],
        ['access-control-allow-headers', 'Content-Type, Authorization'],
        ['access-control-max-age', '600'],
        ['content-length', '0'],
        ...TAIL,
      ]);
      const shell = await other.inject('/app/');
      expect(shell.body).toContain('npm run build');
      expect(headerList(shell)).toEqual([
        ...SECURITY,
        [
          'vary',
          `Origin, Accept-Language, Cookie${shell.rawPayload.length >= 1024 ? ', Accept-Encoding' : ''}`,
        ],
        ['cache-control', 'no-cache'],
        ['content-type', 'text/html; charset=utf-8'],
        length(shell),
        ...TAIL,
      ]);
    } finally {
      await other.close();
    }
  });

  it('over a real connection: the same headers in the same order', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (url: string) =>
      new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                rawHeaders: res.rawHeaders,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      });
    /** Header names as written on the wire (their case included), values with the date masked. */
    const wire = (res: { rawHeaders: string[] }) => {
      const pairs: [string, string][] = [];
      for (let j = 0; j < res.rawHeaders.length; j += 2) {
        const name = res.rawHeaders[j]!;
        pairs.push([name, name === 'Date' || name === 'last-modified' ? '<date>' : res.rawHeaders[j + 1]!]);
      }
      return pairs;
    };
    const tail = (body: Buffer): [string, string][] => [
      ['content-length', String(body.length)],
      ['Date', '<date>'],
      ['Connection', 'close'],
    ];
    // The third time a hit, written by the cache's own path (lib/plugins/compression.ts, writeKept).
    for (let i = 0; i < 3; i += 1) {
      const res = await get('/fa/api/store/products/3/');
      expect(res.status).toBe(200);
      expect(wire(res)).toEqual([...WIRE_SECURITY, JSON_TYPE, ...tail(res.body)]);
      const missing = await get('/fa/api/store/products/3000/');
      expect(missing.status).toBe(404);
      expect(wire(missing)).toEqual([...WIRE_SECURITY, JSON_TYPE, ...tail(missing.body)]);
    }
    const product = JSON.parse((await get('/fa/api/store/products/1/')).body.toString()) as {
      images: { image: string }[];
    };
    const media = await get(new URL(product.images[0]!.image).pathname);
    expect(media.status).toBe(200);
    expect(wire(media).map(([name, value]) => [name, name === 'etag' ? '<etag>' : value])).toEqual([
      // Media set these two again (the policy their own): the names are then written as Fastify writes them.
      ...MEDIA_SECURITY.map(([name, value], index): [string, string] =>
        name === 'content-security-policy' || name === 'x-content-type-options'
          ? [name, value]
          : WIRE_SECURITY[index]!,
      ),
      ['accept-ranges', 'bytes'],
      ['cache-control', 'public, max-age=31536000, immutable'],
      ['last-modified', '<date>'],
      ['etag', '<etag>'],
      ['content-type', 'image/png'],
      ...tail(media.body),
    ]);
  });
});
