import { errorDetailSchema, fieldErrorsSchema, reviewSchema } from '@storefront/contracts';
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUserWithToken, injectAs, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { putFeeds, signedIn } from './support/feeds.ts';

/**
 * Everything a careless client or an attacker can send, to every route and every field, on SQLite
 * and PostgreSQL: never a 5xx, every error in one of the two shapes with a code, and the security
 * headers on every answer (docs/server.md, "Errors" and "Input at the edge").
 */

const NUL = 'a\u0000b';
const CONTROLS = ['a\u0001b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u000bb', 'a\u000cb', 'x\u0008'];
const SURROGATES = ['a\ud800b', 'a\udfffb', '\udc00', 'x\ud83d'];
const RTL = ['\u202eevil\u202c', 'abc\u2066\u2067\u2068\u2069', '\u200f\u200e\u061c'];
const FTS = [
  '"',
  '""',
  'a"b',
  '*',
  'a*',
  '-',
  '-a',
  'NEAR(a b)',
  'NEAR',
  'a:b',
  'title:a',
  '^a',
  '(',
  ')',
  '((a',
  'a AND b',
  'OR NOT',
  '%',
  '_',
  '\\',
  "'",
  "'; DROP TABLE products; --",
  '{a}',
  '[a]',
  '+a',
  '~',
];
// eslint-disable-next-line no-control-regex -- the characters a stored text must not hold
const STORED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const BIG = ['x'.repeat(100 * 1024), 'پ'.repeat(1024 * 1024)];

