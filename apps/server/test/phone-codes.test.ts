import {
  CODE_COOLDOWN_SECONDS,
  CODE_LENGTH,
  CODE_LIFETIME_SECONDS,
  authOptionsSchema,
  registeredUserSchema,
  tokenPairSchema,
} from '@storefront/contracts';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEFAULT_RATE_LIMITS, type AppConfig, type RateLimits } from '../src/config.ts';
import { MAX_WRONG_TRIES } from '../src/modules/auth/phone-codes.ts';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.ts';
import { createTestStore, describeEachDatabase } from './support/databases.ts';
import { startProviderServer, type ProviderServer } from './support/provider-server.ts';
import { hasRedis, startRedis } from './support/services.ts';

/**
 * One-time codes by SMS (issue 24, "Phones that are proven"), on SQLite and PostgreSQL, with a real
 * HTTP server standing in for Kavenegar: the outbox's worker sends each code to it (runOnce, so the
 * test knows when), and the test reads the code from the request the gateway received, as a phone
 * would.
 */

const PASSWORD = 'saffron-Fields-42';
const KAVENEGAR_OK = {
  status: 200,
  body: { return: { status: 200, message: 'ok' }, entries: [{ messageid: 1 }] },
};

/** A phone no other test uses. */
let phoneSerial = 0;
const newPhone = () =>
  `0935${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSerial).padStart(4, '0')}`;
/** A client address no other test uses (the per-address limits count per test). */
let addressSerial = 0;
const newAddress = () => `10.9.${Math.floor(++addressSerial / 250)}.${(addressSerial % 250) + 1}`;

/** Limits the tests can reach: 3 codes per address, 2 per phone per hour; the rest out of the way. */
const LIMITS: RateLimits = {
  ...(Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1000, windowSeconds: 60 }]),
  ) as unknown as RateLimits),
  code_address: { max: 3, windowSeconds: 3600 },
  code_phone: { max: 2, windowSeconds: 3600 },
};

/** The environment's SMS setup of a test store: Kavenegar at `provider`'s address, once it runs. */
function smsSetup(): AppConfig['smsOverrides'] {
  return {
    provider: 'kavenegar',
    apiKey: 'k',
    sender: undefined,
    baseUrl: undefined,
    templates: { otp: 'otp', otp_en: 'otp-en' },
  };
}

/** A client of one app: JSON answers, from a given address. */
function client(app: () => FastifyInstance) {
  const call = async (options: InjectOptions) => {
    const res = await app().inject(options);
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON: keep the text
    }
    return { status: res.statusCode, body: body as Record<string, unknown>, headers: res.headers };
  };
  return {
    call,
    post: (url: string, payload: unknown, address = newAddress()) =>
      call({ method: 'POST', url, payload: payload as InjectOptions['payload'], remoteAddress: address }),
    get: (url: string) => call({ method: 'GET', url }),
  };
}

