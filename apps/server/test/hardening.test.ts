import {
  errorDetailSchema,
  postSchema,
  productSchema,
  subcollectionSchema,
  tokenPairSchema,
} from '@storefront/contracts';
import net from 'node:net';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSerializerCompiler } from '../src/lib/plugins/serializer.ts';
import { previewText } from '../src/lib/text.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

const PASSWORD = 'saffron-Fields-42';
const SUPPLIER_PHONE = '03432221100';

describeEachDatabase(
  'tokens of removed and disabled users',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));
    const call = (options: InjectOptions) => app.inject(options);
    const post = (url: string, payload: unknown, authorization?: string) =>
      call({
        method: 'POST',
        url,
        payload: payload as InjectOptions['payload'],
        headers: authorization ? { authorization } : {},
      });

    async function signedIn(username: string) {
      expect((await post('/fa/api/auth/users/', { username, password: PASSWORD })).statusCode).toBe(201);
      const login = await post('/fa/api/auth/jwt/create/', { username, password: PASSWORD });
      const tokens = tokenPairSchema.parse(login.json());
      const user = await app.users.findByUsername(username);
      return { ...tokens, id: user!.id, authorization: `Bearer ${tokens.access}` };
    }
    const orderCount = async () =>
      Number(
        (
          await app.database.db
            .selectFrom('enquiries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );

    it.each([
      ['removed', (id: number) => app.users.remove(id)],
      ['disabled', (id: number) => app.users.setActive(id, false)],
    ] as const)(
      'a %s user’s token: 401 where a user is needed, a visitor’s view elsewhere',
      async (kind, change) => {
        const user = await signedIn(kind === 'removed' ? '09125550001' : '09125550002');
        // While the user is there, the token works: a like, and the supplier's phone.
        expect(
          (await post('/fa/api/store/products/1/likes/', undefined, user.authorization)).statusCode,
        ).toBe(201);
        const before = await call({
          url: '/fa/api/store/products/1/',
          headers: { authorization: user.authorization },
        });
        expect(before.body).toContain(SUPPLIER_PHONE);

        await change(user.id);

        for (const url of [
          '/fa/api/store/products/1/likes/',
          '/en/api/store/products/2/likes/?dislike=true',
        ]) {
          const res = await post(url, undefined, user.authorization);
          expect(res.statusCode, url).toBe(401);
          expect(errorDetailSchema.parse(res.json())).toEqual({
            detail: 'Given token not valid for any token type',
            code: 'token_not_valid',
          });
        }
        // An order request with the dead token is refused (401), never lost to a 500, and not stored;
        // sent again without it (as the storefront does) it is stored.
        const orders = await orderCount();
        const refused = await post(
          '/fa/api/store/products/1/orders/',
          { phone: '09121234567' },
          user.authorization,
        );
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ code: 'token_not_valid' });
        expect(await orderCount()).toBe(orders);
        expect((await post('/fa/api/store/products/1/orders/', { phone: '09121234567' })).statusCode).toBe(
          201,
        );
        expect(await orderCount()).toBe(orders + 1);

        // Reads: a visitor's view, no phone anywhere.
        for (const url of [
          '/fa/api/store/products/1/',
          '/fa/api/store/products/',
          '/fa/api/store/industries/',
          '/fa/api/store/subcollections/',
        ]) {
          const res = await call({ url, headers: { authorization: user.authorization } });
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).not.toContain(SUPPLIER_PHONE);
        }
        const likes = await call({
          url: '/fa/api/store/likes/',
          headers: { authorization: user.authorization },
        });
        expect(likes.json()).toEqual([]);
        // Its refresh token makes no new access token; verify says no.
        expect((await post('/fa/api/auth/jwt/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
        expect((await post('/fa/api/auth/jwt/verify/', { token: user.access })).statusCode).toBe(401);
        // A disabled or removed user cannot sign in again.
        const login = await post('/fa/api/auth/jwt/create/', {
          username: kind === 'removed' ? '09125550001' : '09125550002',
          password: PASSWORD,
        });
        expect(login.statusCode).toBe(401);
        expect(login.json()).toMatchObject({ code: 'no_active_account' });
      },
    );

    it('a user enabled again gets their token accepted again', async () => {
      const user = await signedIn('09125550003');
      await app.users.setActive(user.id, false);
      expect((await post('/fa/api/store/products/1/likes/', undefined, user.authorization)).statusCode).toBe(
        401,
      );
      await app.users.setActive(user.id, true);
      expect((await post('/fa/api/store/products/1/likes/', undefined, user.authorization)).statusCode).toBe(
        201,
      );
    });
  },
  { rateLimits: 'off' },
);

describeEachDatabase('the calls of the spec’s original client, with the URLs it sends', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  const get = async (url: string) => {
    const res = await app.inject(url);
    expect(res.statusCode, url).toBe(200);
    return res;
  };

  it('a browser locale prefix ({xx}-{YY}, {xx}_{YY}, any case) answers as its language; an unserved one is 404', async () => {
    const en = (await get('/en/api/store/products/?recommend=True/')).body;
    const fa = (await get('/fa/api/store/products/?recommend=True/')).body;
    expect(en).not.toBe(fa);
    const recommended = (prefix: string) => `/${prefix}/api/store/products/?recommend=True/`;
    for (const url of ['en-US', 'en-us', 'en-GB', 'en_GB', 'en_US', 'EN-us', 'EN'].map(recommended)) {
      expect((await get(url)).body, url).toBe(en);
    }
    for (const url of ['fa-IR', 'fa-ir', 'fa_IR', 'FA_IR'].map(recommended)) {
      expect((await get(url)).body, url).toBe(fa);
    }
    // A language this store does not serve, bare or regional: never another language's content.
    for (const url of [
      '/de/api/store/products/',
      '/DE/api/store/products/',
      '/de-DE/api/store/products/?recommend=True/',
      '/xx-YY/api/store/products/1/',
      '/xx_YY/api/store/collections/',
      '/ar/api/auth/users/me/',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(errorDetailSchema.parse(res.json()).code, url).toBe('language_not_found');
    }
    const posted = await app.inject({ method: 'POST', url: '/de/api/auth/jwt/create/', payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toMatchObject({ code: 'language_not_found' });
    // Translations follow the same rule: a served language in any spelling, else 404.
    for (const lng of ['fa', 'fa-IR', 'FA_ir', 'en-US', 'en_GB']) {
      expect((await app.inject(`/locales/${lng}/common.json`)).statusCode, lng).toBe(200);
    }
    for (const lng of ['de', 'DE', 'de-DE', 'xx-YY']) {
      const res = await app.inject(`/locales/${lng}/common.json`);
      expect(res.statusCode, lng).toBe(404);
      expect(errorDetailSchema.parse(res.json()).code, lng).toBe('language_not_found');
    }
    expect((await app.inject('/locales/fa/nope!.json')).json()).toMatchObject({ code: 'not_found' });
    expect((await get('/en-US/api/store/products/1/')).json()).toMatchObject({ title: 'Akbari pistachio' });
    // Links in a page keep working (they name the language the answer is in).
    const page = (await get('/en-US/api/store/products/?limit=1')).json() as { next: string };
    expect(new URL(page.next).pathname).toBe('/en/api/store/products/');
  });

  it('calls without the language segment answer in the request’s language (cookie, Accept-Language, fa)', async () => {
    const fa = (await get('/fa/api/store/collections/')).body;
    const en = (await get('/en/api/store/collections/')).body;
    expect(fa).not.toBe(en);
    const bare = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    // The client's `${BaseRoot}store/…` calls, with and without /api.
    expect(await bare('/store/collections/')).toBe(fa);
    expect(await bare('/api/store/collections/')).toBe(fa);
    expect(await bare('/store/collections/', { cookie: 'i18next=en-US' })).toBe(en);
    expect(await bare('/store/collections/', { 'accept-language': 'de-DE,en;q=0.8,fa;q=0.5' })).toBe(en);
    expect(await bare('/store/collections/', { 'accept-language': 'en;q=0.2,fa-IR;q=0.9' })).toBe(fa);
    expect(await bare('/store/collections/', { cookie: 'i18next=fa', 'accept-language': 'en' })).toBe(fa);
    expect(await bare('/store/likes/')).toBe('[]');
    const search = await bare(`/store/subcollections/?search=${encodeURIComponent('خشکبار')}`);
    expect((JSON.parse(search) as { id: number }[])[0]?.id).toBe(10);
  });

  it('posts carry preview_description: plain text, the start of the content, cut at a word', async () => {
    const posts = z.array(postSchema).parse((await get('/fa-IR/api/store/posts/')).json());
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.preview_description).not.toMatch(/[<>]/);
      expect(post.preview_description.length).toBeLessThanOrEqual(201);
      expect(post.content.startsWith(post.preview_description.replace(/…$/, ''))).toBe(true);
    }
    const one = postSchema.parse((await get('/en-US/api/store/posts/1/')).json());
    expect(one.preview_description).toBe('First summary.');
  });

  it('a subcollection search also matches its collection’s title, its own matches first', async () => {
    const search = async (term: string) =>
      z
        .array(subcollectionSchema)
        .parse((await get(`/fa/api/store/subcollections/?search=${encodeURIComponent(term)}`)).json())
        .map((s) => s.id);
    // The client looks the products up by the title of the collection it shows.
    expect(await search('خشکبار')).toEqual([10]);
    expect(await search('صنایع دستی')).toEqual([11]);
    expect(await search('Handicrafts')).toEqual([11]);
    // Its own title still finds it.
    expect(await search('پسته')).toEqual([10]);
    expect(await search('نیست')).toEqual([]);
    const paged = (
      await get(`/fa/api/store/subcollections/?search=${encodeURIComponent('خشکبار')}&limit=5`)
    ).json();
    expect(paged).toMatchObject({ count: 1 });
  });
});

describeEachDatabase('requests Node cannot parse', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  it('answer in the same JSON shape, with the security headers', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes, 'latin1'));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const healthz = await app.inject('/healthz');
    for (const request of [
      'NOT A REQUEST\r\n\r\n',
      'GET /fa/api/store/products/ HTTP/1.1\r\nHost: x\r\nBad\u0000Header: 1\r\n\r\n',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, request.slice(0, 30)).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(errorDetailSchema.parse(JSON.parse(body))).toMatchObject({ code: 'bad_request' });
      expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
      expect(head.toLowerCase()).toContain(
        `content-security-policy: ${String(healthz.headers['content-security-policy'])}`.toLowerCase(),
      );
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    }
  });
});

