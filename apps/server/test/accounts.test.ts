import path from 'node:path';
import { industrySchema, productSchema, tokenPairSchema } from '@storefront/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { importCatalogue } from '../src/modules/catalogue/import.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';
import { limitsPerMinute } from './support/rate-limits.ts';

const PASSWORD = 'saffron-Fields-42';

/** The field-error body of `errors` when every message has the code `code`. */
function withCodes(errors: Record<string, string[]>, code: string) {
  return {
    ...errors,
    code: 'validation_failed',
    codes: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(() => code)])),
  };
}

describeEachDatabase(
  'accounts, likes, reviews, orders and newsletter',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));

    const call = async (options: InjectOptions) => {
      const res = await app.inject(options);
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON: keep the text
      }
      return { status: res.statusCode, body, headers: res.headers };
    };
    const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      call({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
    const get = (url: string, headers: Record<string, string> = {}) => call({ method: 'GET', url, headers });
    const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

    async function signUpAndIn(username: string): Promise<string> {
      const created = await post('/fa/api/auth/users/', { username, password: PASSWORD });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const login = await post('/fa/api/auth/jwt/create/', { username, password: PASSWORD });
      return tokenPairSchema.parse(login.body).access;
    }

    describe('registration', () => {
      it('creates a user with the phone as username (Persian digits stored as ASCII) and the spec’s email key', async () => {
        const res = await post('/fa/api/auth/users/', {
          username: '۰۹۱۲۱۲۳۴۵۶۷',
          password: PASSWORD,
          'Email address': 'Sara@Example.com',
        });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({
          id: expect.any(Number),
          username: '09121234567',
          email: 'sara@example.com',
        });
        const alt = await post('/en/api/auth/users/', {
          username: '0912 000 1111',
          password: PASSWORD,
          email: 'a@b.ir',
        });
        expect(alt.body).toMatchObject({ username: '09120001111', email: 'a@b.ir' });
        const noEmail = await post('/en/api/auth/users/', { username: '09120002222', password: PASSWORD });
        expect(noEmail.body).toMatchObject({ email: '' });
      });
      it('refuses a duplicate username, also when written with other digits', async () => {
        const res = await post('/fa/api/auth/users/', { username: '09121234567', password: PASSWORD });
        expect(res).toMatchObject({
          status: 400,
          body: { username: ['A user with that username already exists.'] },
        });
        const persian = await post('/fa/api/auth/users/', {
          username: '۰۹۱۲۱۲۳۴۵۶۷',
          password: 'another-Pass-9',
        });
        expect(persian.status).toBe(400);
      });
      it.each([
        ['short', 'aB3$x', 'This password is too short. It must contain at least 8 characters.'],
        ['entirely numeric', '83920174653', 'This password is entirely numeric.'],
        ['common', 'password123', 'This password is too common.'],
        ['common, any case', 'PASSWORD123', 'This password is too common.'],
        ['the username', '09125556666', 'The password is too similar to the username.'],
      ])('refuses a weak password: %s', async (_name, password, message) => {
        const res = await post('/fa/api/auth/users/', { username: '09125556666', password });
        expect(res.status).toBe(400);
        expect((res.body as { password: string[] }).password).toContain(message);
      });
      it.each([
        [{ password: PASSWORD }, { username: ['This field is required.'] }, 'required'],
        [{ username: '09127778888' }, { password: ['This field is required.'] }, 'required'],
        [
          { username: '0912777888', password: PASSWORD },
          { username: ['Enter a valid mobile number: 11 digits starting with 09.'] },
          'mobile_invalid',
        ],
        [
          { username: '02188776655', password: PASSWORD },
          { username: ['Enter a valid mobile number: 11 digits starting with 09.'] },
          'mobile_invalid',
        ],
        [{ username: 9127778888, password: PASSWORD }, { username: ['Not a valid string.'] }, 'invalid_type'],
        [
          { username: '09127778888', password: PASSWORD, email: 'not-an-email' },
          { email: ['Enter a valid email address.'] },
          'email_invalid',
        ],
        [
          { username: '09127778888', password: PASSWORD, 'Email address': 'x@' },
          { 'Email address': ['Enter a valid email address.'] },
          'email_invalid',
        ],
        [
          { username: '09127778888', password: 'x'.repeat(129) },
          { password: ['Ensure this field has no more than 128 characters.'] },
          'too_long',
        ],
      ])('field errors: %j', async (payload, errors, code) => {
        const res = await post('/fa/api/auth/users/', payload);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(withCodes(errors, code));
      });
    });

    describe('sign-in', () => {
      it('answers access and refresh tokens; refresh and verify work', async () => {
        const res = await post('/fa/api/auth/jwt/create/', { username: '۰۹۱۲۱۲۳۴۵۶۷', password: PASSWORD });
        expect(res.status).toBe(200);
        const { access, refresh } = tokenPairSchema.parse(res.body);
        expect((await post('/fa/api/auth/jwt/verify/', { token: access })).status).toBe(200);
        const refreshed = await post('/fa/api/auth/jwt/refresh/', { refresh });
        expect(refreshed.status).toBe(200);
        expect(refreshed.body).toEqual({ access: expect.any(String) });
        // An access token is no refresh token.
        expect((await post('/fa/api/auth/jwt/refresh/', { refresh: access })).status).toBe(401);
        expect((await post('/fa/api/auth/jwt/verify/', { token: `${access}x` })).status).toBe(401);
      });
      it('answers 401 with the exact detail for a wrong password and for an unknown user alike', async () => {
        const wrong = await post('/fa/api/auth/jwt/create/', {
          username: '09121234567',
          password: 'wrong-password-1',
        });
        const unknown = await post('/fa/api/auth/jwt/create/', {
          username: '09990000000',
          password: PASSWORD,
        });
        for (const res of [wrong, unknown]) {
          expect(res.status).toBe(401);
          expect(res.body).toEqual({
            detail: 'No active account found with the given credentials',
            code: 'no_active_account',
          });
        }
      });
      it('missing fields are field errors', async () => {
        expect(await post('/fa/api/auth/jwt/create/', {})).toMatchObject({
          status: 400,
          body: { username: ['This field is required.'], password: ['This field is required.'] },
        });
      });
    });

    describe('tokens on public and private calls', () => {
      it('an absent, `null` or invalid token is a visitor on public calls, never a 401', async () => {
        for (const authorization of ['null', 'Bearer null', 'Bearer not.a.token', 'Basic abc']) {
          expect((await get('/fa/api/store/products/1/', { authorization })).status, authorization).toBe(200);
          expect((await get('/fa/api/store/likes/', { authorization })).body).toEqual([]);
        }
      });
      it('calls that need a user answer 401 without a valid token', async () => {
        const missing = await post('/fa/api/store/products/1/likes/');
        expect(missing).toMatchObject({
          status: 401,
          body: { detail: 'Authentication credentials were not provided.' },
        });
        expect(
          (await post('/fa/api/store/products/1/likes/', undefined, { authorization: 'null' })).status,
        ).toBe(401);
        const invalid = await post('/fa/api/store/products/1/likes/', undefined, {
          authorization: 'Bearer abc.def.ghi',
        });
        expect(invalid).toMatchObject({
          status: 401,
          body: { detail: 'Given token not valid for any token type' },
        });
      });
    });

    describe('supplier phone', () => {
      it('is shown to signed-in users only; visitors learn only whether there is one', async () => {
        const access = await signUpAndIn('09123334444');
        const visitor = productSchema.parse((await get('/fa/api/store/products/1/')).body);
        expect(visitor.industry).toMatchObject({ phone: null, has_phone: true });
        expect(JSON.stringify(visitor)).not.toContain('03432221100');
        const user = productSchema.parse((await get('/fa/api/store/products/1/', bearer(access))).body);
        expect(user.industry).toMatchObject({ phone: '03432221100', has_phone: true });
        const noPhone = productSchema.parse((await get('/fa/api/store/products/2/', bearer(access))).body);
        expect(noPhone.industry).toMatchObject({ phone: null, has_phone: false });

        const list = z.array(productSchema).parse((await get('/fa/api/store/products/')).body);
        expect(JSON.stringify(list)).not.toContain('03432221100');
        const userList = z
          .array(productSchema)
          .parse((await get('/fa/api/store/products/', bearer(access))).body);
        expect(userList[0]?.industry?.phone).toBe('03432221100');
        const industries = z
          .array(industrySchema)
          .parse((await get('/fa/api/store/industries/?search=kerman')).body);
        expect(JSON.stringify(industries)).not.toContain('03432221100');
        expect(industries[0]?.has_phone).toBe(true);
        const userIndustries = z
          .array(industrySchema)
          .parse((await get('/fa/api/store/industries/?search=kerman', bearer(access))).body);
        expect(userIndustries[0]?.phone).toBe('03432221100');
      });
    });

    describe('likes', () => {
      it('like, like again, count, list, unlike: all 201 and idempotent', async () => {
        const access = await signUpAndIn('09125550001');
        const auth = bearer(access);
        expect(await post('/fa/api/store/products/1/likes/', undefined, auth)).toMatchObject({
          status: 201,
          body: { product: 1, liked: true },
        });
        expect((await post('/fa/api/store/products/1/likes/', undefined, auth)).status).toBe(201);
        expect((await post('/en/api/store/products/2/likes/', {}, auth)).status).toBe(201);
        expect((await get('/fa/api/store/products/1/likes/', auth)).body).toEqual({
          product: 1,
          count: 1,
          liked: true,
        });
        expect((await get('/fa/api/store/products/1/likes/')).body).toEqual({
          product: 1,
          count: 1,
          liked: false,
        });
        expect((await get('/fa/api/store/likes/', auth)).body).toEqual([{ product: 1 }, { product: 2 }]);
        expect((await get('/fa/api/store/likes/')).body).toEqual([]);

        expect(await post('/fa/api/store/products/1/likes/?dislike=true', undefined, auth)).toMatchObject({
          status: 201,
          body: { product: 1, liked: false },
        });
        expect((await post('/fa/api/store/products/1/likes/?dislike=true', undefined, auth)).status).toBe(
          201,
        );
        expect((await get('/fa/api/store/products/1/likes/', auth)).body).toEqual({
          product: 1,
          count: 0,
          liked: false,
        });
        expect((await get('/fa/api/store/likes/', auth)).body).toEqual([{ product: 2 }]);
      });
      it('accepts the empty body whatever content type the client sets', async () => {
        const access = await signUpAndIn('09125550002');
        for (const contentType of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
          const res = await call({
            method: 'POST',
            url: '/fa/api/store/products/3/likes/',
            headers: { ...bearer(access), 'content-type': contentType },
            payload: '',
          });
          expect(res.status, contentType).toBe(201);
        }
      });
      it('an unknown product is 404', async () => {
        const access = await signUpAndIn('09125550003');
        expect((await post('/fa/api/store/products/999/likes/', undefined, bearer(access))).status).toBe(404);
        expect((await get('/fa/api/store/products/999/likes/')).status).toBe(404);
        expect(
          (await post('/fa/api/store/products/1/likes/?dislike=perhaps', undefined, bearer(access))).status,
        ).toBe(400);
      });
      it('200 concurrent likes from 200 users count exactly 200; a user liking 50 times at once counts once', async () => {
        const hash = await hashPassword(PASSWORD);
        const tokens: string[] = [];
        for (let i = 0; i < 200; i += 1) {
          const user = await app.users.create(`0913${String(i).padStart(7, '0')}`, '', hash);
          tokens.push(await app.tokens.sign(user!.id, 'access'));
        }
        const likeCount = async (id: number) =>
          ((await get(`/fa/api/store/products/${id}/likes/`)).body as { count: number }).count;

        const before = await likeCount(2);
        const results = await Promise.all(
          tokens.map((t) => post('/fa/api/store/products/2/likes/', undefined, bearer(t))),
        );
        expect(results.every((r) => r.status === 201)).toBe(true);
        expect(await likeCount(2)).toBe(before + 200);

        const sameBefore = await likeCount(3);
        const same = await Promise.all(
          Array.from({ length: 50 }, () =>
            post('/fa/api/store/products/3/likes/', undefined, bearer(tokens[0]!)),
          ),
        );
        expect(same.every((r) => r.status === 201)).toBe(true);
        expect(await likeCount(3)).toBe(sameBefore + 1);

        await Promise.all(
          tokens
            .slice(0, 100)
            .map((t) => post('/fa/api/store/products/2/likes/?dislike=true', undefined, bearer(t))),
        );
        expect(await likeCount(2)).toBe(before + 100);
      });
    });

    describe('reviews', () => {
      const review = { name: 'Sara', email: 'sara@example.com', content: 'Lovely saffron' };
      it('stores a review and lists it first, without the email', async () => {
        const res = await post('/en/api/store/products/2/reviews/', review);
        expect(res.status).toBe(201);
        expect(res.body).toEqual({
          id: expect.any(Number),
          name: 'Sara',
          content: 'Lovely saffron',
          creation_date: expect.any(String),
          // Shown at once: the store publishes reviews without a check by default.
          status: 'published',
        });
        const list = (await get('/fa/api/store/products/2/reviews/')).body as { name: string }[];
        expect(list[0]).toMatchObject({ name: 'Sara', content: 'Lovely saffron' });
        expect(JSON.stringify(list)).not.toContain('sara@example.com');
      });
      it('keeps markup as plain text', async () => {
        const content = '<script>alert(1)</script><img src=x onerror=alert(1)>';
        const res = await post('/en/api/store/products/2/reviews/', { ...review, content });
        expect((res.body as { content: string }).content).toBe(content);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      });
      it('500 characters is fine, 501 is a 400; name at most 100; the email is checked', async () => {
        expect(
          (await post('/en/api/store/products/2/reviews/', { ...review, content: 'ک'.repeat(500) })).status,
        ).toBe(201);
        expect(
          await post('/en/api/store/products/2/reviews/', { ...review, content: 'ک'.repeat(501) }),
        ).toMatchObject({
          status: 400,
          body: { content: ['Ensure this field has no more than 500 characters.'] },
        });
        expect(
          (await post('/en/api/store/products/2/reviews/', { ...review, name: 'n'.repeat(101) })).status,
        ).toBe(400);
        expect(await post('/en/api/store/products/2/reviews/', { ...review, email: 'wrong' })).toMatchObject({
          status: 400,
          body: { email: ['Enter a valid email address.'] },
        });
        expect(await post('/en/api/store/products/2/reviews/', { content: '   ' })).toMatchObject({
          status: 400,
          body: {
            name: ['This field is required.'],
            email: ['This field is required.'],
            content: ['This field may not be blank.'],
          },
        });
        expect((await post('/en/api/store/products/999/reviews/', review)).status).toBe(404);
      });
    });

    describe('order requests', () => {
      it('a general request on -1 and a product request are stored and acknowledged', async () => {
        const general = await post('/fa/api/store/products/-1/orders/', {
          phone: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
          description: 'قیمت عمده زعفران؟',
          email: 'buyer@example.com',
        });
        expect(general.status).toBe(201);
        expect(general.body).toMatchObject({
          product: null,
          phone: '09121234567',
          email: 'buyer@example.com',
        });
        const product = await post('/en/api/store/products/1/orders/', {
          phone: '+98 912 765 4321',
          description: '',
          email: '',
        });
        expect(product.status).toBe(201);
        expect(product.body).toMatchObject({ product: 1, phone: '09127654321', email: '' });
        const rows = await app.database.db.selectFrom('enquiries').selectAll().orderBy('id').execute();
        expect(rows.slice(-2).map((r) => [r.product_id, r.product_title, r.language])).toEqual([
          [null, '', 'fa'],
          [1, 'Akbari pistachio', 'en'],
        ]);
      });
      it('a missing product is 404', async () => {
        expect((await post('/fa/api/store/products/999/orders/', { phone: '09121234567' })).status).toBe(404);
      });
      it.each([
        [
          {},
          {
            phone: ['Give a phone number or an email address so that we can reach you.'],
            email: ['Give a phone number or an email address so that we can reach you.'],
          },
          'contact_required',
        ],
        [
          { phone: '12345' },
          { phone: ['Enter a valid phone number: 11 digits starting with 0 (for example 09121234567).'] },
          'phone_invalid',
        ],
        [
          { phone: '09121234567', email: 'nope' },
          { email: ['Enter a valid email address.'] },
          'email_invalid',
        ],
        [
          { email: 'a@b.ir', description: 'x'.repeat(2001) },
          { description: ['Ensure this field has no more than 2000 characters.'] },
          'too_long',
        ],
        [{ phone: 9121234567 }, { phone: ['Not a valid string.'] }, 'invalid_type'],
      ])('bad input %j', async (payload, errors, code) => {
        const res = await post('/fa/api/store/products/-1/orders/', payload);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(withCodes(errors, code));
      });
      it('an email alone is enough; unknown fields are ignored', async () => {
        const res = await post('/fa/api/store/products/-1/orders/', { email: 'x@y.ir', colour: 'red' });
        expect(res.status).toBe(201);
        expect(res.body).not.toHaveProperty('colour');
      });
      it('200 concurrent orders are all stored', async () => {
        const before = await app.database.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst();
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            post('/fa/api/store/products/2/orders/', { phone: '09121234567', description: `#${i}` }),
          ),
        );
        expect(results.every((r) => r.status === 201)).toBe(true);
        expect(new Set(results.map((r) => (r.body as { id: number }).id)).size).toBe(200);
        const after = await app.database.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst();
        expect(Number(after?.n) - Number(before?.n)).toBe(200);
      });
    });

    describe('newsletter', () => {
      it('signs up, a repeat is no error and no duplicate; an invalid email is a field error', async () => {
        expect(await post('/fa/api/store/emails/', { email: 'News@Example.com' })).toMatchObject({
          status: 201,
        });
        expect(await post('/en/api/store/emails/', { email: 'news@example.com' })).toMatchObject({
          status: 201,
        });
        const rows = await app.database.db
          .selectFrom('newsletter_emails')
          .selectAll()
          .where('email', '=', 'news@example.com')
          .execute();
        expect(rows).toHaveLength(1);
        expect(await post('/fa/api/store/emails/', { email: 'not an email' })).toMatchObject({
          status: 400,
          body: { email: ['Enter a valid email address.'] },
        });
        expect(await post('/fa/api/store/emails/', {})).toMatchObject({
          status: 400,
          body: { email: ['This field is required.'] },
        });
      });
    });

    describe('bad bodies', () => {
      it('malformed JSON is a 400, a wrong content type 415, an oversized body 413: all JSON', async () => {
        const malformed = await post('/fa/api/store/emails/', '{"email": ', {
          'content-type': 'application/json',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.body).toEqual({ detail: expect.any(String), code: 'malformed_json' });
        const text = await post('/fa/api/store/emails/', 'a@b.ir', { 'content-type': 'text/plain' });
        expect(text.status).toBe(415);
        expect(text.body).toEqual({ detail: expect.any(String), code: 'unsupported_media_type' });
        const big = await post('/fa/api/store/products/-1/orders/', {
          email: 'a@b.ir',
          description: 'x'.repeat(70_000),
        });
        expect(big.status).toBe(413);
        expect(big.body).toEqual({ detail: expect.any(String), code: 'payload_too_large' });
        const array = await post('/fa/api/store/emails/', [1, 2]);
        expect(array.status).toBe(400);
        const empty = await call({
          method: 'POST',
          url: '/fa/api/auth/users/',
          headers: { 'content-type': 'application/json' },
          payload: '',
        });
        expect(empty.status).toBe(400);
        for (const res of [malformed, text, big, array, empty])
          expect(JSON.stringify(res.body)).not.toMatch(/ at |\.ts:/);
      });
      it('sends security headers and keeps CORS closed by default', async () => {
        const res = await get('/fa/api/store/products/', { origin: 'https://evil.example' });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      });
    });

    describe('a catalogue import', () => {
      it('keeps accounts, orders, sign-ups and likes of products that still exist', async () => {
        const access = await signUpAndIn('09126660000');
        await post('/fa/api/store/products/1/likes/', undefined, bearer(access));
        await post('/fa/api/store/products/2/likes/', undefined, bearer(access));
        const count = async (table: 'enquiries' | 'newsletter_emails' | 'users') =>
          Number(
            (
              await app.database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirst()
            )?.n,
          );
        const before = {
          orders: await count('enquiries'),
          emails: await count('newsletter_emails'),
          users: await count('users'),
        };
        const c = fixtureCatalogue();
        c.products = c.products.filter((p) => p.id !== 1);
        c.reviews = [];
        await importCatalogue(
          app.database,
          c,
          path.dirname(writeCatalogue()),
          path.join(store().config.dataDir, 'media'),
        );
        expect({
          orders: await count('enquiries'),
          emails: await count('newsletter_emails'),
          users: await count('users'),
        }).toEqual(before);
        expect((await get('/fa/api/store/likes/', bearer(access))).body).toEqual([{ product: 2 }]);
        expect(
          (await post('/fa/api/auth/jwt/create/', { username: '09126660000', password: PASSWORD })).status,
        ).toBe(200);
      });
    });
  },
  { rateLimits: 'off' },
);

