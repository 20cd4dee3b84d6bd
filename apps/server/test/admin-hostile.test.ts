import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { setupLinkIfNeeded } from '../src/modules/admin/index.ts';
import { staffSession, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue } from './support/fixture.ts';

/**
 * The back office's routes, signed in as the owner (so that every check past access is reached),
 * against hostile paths, queries and bodies: never a 5xx, every error with its code, on SQLite and
 * PostgreSQL.
 */

const HOSTILE = [
  'a\u0000b',
  'a\ud800b',
  '\u202eevil',
  '"',
  "'; DROP TABLE products; --",
  '%',
  '',
  ' ',
  'x'.repeat(70_000),
  1e308,
  -1,
  0,
  1.5,
  2 ** 53,
  true,
  null,
  [],
  {},
  [null],
  { fa: 'a\u0000' },
  { fa: 1 },
  { fa: 'x', en: ['y'] },
];
const PARAM_VALUES = ['0', '-1', '1.5', '9'.repeat(40), '1e9', '%00', '%E0%A4%A', 'x', '%F0%9F%98'];
const QUERY_VALUES = ['1e400', '-5', 'a%00b', '%ud800', '0', '99999999999999999999', 'x'.repeat(500)];

function expectCoded(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { code?: string };
    expect(typeof body.code, `${context}: ${response.body.slice(0, 300)}`).toBe('string');
  }
}

describeEachDatabase('the back office under hostile input', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  /** The owner's session headers: the account is created on first use, then signed in. */
  const ownerHeaders = async (): Promise<Record<string, string>> => {
    const owner = { email: 'o@example.com', password: 'long enough password' };
    const link = await setupLinkIfNeeded(app, 'http://x');
    const done = link
      ? await app.inject({
          method: 'POST',
          url: '/admin/api/setup',
          payload: { token: link.split('/').pop(), name: 'O', ...owner },
        })
      : await app.inject({ method: 'POST', url: '/admin/api/session', payload: owner });
    const { cookie, csrf } = staffSession(done);
    return { cookie, 'x-csrf-token': csrf };
  };

  it('JSON nested deeper than 32 levels, to every route that takes a body: 400 invalid_json', async () => {
    const headers = { ...(await ownerHeaders()), 'content-type': 'application/json' };
    const deep: [label: string, text: string][] = [
      ['30,000 arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
      ['7,000 objects', `${'{"a":'.repeat(7_000)}1${'}'.repeat(7_000)}`],
      ['3,000 constructor objects', `${'{"constructor":'.repeat(3_000)}1${'}'.repeat(3_000)}`],
      [
        'an entity with a deep field',
        `{"version":"x","entity":{"title":{"fa":"x"},"x":${'['.repeat(40)}${']'.repeat(40)}}}`,
      ],
    ];
    const routes = app.adminRouteTable.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(':kind', 'products').replace(':id', '1').replace(':token', 'x');
      for (const [label, payload] of deep) {
        const response = await app.inject({ method: route.method as 'POST', url, headers, payload });
        expect(response.statusCode, `${route.method} ${url} ${label}: ${response.body}`).toBe(400);
        expect(response.json(), `${route.method} ${url} ${label}`).toMatchObject({ code: 'invalid_json' });
      }
    }
  });

  it('answers every route, parameter, query and field without a 5xx and with a code', async () => {
    const headers = await ownerHeaders();
    const { id: _id, ...product } = fixtureCatalogue().products[0]!;
    const samples: Record<string, Record<string, unknown>> = {
      products: { ...product, images: [] },
      collections: { title: { fa: 'x' } },
      subcollections: { title: { fa: 'x' }, collection: 1 },
      industries: { title: { fa: 'x' }, website: '', phone: null },
      tags: { title: { fa: 'x' } },
      posts: {
        title: { fa: 'x' },
        content: { fa: 'x' },
        specific_content: { fa: 'x' },
        creation_date: '2026-01-01T00:00:00Z',
        images: [],
      },
      banners: { image: 'x.png' },
    };

    const routes = app.adminRouteTable.filter(
      (r) => !r.url.startsWith('/admin/api/docs') && !(r.method === 'DELETE' && /\/sessions?$/.test(r.url)),
    );
    for (const route of routes) {
      // Path parameters.
      if (route.url.includes(':')) {
        for (const value of PARAM_VALUES) {
          const url = route.url.replace(':kind', 'products').replace(/:(id|token)/, value);
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers,
            payload: route.method === 'GET' ? undefined : {},
          });
          expectCoded(response, `${route.method} ${url}`);
        }
      }
      const url = route.url.replace(':kind', 'products').replace(':id', '1').replace(':token', 'x');
      // Query parameters.
      for (const name of [
        'page',
        'page_size',
        'q',
        'sort',
        'status',
        'collection',
        'parent',
        'from',
        'to',
        'staff',
        'dependents',
        'to',
      ]) {
        for (const value of QUERY_VALUES) {
          const response = await app.inject({
            method: route.method as 'GET',
            url: `${url}?${name}=${value}`,
            headers,
            payload: route.method === 'GET' ? undefined : {},
          });
          expectCoded(response, `${route.method} ${url}?${name}=${value.slice(0, 20)}`);
        }
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      // Bodies: not JSON, not an object, and each field of a valid-looking body replaced.
      for (const raw of ['{', '[]', 'null', '"x"', '\u0000']) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: raw,
        });
        expectCoded(response, `${route.method} ${url} raw ${JSON.stringify(raw)}`);
      }
      const kinds = route.url.includes(':kind') ? Object.keys(samples) : [''];
      for (const kind of kinds) {
        const target = kind ? route.url.replace(':kind', kind).replace(':id', '1') : url;
        const base = kind
          ? { version: 'x', entity: samples[kind]! }
          : {
              email: 'a@b.cd',
              password: 'long enough password',
              name: 'n',
              role: 'editor',
              code: '123456',
              ids: [1],
              action: 'publish',
              token: 'x',
              version: 'x',
              entity: {},
            };
        const fields = kind ? Object.keys(samples[kind]!) : Object.keys(base);
        for (const field of fields) {
          for (const value of HOSTILE) {
            const payload = kind
              ? {
                  ...base,
                  entity: { ...(base as { entity: Record<string, unknown> }).entity, [field]: value },
                }
              : { ...base, [field]: value };
            const response = await app.inject({
              method: route.method as 'POST',
              url: target,
              headers,
              payload,
            });
            expectCoded(
              response,
              `${route.method} ${target} ${field}=${JSON.stringify(value)?.slice(0, 30)}`,
            );
          }
        }
      }
    }
  }, 600_000);
});