describe('answers are written from their schema', () => {
  it('drops fields the schema does not name, keeps nulls, and picks a list or a page', async () => {
    const app = Fastify();
    app.setSerializerCompiler(schemaSerializerCompiler);
    const item = z.object({
      id: z.number().int(),
      phone: z.string().nullable(),
      price: productSchema.shape.inventory,
    });
    app.get('/one', { schema: { response: { 200: item } } }, async () => ({
      id: 1,
      phone: null,
      price: 3,
      email: 'secret@example.com',
    }));
    const list = z.union([z.array(item), z.object({ count: z.number().int(), results: z.array(item) })]);
    let paged = false;
    app.get('/list', { schema: { response: { 200: list } } }, async () => {
      const rows = [{ id: 1, phone: '0912', price: 1, email: 'x@y.z' }];
      return paged ? { count: 1, results: rows, secret: true } : rows;
    });
    try {
      expect((await app.inject('/one')).json()).toEqual({ id: 1, phone: null, price: 3 });
      expect((await app.inject('/list')).json()).toEqual([{ id: 1, phone: '0912', price: 1 }]);
      paged = true;
      expect((await app.inject('/list')).json()).toEqual({
        count: 1,
        results: [{ id: 1, phone: '0912', price: 1 }],
      });
    } finally {
      await app.close();
    }
  });
});

describe('previewText', () => {
  it('cuts at a word, marks the cut, strips markup', () => {
    expect(previewText('short text', 200)).toBe('short text');
    expect(previewText('<p>one <b>two</b></p>', 200)).toBe('one two');
    const long = 'واژه '.repeat(100);
    const preview = previewText(long, 200);
    expect(preview.endsWith('واژه…')).toBe(true);
    expect([...preview].length).toBeLessThanOrEqual(201);
    expect(previewText('x'.repeat(300), 200)).toBe(`${'x'.repeat(200)}…`);
  });
});