describeEachDatabase(
  'rate limits and CORS',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));
    const post = (url: string, payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
      app.inject({ method: 'POST', url, payload, remoteAddress });

    it('sign-in: per client address; 429 with detail, code and Retry-After', async () => {
      const attempt = (ip: string, username: string) =>
        post('/fa/api/auth/jwt/create/', { username, password: 'wrong-pass-1' }, ip);
      for (let i = 0; i < 3; i += 1)
        expect((await attempt('10.0.0.2', `0912000000${i}`)).statusCode).toBe(401);
      const limited = await attempt('10.0.0.2', '09120000009');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/),
        code: 'throttled',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('sign-in: every spelling of one phone shares the per-address+account bucket', async () => {
      // login_user: 2 failures per address and account. Five spellings of one phone, one address.
      const spellings = ['09127771111', '+989127771111', '00989127771111', '0912-777-1111', '۰۹۱۲۷۷۷۱۱۱۱'];
      const statuses: number[] = [];
      for (const [i, username] of spellings.entries()) {
        // A fresh address for every pair of attempts would dodge the per-address limit (3): not here.
        const res = await post(
          '/fa/api/auth/jwt/create/',
          { username, password: 'wrong-pass-1' },
          i < 3 ? '10.0.3.1' : '10.0.3.2',
        );
        statuses.push(res.statusCode);
      }
      // Third attempt from 10.0.3.1 on the same account: refused whatever the spelling.
      expect(statuses.slice(0, 3)).toEqual([401, 401, 429]);
      // Another address has its own bucket for the account.
      expect(statuses.slice(3)).toEqual([401, 401]);
      const again = await post(
        '/fa/api/auth/jwt/create/',
        { username: '۰۹۱۲-۷۷۷-۱۱۱۱', password: 'wrong-pass-1' },
        '10.0.3.2',
      );
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'throttled' });
    });

    it("sign-in: a stranger's failures do not lock the owner out (the account is slowed, not locked)", async () => {
      const owner = '09127772222';
      expect(
        (await post('/fa/api/auth/users/', { username: owner, password: PASSWORD }, '10.0.4.9')).statusCode,
      ).toBe(201);
      // Strangers from many addresses fail on the owner's account, past the per-account ceiling (3).
      for (let i = 0; i < 8; i += 1) {
        const res = await post(
          '/fa/api/auth/jwt/create/',
          { username: owner, password: `guess-${i}-x` },
          `10.0.5.${i}`,
        );
        expect(res.statusCode).toBe(401);
      }
      // The owner, from their own address, with the right password (and any spelling), gets in.
      // Past the ceiling every attempt on the account is slowed (from any address)…
      const verdict = await app.loginThrottle!.check('10.0.4.9', owner);
      expect(verdict).toEqual({ allowed: true, delayMs: expect.any(Number) });
      expect((verdict as { delayMs: number }).delayMs).toBeGreaterThan(0);
      // … but allowed: the owner gets in.
      const ok = await post(
        '/fa/api/auth/jwt/create/',
        { username: '+98 912 777 2222', password: PASSWORD },
        '10.0.4.9',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    });
    it.each([
      ['register', '/fa/api/auth/users/', { username: '0912', password: 'x' }],
      ['review', '/fa/api/store/products/1/reviews/', { name: 'a', email: 'a@b.ir', content: 'c' }],
      ['order', '/fa/api/store/products/-1/orders/', { email: 'a@b.ir' }],
      ['newsletter', '/en/api/store/emails/', { email: 'a@b.ir' }],
    ])('%s is limited per client address, across languages', async (_name, url, payload) => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const localized = i % 2 === 1 ? url.replace('/fa/', '/en/') : url.replace('/en/', '/fa/');
        statuses.push((await post(localized, payload, ip)).statusCode);
      }
      expect(statuses.every((s) => s !== 429)).toBe(true);
      const limited = await post(url, payload, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      expect((await post(url, payload, '10.200.0.1')).statusCode).not.toBe(429);
    });
    it('CORS answers the configured origin only', async () => {
      const allowed = await app.inject({
        method: 'GET',
        url: '/fa/api/store/collections/',
        headers: { origin: 'https://shop.example.ir' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.ir');
      const other = await app.inject({
        method: 'GET',
        url: '/fa/api/store/collections/',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  {
    rateLimits: limitsPerMinute(3, { login_user: 2 }),
    corsOrigins: ['https://shop.example.ir'],
  },
);