/** Percent-encodes any string, even one that is not well-formed (its UTF-8 bytes, as Node writes them). */
function pct(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

interface Write {
  url: string;
  fields: string[];
  valid: Record<string, unknown>;
  auth?: boolean;
}

const WRITES: Write[] = [
  {
    url: '/fa/api/auth/users/',
    fields: ['username', 'password', 'email', 'Email address'],
    valid: { username: '09120001111', password: 'saffron-Fields-42' },
  },
  {
    url: '/fa/api/auth/jwt/create/',
    fields: ['username', 'password'],
    valid: { username: '0912', password: 'x' },
  },
  { url: '/fa/api/auth/jwt/refresh/', fields: ['refresh'], valid: { refresh: 'x' } },
  {
    url: '/fa/api/auth/codes/',
    fields: ['username', 'purpose'],
    valid: { username: '09120001111', purpose: 'login' },
  },
  {
    url: '/fa/api/auth/users/activate/',
    fields: ['username', 'otp'],
    valid: { username: '09120001111', otp: '123456' },
  },
  {
    url: '/en/api/auth/jwt/code/',
    fields: ['username', 'otp'],
    valid: { username: '09120001111', otp: '123456' },
  },
  {
    url: '/fa/api/auth/password/reset/',
    fields: ['username', 'otp', 'password'],
    valid: { username: '09120001111', otp: '123456', password: 'saffron-Fields-42' },
  },
  { url: '/fa/api/auth/jwt/verify/', fields: ['token'], valid: { token: 'x' } },
  {
    url: '/fa/api/store/products/1/reviews/',
    fields: ['name', 'email', 'content'],
    valid: { name: 'Sara', email: 'sara@example.com', content: 'Good' },
  },
  {
    url: '/en/api/store/products/-1/orders/',
    fields: ['phone', 'description', 'email'],
    valid: { phone: '09121234567', description: 'Ten boxes', email: 'a@b.ir' },
  },
  {
    url: '/en/api/store/products/1/orders/',
    fields: ['phone', 'description', 'email'],
    valid: { phone: '09121234567', description: 'Ten boxes', email: 'a@b.ir' },
  },
  { url: '/fa/api/store/emails/', fields: ['email'], valid: { email: 'news@example.com' } },
];

const GETS: { url: string; params: string[] }[] = [
  { url: '/fa/api/store/collections/', params: ['footer', 'limit', 'offset', 'ordering'] },
  { url: '/fa/api/store/subcollections/', params: ['search', 'limit', 'offset', 'ordering'] },
  { url: '/en/api/store/industries/', params: ['search', 'limit', 'offset', 'ordering'] },
  {
    url: '/fa/api/store/products/',
    params: [
      'recommend',
      'search',
      'industry',
      'product',
      'collection',
      'subcollection',
      'limit',
      'offset',
      'ordering',
    ],
  },
  { url: '/fa/api/store/products/1/reviews/', params: ['limit', 'offset', 'ordering'] },
  { url: '/fa/api/store/products/1/likes/', params: [] },
  { url: '/fa/api/store/likes/', params: [] },
  { url: '/fa/api/store/image-banners/', params: ['limit', 'offset', 'ordering'] },
  { url: '/en/api/store/posts/', params: ['limit', 'offset', 'ordering'] },
  { url: '/fa/api/store/about-us/', params: [] },
  { url: '/fa/api/auth/options/', params: [] },
];

/** Torob's token is checked before the body is read: the suite signs its own, with a key given to the app. */
const TOROB_KEYS = crypto.generateKeyPairSync('ed25519');
const TOROB_HOST = 'shop.test';
function torobToken(): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'EdDSA', typ: 'JWT', v: 1 })}.${b64({ aud: TOROB_HOST, nbf: now - 60, exp: now + 600 })}`;
  return `${head}.${crypto.sign(null, Buffer.from(head), TOROB_KEYS.privateKey).toString('base64url')}`;
}
const EMALLS_TOKEN = 'emalls-token-0123456789';

/**
 * Every route of the app with its methods, read from Fastify's route tree (`printRoutes` without
 * common prefixes: each line one path segment under its parent, four columns a level), so that a
 * route added later is in the hostile tests without anyone listing it.
 */
function appRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(?:([│ ]*)[└├]── )?(.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1] === undefined ? 0 : match[1].length / 4 + 1;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]!.split(', ')) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

const ID_ROUTES = [
  '/fa/api/store/products/{id}/',
  '/fa/api/store/products/{id}/reviews/',
  '/fa/api/store/products/{id}/likes/',
  '/fa/api/store/posts/{id}/',
];

describeEachDatabase(
  'hostile input',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));
    let securityHeaders: [string, string][] = [];
    let token = '';
    beforeAll(async () => {
      const health = await app.inject('/healthz');
      const generic = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
      securityHeaders = Object.entries(health.headers)
        .filter(([name]) => !generic.has(name))
        .map(([name, value]) => [name, String(value)]);
      expect(securityHeaders.length).toBeGreaterThan(8);
      token = `Bearer ${(await createUserWithToken(app)).access}`;
    });

    /** The contract every answer keeps; returns the parsed error body (undefined for a success). */
    const check = (res: LightMyRequestResponse, label: string): Record<string, unknown> | undefined => {
      expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      for (const [name, value] of securityHeaders) {
        // Media set their own, stricter content policy; every other answer has the same one.
        if (name === 'content-security-policy' && label.startsWith('media')) continue;
        expect(res.headers[name], `${label}: header ${name}`).toBe(value);
      }
      if (res.statusCode < 400) return undefined;
      expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
      const body = res.json() as Record<string, unknown>;
      if ('detail' in body) {
        expect(errorDetailSchema.safeParse(body).success, `${label}: ${res.body}`).toBe(true);
      } else {
        const fields = fieldErrorsSchema.safeParse(body);
        expect(fields.success, `${label}: ${res.body.slice(0, 300)}`).toBe(true);
        const codes = body.codes as Record<string, string[]>;
        const messages = Object.entries(body).filter(([k]) => k !== 'code' && k !== 'codes');
        expect(body.code, label).toBe('validation_failed');
        expect(Object.keys(codes).sort(), label).toEqual(messages.map(([k]) => k).sort());
        for (const [field, list] of messages)
          expect((list as string[]).length, label).toBe(codes[field]!.length);
      }
      return body;
    };
    const send = async (options: InjectOptions, label: string) => {
      const res = await app.inject(options);
      return { res, body: check(res, label) };
    };
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      send(
        {
          method: 'POST',
          url,
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
          headers: { 'content-type': 'application/json', ...headers },
        },
        `POST ${url} ${typeof payload === 'string' ? payload.slice(0, 80) : JSON.stringify(payload).slice(0, 80)}`,
      );

    it('control characters and broken Unicode in any field of any write: 400 invalid_characters', async () => {
      for (const write of WRITES) {
        for (const field of write.fields) {
          for (const value of [NUL, ...CONTROLS, ...SURROGATES]) {
            const { res, body } = await post(write.url, { ...write.valid, [field]: value });
            expect(res.statusCode, `${write.url} ${field} ${JSON.stringify(value)}`).toBe(400);
            expect((body!.codes as Record<string, string[]>)[field], `${write.url} ${field}`).toEqual([
              'invalid_characters',
            ]);
          }
        }
      }
      // The message in the request's language.
      const fa = await post('/fa/api/store/products/1/reviews/', {
        name: NUL,
        email: 'a@b.ir',
        content: 'x',
      });
      expect((fa.body!.name as string[])[0]).toMatch(/[\u0600-\u06ff]/);
      const en = await post('/en/api/store/products/1/reviews/', {
        name: NUL,
        email: 'a@b.ir',
        content: 'x',
      });
      expect((en.body!.name as string[])[0]).toMatch(/not allowed/);
      // Nested values too, wherever they are.
      const nested = await post('/fa/api/store/emails/', { email: 'a@b.ir', extra: { list: ['ok', NUL] } });
      expect(nested.res.statusCode).toBe(400);
      expect(Object.keys(nested.body!.codes as object)).toEqual(['extra.list.1']);
    });

    // One test per route: each posts a few hundred bodies, some of which hash a password.
    for (const write of WRITES) {
      it(`big strings, RTL controls, FTS syntax and JSON of the wrong type in any field of ${write.url}: never a 5xx`, async () => {
        const wrongTypes = [0, -1, 1.5, 1e308, true, false, null, [], ['a'], {}, { a: 1 }];
        for (const field of write.fields) {
          for (const value of [...BIG, ...RTL, ...FTS, ...wrongTypes]) {
            const { res } = await post(write.url, { ...write.valid, [field]: value });
            if (typeof value === 'string' && value.length > 64 * 1024) expect(res.statusCode).toBe(413);
          }
          // Numbers JSON.stringify cannot write: 1e400 (Infinity), -0, huge integers.
          for (const raw of ['1e400', '-1e400', '123456789012345678901234567890', '-0', '0x10', 'NaN']) {
            const text = JSON.stringify({ ...write.valid, [field]: '__RAW__' }).replace('"__RAW__"', raw);
            await post(write.url, text);
          }
        }
        // Bodies that are not objects.
        for (const raw of ['[]', '"text"', '42', 'null', 'true', '[{"a":1}]', '{"__proto__":{"x":1}}']) {
          await post(write.url, raw);
        }
      });
    }

    it('bodies that are not JSON in UTF-8: 400/413/415 with their codes', async () => {
      const url = '/fa/api/store/emails/';
      const cases: [
        label: string,
        headers: Record<string, string>,
        payload: Buffer | string,
        status: number,
        code: string,
      ][] = [
        [
          'utf-16 with charset',
          { 'content-type': 'application/json; charset=utf-16' },
          Buffer.from('{"email":"a@b.ir"}', 'utf16le'),
          415,
          'unsupported_media_type',
        ],
        [
          'utf-16 without charset',
          { 'content-type': 'application/json' },
          Buffer.from('\ufeff{"email":"a@b.ir"}', 'utf16le'),
          400,
          'invalid_encoding',
        ],
        [
          'latin-1 bytes',
          { 'content-type': 'application/json; charset=latin1' },
          Buffer.from('{"email":"é@b.ir"}', 'latin1'),
          415,
          'unsupported_media_type',
        ],
        [
          'invalid utf-8',
          { 'content-type': 'application/json' },
          Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          400,
          'invalid_encoding',
        ],
        [
          'persian as windows-1256',
          { 'content-type': 'application/json' },
          Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xc7, 0xe1, 0x22, 0x7d]),
          400,
          'invalid_encoding',
        ],
        ['malformed json', { 'content-type': 'application/json' }, '{"email": ', 400, 'malformed_json'],
        ['empty json', { 'content-type': 'application/json' }, '', 400, 'malformed_json'],
        ['text/plain', { 'content-type': 'text/plain' }, 'a@b.ir', 415, 'unsupported_media_type'],
        [
          'form',
          { 'content-type': 'application/x-www-form-urlencoded' },
          'email=a%40b.ir',
          415,
          'unsupported_media_type',
        ],
        [
          'multipart',
          { 'content-type': 'multipart/form-data; boundary=x' },
          '--x--',
          415,
          'unsupported_media_type',
        ],
        ['no content type', {}, '{"email":"a@b.ir"}', 415, 'unsupported_media_type'],
        [
          'over the limit',
          { 'content-type': 'application/json' },
          `{"email":"${'x'.repeat(70 * 1024)}"}`,
          413,
          'payload_too_large',
        ],
      ];
      for (const [label, headers, payload, status, code] of cases) {
        const { res, body } = await send({ method: 'POST', url, headers, payload }, label);
        expect(res.statusCode, label).toBe(status);
        expect(body, label).toMatchObject({ code });
      }
    });

    it('JSON nested deeper than 32 levels, to every route with a body: 400 invalid_json, never a 5xx', async () => {
      const deep: [label: string, text: string][] = [
        // 60 KB: 30,000 nested arrays overflowed the stack of the text check (RangeError, 500).
        ['30,000 arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
        ['7,000 objects', `${'{"a":'.repeat(7_000)}1${'}'.repeat(7_000)}`],
        // Keys that make the prototype-poisoning check walk the whole body.
        ['3,000 constructor objects', `${'{"constructor":'.repeat(3_000)}1${'}'.repeat(3_000)}`],
        ['a valid body with a deep field', `{"email":"a@b.ir","x":${'['.repeat(33)}${']'.repeat(33)}}`],
        ['unclosed arrays', '['.repeat(40)],
      ];
      const urls = [...WRITES.map((write) => write.url), '/fa/api/store/products/1/likes/'];
      for (const url of urls) {
        for (const [label, text] of deep) {
          const { res, body } = await post(url, text, { authorization: token });
          // Likes read no body: whatever they answer, never a 5xx.
          if (url.endsWith('/likes/')) continue;
          expect(res.statusCode, `${url} ${label}`).toBe(400);
          expect(body, `${url} ${label}`).toMatchObject({ code: 'invalid_json' });
        }
        // 32 levels are read (and then checked as usual): not invalid_json.
        const { body } = await post(url, `{"x":${'['.repeat(31)}${']'.repeat(31)}}`, {
          authorization: token,
        });
        expect(body?.code, url).not.toBe('invalid_json');
      }
      // Strings holding brackets are not nesting.
      const { res } = await post('/fa/api/store/emails/', {
        email: 'news@example.com',
        note: `${'['.repeat(100)}{{"\\"`,
      });
      expect(res.statusCode).toBeLessThan(300);
    });

    it('JSON nested too deep, to every route of the app that takes a body (read from its router: back office, feeds, unsubscribe included): 400 invalid_json', async () => {
      // The feeds answer only when on, Torob only with its token; the back office only to staff.
      const owner = await signedIn(app, 'owner');
      const feedsOn = await putFeeds(app, owner, {
        torob: { enabled: true },
        emalls: { enabled: true, token: EMALLS_TOKEN },
      });
      expect(feedsOn.statusCode).toBe(200);
      const writes = appRoutes(app).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
      const urls = writes.map((route) => `${route.method} ${route.url}`);
      // The reading of the tree finds what it must (a parser that found nothing would pass below).
      for (const expected of [
        'POST /feeds/torob/v3/products',
        'POST /feeds/emalls/products',
        'POST /wp-json/emalls_ext/v1/products',
        'POST /fa/api/store/emails',
        'POST /en/api/auth/jwt/refresh',
        'POST /fa/api/store/products/:id/reviews',
        'POST /newsletter/unsubscribe/:token',
        'POST /admin/api/session',
        'PUT /admin/api/about-us',
        'PATCH /admin/api/reviews/:id',
      ])
        expect(urls).toContain(expected);
      expect(writes.length).toBeGreaterThan(50);
      const bodies = [
        `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
        `${'{"a":'.repeat(7_000)}1${'}'.repeat(7_000)}`,
      ];
      // The APIs (storefront, back office as the owner, feeds) and the unsubscribe form read their
      // bodies: each must refuse the depth with invalid_json.
      const API = /^\/(?:[a-z]{2}\/api|admin\/api|feeds|wp-json|newsletter)\//;
      for (const { method, url: template } of writes) {
        const url = template
          .replace(':kind', 'products')
          .replace(':channel', 'telegram')
          .replace(/:\w+/g, '1')
          .replace('*', 'x');
        const label = `${method} ${url}`;
        for (const payload of bodies) {
          const res = await injectAs(app, url.startsWith('/admin/') ? owner : undefined, {
            method: method as 'POST' | 'PUT' | 'PATCH',
            url,
            payload,
            headers: {
              'content-type': 'application/json',
              authorization: token,
              ...(url.startsWith('/feeds/torob/')
                ? { host: TOROB_HOST, 'x-torob-token': torobToken(), 'x-torob-token-version': '1' }
                : {}),
            },
          });
          const said = `${label}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, said).toBeLessThan(500);
          // Likes read no body (a like is the request itself).
          if (url.endsWith('/likes')) continue;
          if (API.test(url)) {
            expect(res.statusCode, said).toBe(400);
            // The feeds answer in the engines' shape ({"error": …}), with our code beside it.
            expect(res.json(), label).toMatchObject({ code: 'invalid_json' });
          } else {
            // A page's form (an enquiry's private page under /app/e/{token}/…) may refuse the
            // request before it reads the body (an unknown token is 404): no body walked, nothing
            // to overflow. If it reads the body, the depth is refused first.
            expect([400, 401, 403, 404], said).toContain(res.statusCode);
            if (res.statusCode === 400) expect(res.body, said).toContain('invalid_json');
          }
        }
      }
    });

    it('every query parameter of every read, with every kind of hostile text', async () => {
      const values = [
        NUL,
        ...CONTROLS,
        ...SURROGATES,
        ...RTL,
        ...FTS,
        'x'.repeat(5000),
        '-1',
        '1e9',
        '1.5',
        '999999999999999999999',
      ];
      for (const { url, params } of GETS) {
        for (const param of [...params, 'unknown']) {
          for (const value of values) {
            await send(
              { url: `${url}?${param}=${pct(value)}` },
              `GET ${url}?${param}=${JSON.stringify(value).slice(0, 40)}`,
            );
          }
        }
        // Repeated, empty and malformed parameters.
        for (const query of [
          '?limit=1&limit=2',
          '?search=',
          '?search',
          '?=x',
          '?%ff=1',
          '?search=%ff%fe',
          '?search=%',
          '?search=%E0%A4%A',
        ]) {
          await send({ url: `${url}${query}` }, `GET ${url}${query}`);
        }
      }
      // Control characters are dropped from a search: a%00b searches for "ab".
      for (const search of ['a%00b', '%00', 'پسته%07', '%ED%A0%80']) {
        const { res } = await send({ url: `/fa/api/store/products/?search=${search}` }, search);
        expect(res.statusCode, search).toBe(200);
      }
    });

    it('search terms are data, never syntax, on both databases', async () => {
      const search = async (term: string) => {
        const { res } = await send(
          { url: `/en/api/store/products/?search=${pct(term)}&limit=5` },
          `search ${term}`,
        );
        expect(res.statusCode, term).toBe(200);
        return (res.json() as { results: { id: number }[] }).results.map((p) => p.id);
      };
      for (const term of FTS) await search(term);
      // Operators search for themselves: nothing in the store holds them.
      for (const term of [
        'NEAR(pistachio carpet)',
        'pistachio OR carpet',
        'title:pistachio',
        'pistachio NOT x',
      ]) {
        expect(await search(term), term).toEqual([]);
      }
      // Quotes and a star around a word are punctuation, not a phrase or a prefix query: the word is
      // searched for (every product holding it), as without them.
      expect(await search('"pistachio" *')).toEqual([1]);
      expect(await search('pistachio')).toEqual([1]);
      expect(await search('(pistachio)')).toEqual([1]);
    });

    it('path ids: out of range is 404, not an integer 400, never 500', async () => {
      const cases: [id: string, status: number][] = [
        ['0', 404],
        ['-1', 404],
        ['999999999999999', 404],
        ['99999999999', 404],
        ['2147483648', 404],
        ['-2147483649', 404],
        ['99999999999999999999999999999999', 404],
        ['1.5', 400],
        ['1e9', 400],
        ['abc', 400],
        ['%00', 400],
        ['1%00', 400],
        ['%20', 400],
        ['0x10', 400],
      ];
      for (const template of ID_ROUTES) {
        for (const [id, status] of cases) {
          const url = template.replace('{id}', id);
          const { res, body } = await send({ url }, `GET ${url}`);
          expect(res.statusCode, url).toBe(status);
          expect(body!.code, url).toBe(status === 404 ? 'not_found' : 'validation_failed');
        }
      }
      for (const [id, status] of cases) {
        const { res } = await post(`/fa/api/store/products/${id}/reviews/`, {
          name: 'a',
          email: 'a@b.ir',
          content: 'c',
        });
        expect(res.statusCode, id).toBe(status);
        await post(`/fa/api/store/products/${id}/orders/`, { phone: '09121234567' });
        await post(`/fa/api/store/products/${id}/likes/`, '', { authorization: token });
      }
    });

    it("Fastify's own errors and the router's answer in the same shape", async () => {
      const cases: [InjectOptions, number, string][] = [
        [{ url: '/fa/api/store/products/%ff/' }, 400, 'invalid_encoding'],
        [{ url: '/fa/api/store/products/%E0%A4%A/' }, 400, 'invalid_encoding'],
        [{ url: '/fa/api/store/posts/%C0%AF/' }, 400, 'invalid_encoding'],
        [{ url: `/fa/api/store/products/${'1'.repeat(201)}/` }, 414, 'uri_too_long'],
        [{ url: '/fa/api/store/nothing/' }, 404, 'not_found'],
        [{ url: '/nothing' }, 404, 'not_found'],
        [{ url: '/fa/api/' }, 404, 'not_found'],
        [{ method: 'DELETE', url: '/fa/api/store/products/1/' }, 405, 'method_not_allowed'],
        [{ method: 'PUT', url: '/fa/api/store/emails/', payload: {} }, 405, 'method_not_allowed'],
        [
          { method: 'PATCH', url: '/fa/api/store/products/1/reviews/', payload: {} },
          405,
          'method_not_allowed',
        ],
        [{ method: 'GET', url: '/fa/api/store/emails/' }, 405, 'method_not_allowed'],
        [{ method: 'POST', url: '/fa/api/store/posts/', payload: {} }, 405, 'method_not_allowed'],
      ];
      for (const [options, status, code] of cases) {
        const label = `${options.method ?? 'GET'} ${String(options.url).slice(0, 60)}`;
        const { res, body } = await send(options, label);
        expect(res.statusCode, label).toBe(status);
        expect(body!.code, label).toBe(code);
        if (status === 405) expect(res.headers.allow, label).toBeTruthy();
      }
      // Media and translations with hostile names.
      for (const url of [
        '/media/%00',
        '/media/..%2f..%2fstore.db',
        '/media/%ff',
        '/locales/%00/common.json',
        '/locales/fa/%ff.json',
      ]) {
        await send({ url }, `media ${url}`);
      }
    });

    it('tokens of every shape: never a 5xx', async () => {
      const headers = [
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
        'Basic YTpi',
        'null',
        '\u00ff\u00fe',
      ];
      for (const authorization of headers) {
        await send(
          { url: '/fa/api/store/products/1/', headers: { authorization } },
          `auth ${authorization.slice(0, 20)}`,
        );
        await send(
          { url: '/fa/api/store/likes/', headers: { authorization } },
          `likes ${authorization.slice(0, 20)}`,
        );
        await post('/fa/api/store/products/1/likes/', '', { authorization });
        await post('/fa/api/store/products/-1/orders/', { phone: '09121234567' }, { authorization });
      }
    });

    it('property: any text in a search, a filter or a write keeps the contract', async () => {
      const text = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc
          .tuple(
            fc.string({ maxLength: 10 }),
            fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udc00'),
            fc.string({ maxLength: 10 }),
          )
          .map(([a, c, b]) => a + c + b),
      );
      await fc.assert(
        fc.asyncProperty(
          text,
          fc.constantFrom('search', 'industry', 'product', 'collection', 'subcollection'),
          async (value, param) => {
            const { res } = await send(
              { url: `/fa/api/store/products/?${param}=${pct(value)}&limit=3` },
              `?${param}=${JSON.stringify(value)}`,
            );
            expect(res.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(text, text, async (name, content) => {
          const { res } = await post('/en/api/store/products/2/reviews/', {
            name,
            email: 'p@example.com',
            content,
          });
          if (res.statusCode === 201) {
            const review = reviewSchema.parse(res.json());
            // Nothing refused is ever stored: what was stored has no control characters.
            expect(review.name + review.content).not.toMatch(STORED_CONTROLS);
          }
        }),
        { numRuns: 40 },
      );
      const reviews = z
        .array(reviewSchema)
        .parse((await app.inject('/en/api/store/products/2/reviews/')).json());
      for (const review of reviews) {
        expect(review.name + review.content).not.toMatch(STORED_CONTROLS);
      }
    });
  },
  {
    rateLimits: 'off',
    torobPublicKey: TOROB_KEYS.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    // SMS codes on (a gateway nobody calls: the outbox's worker does not run), so that the code
    // routes go past their "not set up" answer with whatever they are sent.
    smsOverrides: {
      provider: 'kavenegar',
      apiKey: 'k',
      sender: undefined,
      baseUrl: 'http://127.0.0.1:9',
      templates: { otp: 'otp' },
    },
    outboxWorker: false,
  },
);

describe('pct', () => {
  it('encodes what encodeURIComponent refuses', () => {
    expect(pct('a b')).toBe('a%20b');
    expect(pct('\ud800')).toBe('%ef%bf%bd');
  });
});