describe('with SMS codes', () => {
  const sms = smsSetup();
  let provider: ProviderServer;
  beforeAll(async () => {
    provider = await startProviderServer(KAVENEGAR_OK);
    sms.baseUrl = provider.url;
  });
  afterAll(() => provider.close());

  describeEachDatabase(
    'one-time codes',
    (store) => {
      let app: FastifyInstance;
      beforeAll(async () => {
        app = await buildApp(store().config);
      });
      afterAll(() => app?.close());
      afterEach(() => {
        vi.useRealTimers();
      });
      const { post, get } = client(() => app);

      /** The codes the gateway was asked to text to `phone` so far (the worker sends what is due first). */
      const textsTo = async (phone: string) => {
        await app.outbox.runOnce();
        return provider.seen
          .map((request) => ({ path: request.path, form: new URLSearchParams(request.body) }))
          .filter(({ form }) => form.get('receptor') === phone)
          .map(({ path, form }) => ({ path, template: form.get('template'), code: form.get('token')! }));
      };
      const lastCode = async (phone: string) => {
        const texts = await textsTo(phone);
        expect(texts.length, `a code texted to ${phone}`).toBeGreaterThan(0);
        return texts.at(-1)!.code;
      };
      /** From now on Date says `seconds` later (the cool-down, the expiry); the rest of time runs as usual. */
      const later = (seconds: number) => {
        const now = Date.now();
        if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
        vi.setSystemTime(now + seconds * 1000);
      };
      const activeUser = async (phone: string) => {
        const user = await app.users.create(phone, '', await hashPassword(PASSWORD));
        if (!user) throw new Error(`${phone} exists`);
        return user;
      };
      const sendCode = (phone: string, purpose: string, address = newAddress(), lang = 'fa') =>
        post(`/${lang}/api/auth/codes/`, { username: phone, purpose }, address);
      const userRow = (phone: string) =>
        app.database.db
          .selectFrom('users')
          .selectAll()
          .where('username', '=', phone)
          .executeTakeFirstOrThrow();
      const signIn = (phone: string, password = PASSWORD) =>
        post('/fa/api/auth/jwt/create/', { username: phone, password }, newAddress());

      it('auth/options/ says codes are on, with their length and cool-down', async () => {
        const res = await get('/fa/api/auth/options/');
        expect(res.status).toBe(200);
        expect(authOptionsSchema.parse(res.body)).toEqual({
          sms_codes: true,
          code_length: CODE_LENGTH,
          cooldown_seconds: CODE_COOLDOWN_SECONDS,
        });
      });

      it('registers with a code: pending until the code comes back, then signed in', async () => {
        const phone = newPhone();
        const res = await post('/fa/api/auth/users/', {
          username: phone,
          password: PASSWORD,
          email: 'Sara@Example.com',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(registeredUserSchema.parse(res.body)).toEqual({
          id: expect.any(Number),
          username: phone,
          email: 'sara@example.com',
          verification: { expires_in: CODE_LIFETIME_SECONDS, retry_after: CODE_COOLDOWN_SECONDS },
        });
        expect((await userRow(phone)).verification_pending).toBe(1);
        const texts = await textsTo(phone);
        // Kavenegar's verify/lookup with the Persian template (the URL's language) and the code.
        expect(texts).toHaveLength(1);
        expect(texts[0]).toMatchObject({ path: '/v1/k/verify/lookup.json', template: 'otp' });
        const code = texts[0]!.code;
        expect(code).toMatch(new RegExp(`^\\d{${CODE_LENGTH}}$`));

        // The password is right, but the phone is not proven yet; a wrong password says nothing more.
        expect(await signIn(phone)).toMatchObject({ status: 401, body: { code: 'phone_not_verified' } });
        expect(await signIn(phone, 'wrong-Pass-42')).toMatchObject({
          status: 401,
          body: { code: 'no_active_account' },
        });

        const wrong = code === '000000' ? '111111' : '000000';
        expect(await post('/fa/api/auth/users/activate/', { username: phone, otp: wrong })).toMatchObject({
          status: 400,
          body: { code: 'code_invalid', detail: expect.any(String) },
        });
        // Persian digits, as a phone's keyboard may type them.
        const persian = code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
        const activated = await post('/fa/api/auth/users/activate/', { username: phone, otp: persian });
        expect(activated.status, JSON.stringify(activated.body)).toBe(200);
        const { access } = tokenPairSchema.parse(activated.body);
        expect((await post('/fa/api/auth/jwt/verify/', { token: access })).status).toBe(200);
        expect((await userRow(phone)).verification_pending).toBe(0);
        expect((await signIn(phone)).status).toBe(200);
        // Spent: it does not activate twice.
        expect(await post('/fa/api/auth/users/activate/', { username: phone, otp: code })).toMatchObject({
          status: 400,
          body: { code: 'code_invalid' },
        });
        // Now the phone is taken.
        expect(
          (await post('/fa/api/auth/users/', { username: phone, password: PASSWORD })).body,
        ).toMatchObject({
          username: ['A user with that username already exists.'],
        });
      });

      it('keeps only the code’s keyed hash, writes its SMS in the same transaction, in the URL’s language', async () => {
        const phone = newPhone();
        await activeUser(phone);
        expect((await sendCode(phone, 'login', newAddress(), 'en')).status).toBe(202);
        const rows = await app.database.db
          .selectFrom('one_time_codes')
          .selectAll()
          .where('phone', '=', phone)
          .execute();
        expect(rows).toHaveLength(1);
        const outbox = await app.database.db
          .selectFrom('outbox')
          .selectAll()
          .where('recipient', '=', phone)
          .executeTakeFirstOrThrow();
        expect(outbox).toMatchObject({ kind: 'sms', topic: 'otp', status: 'pending' });
        const payload = JSON.parse(outbox.payload) as Record<string, unknown>;
        expect(payload).toEqual({
          kind: 'otp',
          language: 'en',
          params: [['code', expect.stringMatching(/^\d{6}$/)]],
          expires_at: rows[0]!.expires_at,
        });
        const code = (payload.params as string[][])[0]![1]!;
        expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(rows[0]!.code_hash).not.toContain(code);
        expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(
          CODE_LIFETIME_SECONDS * 1000,
        );
        // English: the owner's English template.
        expect((await textsTo(phone)).map((t) => [t.template, t.code])).toEqual([['otp-en', code]]);
      });

      it('registering a phone that still waits for its code replaces that registration', async () => {
        const phone = newPhone();
        const first = await post('/fa/api/auth/users/', {
          username: phone,
          password: 'squatter-Pass-1',
          email: 'squatter@example.com',
        });
        expect(first.status).toBe(201);
        const oldCode = await lastCode(phone);
        later(CODE_COOLDOWN_SECONDS + 1);
        const second = await post('/fa/api/auth/users/', {
          username: phone,
          password: PASSWORD,
          email: 'owner@example.com',
        });
        expect(second.status, JSON.stringify(second.body)).toBe(201);
        expect(second.body).toMatchObject({
          id: first.body.id,
          email: 'owner@example.com',
          verification: {},
        });
        const row = await userRow(phone);
        expect(row).toMatchObject({ email: 'owner@example.com', verification_pending: 1 });
        expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
        const newCode = await lastCode(phone);
        // The first registration's code died with it.
        if (newCode !== oldCode) {
          expect((await post('/fa/api/auth/users/activate/', { username: phone, otp: oldCode })).status).toBe(
            400,
          );
        }
        expect((await post('/fa/api/auth/users/activate/', { username: phone, otp: newCode })).status).toBe(
          200,
        );
        expect((await signIn(phone)).status).toBe(200);
      });

      it('signs in by code, once per code', async () => {
        const phone = newPhone();
        const user = await activeUser(phone);
        const sent = await sendCode(phone, 'login');
        expect(sent).toMatchObject({
          status: 202,
          body: { expires_in: CODE_LIFETIME_SECONDS, retry_after: CODE_COOLDOWN_SECONDS },
        });
        const code = await lastCode(phone);
        const res = await post('/fa/api/auth/jwt/code/', { username: phone, otp: code }, newAddress());
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const { access } = tokenPairSchema.parse(res.body);
        expect(await app.tokens.verify(access, 'access')).toBe(user.id);
        expect(
          await post('/fa/api/auth/jwt/code/', { username: phone, otp: code }, newAddress()),
        ).toMatchObject({
          status: 400,
          body: { code: 'code_invalid' },
        });
        // A code of one purpose is no code of another.
        expect((await post('/fa/api/auth/users/activate/', { username: phone, otp: code })).status).toBe(400);
      });

      it('resets a password by code: the policy first, then signed in with the new one', async () => {
        const phone = newPhone();
        await activeUser(phone);
        expect((await sendCode(phone, 'reset')).status).toBe(202);
        const code = await lastCode(phone);
        const weak = await post('/fa/api/auth/password/reset/', {
          username: phone,
          otp: code,
          password: '12345678',
        });
        expect(weak.status).toBe(400);
        expect(weak.body).toMatchObject({
          code: 'validation_failed',
          codes: { password: expect.arrayContaining(['password_entirely_numeric', 'password_too_common']) },
        });
        // The weak password did not spend the code.
        const res = await post('/fa/api/auth/password/reset/', {
          username: phone,
          otp: code,
          password: 'pomegranate-Trees-7',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        tokenPairSchema.parse(res.body);
        expect((await signIn(phone)).status).toBe(401);
        expect((await signIn(phone, 'pomegranate-Trees-7')).status).toBe(200);
        expect(
          (
            await post('/fa/api/auth/password/reset/', {
              username: phone,
              otp: code,
              password: 'another-Pass-77',
            })
          ).body,
        ).toMatchObject({ code: 'code_invalid' });
      });

      it('a reset proves the phone: it finishes a pending registration', async () => {
        const phone = newPhone();
        expect(
          (await post('/fa/api/auth/users/', { username: phone, password: 'first-Pass-11' })).status,
        ).toBe(201);
        later(CODE_COOLDOWN_SECONDS + 1);
        expect((await sendCode(phone, 'reset')).status).toBe(202);
        const code = await lastCode(phone);
        expect(
          (await post('/fa/api/auth/password/reset/', { username: phone, otp: code, password: PASSWORD }))
            .status,
        ).toBe(200);
        expect((await userRow(phone)).verification_pending).toBe(0);
        expect((await signIn(phone)).status).toBe(200);
      });

      it('an expired code is refused', async () => {
        const phone = newPhone();
        await activeUser(phone);
        await sendCode(phone, 'login');
        const code = await lastCode(phone);
        later(CODE_LIFETIME_SECONDS + 1);
        expect(
          await post('/fa/api/auth/jwt/code/', { username: phone, otp: code }, newAddress()),
        ).toMatchObject({
          status: 400,
          body: { code: 'code_invalid' },
        });
      });

      it(`${MAX_WRONG_TRIES} wrong codes kill the code`, async () => {
        const phone = newPhone();
        await activeUser(phone);
        await sendCode(phone, 'login');
        const code = await lastCode(phone);
        const wrong = (i: number) =>
          String((Number(code) + i) % 10 ** CODE_LENGTH).padStart(CODE_LENGTH, '0');
        for (let i = 1; i <= MAX_WRONG_TRIES; i += 1) {
          expect(
            (await post('/fa/api/auth/jwt/code/', { username: phone, otp: wrong(i) }, newAddress())).status,
          ).toBe(400);
        }
        expect(
          await post('/fa/api/auth/jwt/code/', { username: phone, otp: code }, newAddress()),
        ).toMatchObject({
          status: 400,
          body: { code: 'code_invalid' },
        });
      });

      it('a new code for a phone and purpose kills the older one', async () => {
        const phone = newPhone();
        await activeUser(phone);
        await sendCode(phone, 'login');
        const first = await lastCode(phone);
        later(CODE_COOLDOWN_SECONDS + 1);
        expect((await sendCode(phone, 'login')).status).toBe(202);
        const second = await lastCode(phone);
        const rows = await app.database.db
          .selectFrom('one_time_codes')
          .select('id')
          .where('phone', '=', phone)
          .execute();
        expect(rows).toHaveLength(1);
        if (first !== second) {
          expect(
            (await post('/fa/api/auth/jwt/code/', { username: phone, otp: first }, newAddress())).status,
          ).toBe(400);
        }
        expect(
          (await post('/fa/api/auth/jwt/code/', { username: phone, otp: second }, newAddress())).status,
        ).toBe(200);
      });

      it('answers 202 whether or not a code can be used, and texts only when it can', async () => {
        const active = newPhone();
        await activeUser(active);
        const pending = newPhone();
        expect((await post('/fa/api/auth/users/', { username: pending, password: PASSWORD })).status).toBe(
          201,
        );
        const disabled = newPhone();
        await app.users.setActive((await activeUser(disabled)).id, false);
        // The pending account's register code goes first.
        await app.outbox.runOnce();
        later(CODE_COOLDOWN_SECONDS + 1);
        const before = provider.seen.length;
        const unknown = [newPhone(), newPhone(), newPhone()];
        const cases: [phone: string, purpose: string][] = [
          [unknown[0]!, 'login'],
          [unknown[1]!, 'reset'],
          [unknown[2]!, 'register'],
          [active, 'register'],
          [disabled, 'login'],
          [disabled, 'reset'],
          // A pending account signs in by no code: it finishes registering first.
          [pending, 'login'],
        ];
        for (const [phone, purpose] of cases) {
          const res = await sendCode(phone, purpose);
          expect(res, `${phone} ${purpose}`).toMatchObject({
            status: 202,
            body: { expires_in: CODE_LIFETIME_SECONDS, retry_after: CODE_COOLDOWN_SECONDS },
          });
          if (phone === disabled) later(CODE_COOLDOWN_SECONDS + 1);
        }
        await app.outbox.runOnce();
        expect(provider.seen.length - before).toBe(0);
        const codes = await app.database.db
          .selectFrom('one_time_codes')
          .select('phone')
          .where('phone', 'in', [...unknown, active, disabled])
          .execute();
        expect(codes).toEqual([]);
        expect(await post('/fa/api/auth/jwt/code/', { username: unknown[0], otp: '123456' })).toMatchObject({
          status: 400,
          body: { code: 'code_invalid' },
        });
      });

      it('a phone gets one code per cool-down, whatever the purpose and whether or not it has an account', async () => {
        for (const registered of [true, false]) {
          const phone = newPhone();
          if (registered) await activeUser(phone);
          expect((await sendCode(phone, 'login')).status).toBe(202);
          const again = await sendCode(phone, 'reset');
          expect(again.status).toBe(429);
          expect(again.body).toEqual({
            code: 'code_cooldown',
            detail: expect.any(String),
            retry_after: expect.any(Number),
          });
          const wait = again.body.retry_after as number;
          expect(wait).toBeGreaterThanOrEqual(1);
          expect(wait).toBeLessThanOrEqual(CODE_COOLDOWN_SECONDS);
          expect(again.headers['retry-after']).toBe(String(wait));
          // A registration that would text the phone waits too.
          if (!registered) {
            expect(
              (await post('/fa/api/auth/users/', { username: phone, password: PASSWORD }, newAddress())).body,
            ).toMatchObject({ code: 'code_cooldown' });
            expect(await app.users.findByUsername(phone)).toBeUndefined();
          }
        }
      });

      it('a phone gets at most code_phone codes per window, from any address', async () => {
        const phone = newPhone();
        await activeUser(phone);
        for (let i = 0; i < LIMITS.code_phone.max; i += 1) {
          expect((await sendCode(phone, 'login', newAddress())).status).toBe(202);
          later(CODE_COOLDOWN_SECONDS + 1);
        }
        const refused = await sendCode(phone, 'login', newAddress());
        expect(refused).toMatchObject({
          status: 429,
          body: { code: 'throttled', retry_after: expect.any(Number) },
        });
        expect(refused.body.retry_after as number).toBeGreaterThan(CODE_COOLDOWN_SECONDS);
        expect(refused.headers['retry-after']).toBe(String(refused.body.retry_after));
        expect(await textsTo(phone)).toHaveLength(LIMITS.code_phone.max);
      });

      it('an address asks for at most code_address codes per window, registrations included', async () => {
        const address = newAddress();
        expect(
          (await post('/fa/api/auth/users/', { username: newPhone(), password: PASSWORD }, address)).status,
        ).toBe(201);
        for (let i = 1; i < LIMITS.code_address.max; i += 1) {
          expect((await sendCode(newPhone(), 'login', address)).status).toBe(202);
        }
        const refused = await sendCode(newPhone(), 'login', address);
        expect(refused).toMatchObject({
          status: 429,
          body: { code: 'throttled', retry_after: expect.any(Number) },
        });
        expect(refused.headers['retry-after']).toBe(String(refused.body.retry_after));
        // Another address is not affected.
        expect((await sendCode(newPhone(), 'login', newAddress())).status).toBe(202);
      });

      it('refuses invalid bodies with field errors', async () => {
        const cases: [url: string, payload: unknown, field: string, code: string][] = [
          ['/fa/api/auth/codes/', { username: '0912', purpose: 'login' }, 'username', 'mobile_invalid'],
          ['/fa/api/auth/codes/', { username: newPhone(), purpose: 'sudo' }, 'purpose', 'choice_invalid'],
          ['/fa/api/auth/codes/', { username: newPhone() }, 'purpose', 'required'],
          ['/fa/api/auth/codes/', { username: newPhone(), purpose: null }, 'purpose', 'required'],
          ['/fa/api/auth/users/activate/', { username: newPhone(), otp: '12345' }, 'otp', 'invalid'],
          ['/fa/api/auth/jwt/code/', { username: newPhone(), otp: '12a456' }, 'otp', 'invalid'],
          ['/fa/api/auth/password/reset/', { username: newPhone(), otp: '123456' }, 'password', 'required'],
        ];
        for (const [url, payload, field, code] of cases) {
          const res = await post(url, payload, newAddress());
          expect(res.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
          expect((res.body.codes as Record<string, string[]>)[field], `${url} ${field}`).toEqual([code]);
        }
      });

      it('property: any code typed never signs anyone in, never 5xx', async () => {
        const phone = newPhone();
        await activeUser(phone);
        await sendCode(phone, 'login');
        const code = await lastCode(phone);
        await fc.assert(
          fc.asyncProperty(fc.string({ maxLength: 12 }), async (typed) => {
            fc.pre(typed.replace(/\s/g, '') !== code);
            const res = await post('/fa/api/auth/jwt/code/', { username: phone, otp: typed }, newAddress());
            expect(res.status).toBe(400);
          }),
          { numRuns: 30 },
        );
      });
    },
    { smsOverrides: sms, rateLimits: LIMITS, outboxWorker: false },
  );
});

describeEachDatabase(
  'without SMS',
  (store) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(store().config);
    });
    afterAll(() => app?.close());
    const { post, get } = client(() => app);

    it('options say no codes; codes are 409 sms_not_configured; registration is as before', async () => {
      expect((await get('/en/api/auth/options/')).body).toEqual({
        sms_codes: false,
        code_length: CODE_LENGTH,
        cooldown_seconds: CODE_COOLDOWN_SECONDS,
      });
      const phone = newPhone();
      expect(await post('/en/api/auth/codes/', { username: phone, purpose: 'register' })).toMatchObject({
        status: 409,
        body: { code: 'sms_not_configured' },
      });
      const registered = await post('/en/api/auth/users/', { username: phone, password: PASSWORD });
      expect(registered.status).toBe(201);
      expect(registered.body).toEqual({ id: expect.any(Number), username: phone, email: '' });
      expect((await post('/en/api/auth/jwt/create/', { username: phone, password: PASSWORD })).status).toBe(
        200,
      );
      expect(
        await app.database.db.selectFrom('outbox').select('id').where('kind', '=', 'sms').execute(),
      ).toEqual([]);
      expect(await post('/en/api/auth/jwt/code/', { username: phone, otp: '123456' })).toMatchObject({
        status: 400,
        body: { code: 'code_invalid' },
      });
    });

    it('a registration left pending when SMS was removed can be made again', async () => {
      const phone = newPhone();
      await app.users.create(phone, 'squatter@example.com', await hashPassword('squatter-Pass-1'), {
        pending: true,
      });
      expect(
        (await post('/en/api/auth/jwt/create/', { username: phone, password: 'squatter-Pass-1' })).body,
      ).toMatchObject({
        code: 'phone_not_verified',
      });
      const again = await post('/en/api/auth/users/', { username: phone, password: PASSWORD });
      expect(again.status).toBe(201);
      expect(again.body).not.toHaveProperty('verification');
      expect((await post('/en/api/auth/jwt/create/', { username: phone, password: PASSWORD })).status).toBe(
        200,
      );
    });
  },
  { rateLimits: 'off' },
);

describe.skipIf(!hasRedis())('codes counted in Redis by two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let provider: ProviderServer;
  let store: Awaited<ReturnType<typeof createTestStore>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    redis = await startRedis();
    provider = await startProviderServer(KAVENEGAR_OK);
    const sms = { ...smsSetup(), baseUrl: provider.url };
    store = await createTestStore('sqlite', {
      redisUrl: redis.url,
      smsOverrides: sms,
      rateLimits: LIMITS,
      outboxWorker: false,
    });
    a = await buildApp(store.config);
    b = await buildApp(store.config);
    // Until both have connected: before that each counts on its own.
    for (let i = 0; i < 200 && !(a.sharedStore?.available && b.sharedStore?.available); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.cleanup();
    await provider?.close();
    await redis?.stop();
  });

  it('a cool-down and a phone’s window started on one instance hold on the other', async () => {
    expect(a.sharedStore?.available && b.sharedStore?.available).toBe(true);
    const phone = newPhone();
    const send = (app: FastifyInstance, address: string) =>
      client(() => app).post('/fa/api/auth/codes/', { username: phone, purpose: 'login' }, address);
    expect((await send(a, '10.7.0.1')).status).toBe(202);
    expect((await send(b, '10.7.0.2')).body).toMatchObject({ code: 'code_cooldown' });
    const [cooldown, window] = a.phoneCodes.limits.keysOf(phone);
    // The cool-down ends (in Redis, for both); the window's count stays.
    const direct = new Redis(redis.url);
    try {
      expect(await direct.get(window!)).toBe('1');
      await direct.del(cooldown!);
      expect((await send(b, '10.7.0.3')).status).toBe(202);
      await direct.del(cooldown!);
      expect((await send(a, '10.7.0.4')).body).toMatchObject({ code: 'throttled' });
      expect(await direct.get(window!)).toBe('3');
    } finally {
      direct.disconnect();
    }
  });
});
