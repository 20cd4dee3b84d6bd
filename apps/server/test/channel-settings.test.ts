import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChannelSettings } from '@storefront/contracts/admin';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { injectAs, staffCookie, type StaffAgent } from './support/app.ts';
import { describeEachDatabase, type TestStore } from './support/databases.ts';
import { startProviderServer, type ProviderServer } from './support/provider-server.ts';

/**
 * The channels' settings (owner only) through `inject`, on SQLite and PostgreSQL: the SMS gateway
 * and the bots set, changed in part and removed, their secrets never answered in full (checked on
 * the raw text of every answer); the environment's values read-only (409 setting_locked); a test SMS
 * against a stand-in Kavenegar (the exact request, its refusals as 502); a bot's token checked
 * against a stand-in Bot API; roles and hostile bodies.
 */

const PASSWORD = 'a long enough password';
const KEY = '5A1B9C7D3E-SMS-KEY-SECRET-7F2E';
const OTHER_KEY = '0F9E8D7C6B-SMS-KEY-OTHER-4A1B';
const BALE_TOKEN = '123456:BALE-TOKEN-SECRET-abcd';
const TELEGRAM_TOKEN = '987654:TELEGRAM-TOKEN-SECRET-wxyz';
const PROXY_PASSWORD = 'proxy-pass-SECRET';
const SECRETS = [KEY, OTHER_KEY, BALE_TOKEN, TELEGRAM_TOKEN, PROXY_PASSWORD];

/** Kavenegar's answer (kavenegar.com/rest.html): the HTTP status equal to `return.status`. */
const kavenegarReply = (status: number, message: string, entries: unknown = null) => ({
  status,
  body: { return: { status, message }, entries },
});
const SENT = kavenegarReply(200, 'تایید شد', [{ messageid: 8792343, status: 5, receptor: '09121234567' }]);
const BOT_ME = {
  status: 200,
  body: { ok: true, result: { id: 42, first_name: 'Shop', username: 'shop_bot' } },
};

/** The stand-in gateway and Bot API: one each for the whole file, started before any store's app. */
let gateway: ProviderServer;
let botApi: ProviderServer;
beforeAll(async () => {
  gateway = await startProviderServer(SENT);
  botApi = await startProviderServer(BOT_ME);
});
afterAll(async () => {
  await gateway.close();
  await botApi.close();
});

/** The environment's channel values of a suite, pointing at the stand-ins (filled once they run). */
function channelEnv(
  sms: Partial<AppConfig['smsOverrides']> = {},
  bots: { baleToken?: string; telegramToken?: string; proxyUrl?: string } = {},
) {
  const env = {
    smsOverrides: {
      provider: undefined,
      apiKey: undefined,
      sender: undefined,
      baseUrl: undefined,
      templates: {},
      ...sms,
    } as AppConfig['smsOverrides'],
    bale: { token: bots.baleToken, apiUrl: undefined } as AppConfig['bale'],
    telegram: {
      token: bots.telegramToken,
      apiUrl: undefined,
      proxyUrl: bots.proxyUrl,
    } as AppConfig['telegram'],
  };
  beforeAll(() => {
    env.smsOverrides.baseUrl = gateway.url;
    env.bale.apiUrl = botApi.url;
    env.telegram.apiUrl = botApi.url;
  });
  return env;
}

/** Every answer's raw text is free of every secret the tests use. */
function expectNoSecret(response: LightMyRequestResponse): void {
  for (const secret of SECRETS) expect(response.body, response.body.slice(0, 300)).not.toContain(secret);
}

/** An app on the suite's store, its staff signed in, and a call as one of them. */
function useApp(store: () => TestStore) {
  const ctx = {} as {
    app: FastifyInstance;
    agents: Record<'owner' | 'owner2' | 'editor' | 'sales', StaffAgent>;
    call: (agent: StaffAgent | undefined, options: InjectOptions) => Promise<LightMyRequestResponse>;
  };
  beforeAll(async () => {
    ctx.app = await buildApp(store().config);
    ctx.agents = {} as never;
    for (const [name, role] of [
      ['owner', 'owner'],
      ['owner2', 'owner'],
      ['editor', 'editor'],
      ['sales', 'sales'],
    ] as const) {
      const email = `${name}@example.com`;
      await ctx.app.staff.create({ email, name, passwordHash: await hashPassword(PASSWORD), role });
      const signed = await ctx.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email, password: PASSWORD },
      });
      const body = signed.json() as { csrf_token: string; staff: { id: number } };
      ctx.agents[name] = { cookie: staffCookie(signed), csrf: body.csrf_token, id: body.staff.id };
    }
    ctx.call = async (agent, options) => {
      const response = await injectAs(ctx.app, agent, options);
      expectNoSecret(response);
      return response;
    };
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx;
}

const URL_BASE = '/admin/api/settings/channels';

describeEachDatabase(
  'the channels settings, set in the back office',
  (store) => {
    const ctx = useApp(store);
    const owner = () => ctx.agents.owner;
    const get = async () => {
      const response = await ctx.call(owner(), { method: 'GET', url: URL_BASE });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ChannelSettings;
    };
    const put = (payload: unknown, agent = owner()) =>
      ctx.call(agent, { method: 'PUT', url: URL_BASE, payload: payload as object });
    const testSms = (phone: unknown, agent = owner()) =>
      ctx.call(agent, { method: 'POST', url: `${URL_BASE}/test-sms`, payload: { phone } });
    const check = (channel: string) =>
      ctx.call(owner(), { method: 'POST', url: `${URL_BASE}/bots/${channel}/check` });
    const auditSummaries = async () =>
      (
        await ctx.app.database.db
          .selectFrom('audit_log')
          .select(['summary', 'entity', 'entity_id'])
          .where('entity', '=', 'settings')
          .orderBy('id')
          .execute()
      ).filter((row) => row.entity_id === 'channels');

    it('editors and sales staff may not see or change the channels (403); signed out is 401', async () => {
      for (const agent of [ctx.agents.editor, ctx.agents.sales, undefined]) {
        const status = agent ? 403 : 401;
        const code = agent ? 'forbidden' : 'not_authenticated';
        for (const options of [
          { method: 'GET', url: URL_BASE },
          { method: 'PUT', url: URL_BASE, payload: { sms: { provider: 'kavenegar', api_key: 'x' } } },
          { method: 'POST', url: `${URL_BASE}/test-sms`, payload: { phone: '09121234567' } },
          { method: 'POST', url: `${URL_BASE}/bots/bale/check` },
        ] as InjectOptions[]) {
          const response = await ctx.call(agent, options);
          expect(response.statusCode, `${options.method} ${options.url}`).toBe(status);
          expect(response.json()).toMatchObject({ code });
        }
      }
      expect((await ctx.app.channels.stored()).sms.api_key).toBe('');
    });

    it('starts with nothing set up: SMS and both bots not configured, nothing locked', async () => {
      const settings = await get();
      expect(settings.sms).toEqual({
        configured: false,
        provider: null,
        provider_locked: false,
        api_key: null,
        api_key_locked: false,
        sender: '',
        sender_locked: false,
        base_url: gateway.url,
        templates: {},
        templates_locked: false,
        balance: null,
        pending: 0,
        failed: 0,
        last_error: null,
      });
      expect(settings.bots).toEqual({
        bale: { configured: false, token: null, token_locked: false, bot_username: null },
        telegram: {
          configured: false,
          token: null,
          token_locked: false,
          proxy_url: null,
          proxy_locked: false,
          bot_username: null,
        },
      });
    });

    it('saves the gateway and answers it with the key masked; the audit entry says only that the key was set', async () => {
      const response = await put({
        sms: {
          provider: 'kavenegar',
          api_key: `  ${KEY} `,
          sender: '10004346',
          templates: { otp: 'verify', test: 'store-test' },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const settings = response.json() as ChannelSettings;
      expect(settings.sms).toMatchObject({
        configured: true,
        provider: 'kavenegar',
        api_key: `••••${KEY.slice(-4)}`,
        sender: '10004346',
        templates: { otp: 'verify', test: 'store-test' },
      });
      expect((await ctx.app.channels.stored()).sms.api_key).toBe(KEY);
      expect(await ctx.app.channels.codesEnabled()).toBe(true);

      const [entry, ...more] = await auditSummaries();
      expect(more).toEqual([]);
      expect(entry!.summary).not.toContain(KEY);
      expect(JSON.parse(entry!.summary)).toEqual({
        sms_provider: [null, 'kavenegar'],
        sms_api_key: 'set',
        sms_sender: ['', '10004346'],
        sms_templates: [{}, { otp: 'verify', test: 'store-test' }],
      });
      const audit = await ctx.call(owner(), { method: 'GET', url: '/admin/api/audit?entity=settings' });
      expect(audit.statusCode).toBe(200);
    });

    it('changes only what is sent: the key is kept when left out, templates are merged kind by kind', async () => {
      const response = await put({
        sms: { provider: 'kavenegar', sender: '3000', templates: { enquiry: 'enquiry-received', otp: '' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { sms } = response.json() as ChannelSettings;
      expect(sms.api_key).toBe(`••••${KEY.slice(-4)}`);
      expect(sms.sender).toBe('3000');
      expect(sms.templates).toEqual({ enquiry: 'enquiry-received', test: 'store-test' });
      expect((await ctx.app.channels.stored()).sms.api_key).toBe(KEY);

      // A change of the key is audited as a change, without either key.
      await put({ sms: { provider: 'kavenegar', api_key: OTHER_KEY } });
      const last = (await auditSummaries()).at(-1)!;
      expect(JSON.parse(last.summary)).toEqual({ sms_api_key: 'changed' });
      expect(last.summary).not.toContain(OTHER_KEY);
      await put({ sms: { provider: 'kavenegar', api_key: KEY, templates: { otp: 'verify' } } });

      // The same values again change nothing and write no entry.
      const entries = (await auditSummaries()).length;
      expect(
        (await put({ sms: { provider: 'kavenegar', sender: '3000', templates: { otp: 'verify' } } }))
          .statusCode,
      ).toBe(200);
      expect((await auditSummaries()).length).toBe(entries);
    });

    it('sends a test SMS at once through the gateway: the exact request, the provider id in the answer', async () => {
      gateway.reset();
      gateway.reply(SENT);
      const response = await testSms('۰۹۱۲ ۱۲۳ ۴۵۶۷');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'sent', provider_id: '8792343' });
      expect(gateway.seen).toHaveLength(1);
      const call = gateway.seen[0]!;
      expect(call.method).toBe('POST');
      expect(call.path).toBe(`/v1/${KEY}/verify/lookup.json`);
      expect([...new URLSearchParams(call.body)]).toEqual([
        ['receptor', '09121234567'],
        ['template', 'store-test'],
        ['token', '12345'],
      ]);
      // Nothing waits in the outbox: the owner had the answer.
      const rows = await ctx.app.database.db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'sms')
        .execute();
      expect(rows).toEqual([]);
    });

    it("answers the provider's refusal as 502 channel_send_failed with its reason, without the key", async () => {
      gateway.reply(kavenegarReply(411, 'receptor not valid'));
      const refused = await testSms('09121234567');
      expect(refused.statusCode, refused.body).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'channel_send_failed', reason: 'invalid_number' });
      expect((refused.json() as { detail: string }).detail).toMatch(/411|receptor/);

      gateway.reply(kavenegarReply(403, `key ${KEY} is not valid`));
      const badKey = await testSms('09121234567');
      expect(badKey.statusCode).toBe(502);
      expect(badKey.json()).toMatchObject({ code: 'channel_send_failed', reason: 'invalid_key' });

      gateway.reply({ status: 503, raw: 'down for maintenance' });
      const down = await testSms('09121234567');
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ code: 'channel_send_failed', reason: null });
      gateway.reply(SENT);
    });

    it('limits test messages to 10 an hour per staff member (429 throttled, Retry-After)', async () => {
      gateway.reset();
      for (let i = 0; i < 10; i++)
        expect((await testSms('09121234567', ctx.agents.owner2)).statusCode).toBe(200);
      const over = await testSms('09121234567', ctx.agents.owner2);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'throttled' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(gateway.seen).toHaveLength(10);
    });

    it('refuses a test without the test template, or without SMS set up (409 channel_not_configured)', async () => {
      await put({ sms: { provider: 'kavenegar', templates: { test: '' } } });
      gateway.reset();
      const noTemplate = await testSms('09121234567');
      expect(noTemplate.statusCode, noTemplate.body).toBe(409);
      expect(noTemplate.json()).toMatchObject({ code: 'channel_not_configured' });
      expect((noTemplate.json() as { detail: string }).detail).toMatch(/test template/i);

      // null and '' both remove the key: SMS is no longer set up.
      let removed = await put({
        sms: { provider: 'kavenegar', api_key: null, templates: { test: 'store-test' } },
      });
      expect((removed.json() as ChannelSettings).sms).toMatchObject({ configured: false, api_key: null });
      await put({ sms: { provider: 'kavenegar', api_key: KEY } });
      removed = await put({ sms: { provider: 'kavenegar', api_key: '' } });
      expect((removed.json() as ChannelSettings).sms).toMatchObject({ configured: false, api_key: null });
      expect((await ctx.app.channels.stored()).sms.api_key).toBe('');
      expect(JSON.parse((await auditSummaries()).at(-1)!.summary)).toEqual({ sms_api_key: 'removed' });

      gateway.reset();
      const notSetUp = await testSms('09121234567');
      expect(notSetUp.statusCode).toBe(409);
      expect(notSetUp.json()).toMatchObject({ code: 'channel_not_configured' });
      expect(gateway.seen).toEqual([]);
      await put({ sms: { provider: null } });
      expect((await get()).sms).toMatchObject({ configured: false, provider: null });
    });

    it("sets the bots: tokens masked, the proxy's password masked, the bot's username from getMe", async () => {
      botApi.reset();
      botApi.reply(BOT_ME);
      const noToken = await check('bale');
      expect(noToken.statusCode).toBe(409);
      expect(noToken.json()).toMatchObject({ code: 'channel_not_configured' });
      expect((await check('whatsapp')).statusCode).toBe(404);

      const response = await put({
        bots: {
          bale: { token: BALE_TOKEN },
          telegram: { token: TELEGRAM_TOKEN, proxy_url: `http://shop:${PROXY_PASSWORD}@127.0.0.1:9` },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { bots } = response.json() as ChannelSettings;
      expect(bots.bale).toEqual({
        configured: true,
        token: `••••${BALE_TOKEN.slice(-4)}`,
        token_locked: false,
        bot_username: 'shop_bot',
      });
      // Telegram goes through the proxy, which does not answer: no username, never an error.
      expect(bots.telegram).toEqual({
        configured: true,
        token: `••••${TELEGRAM_TOKEN.slice(-4)}`,
        token_locked: false,
        proxy_url: 'http://shop:••••@127.0.0.1:9',
        proxy_locked: false,
        bot_username: null,
      });
      expect(botApi.seen.map((r) => r.path)).toEqual([`/bot${BALE_TOKEN}/getMe`]);
      const entry = (await auditSummaries()).at(-1)!;
      for (const secret of SECRETS) expect(entry.summary).not.toContain(secret);
      expect(JSON.parse(entry.summary)).toEqual({
        bale_token: 'set',
        telegram_token: 'set',
        telegram_proxy_url: [null, 'http://shop:••••@127.0.0.1:9'],
      });

      // The username is kept: the next page does not ask again.
      botApi.reset();
      expect((await get()).bots.bale.bot_username).toBe('shop_bot');
      expect(botApi.seen).toEqual([]);

      const telegram = await check('telegram');
      expect(telegram.statusCode, telegram.body).toBe(502);
      expect(telegram.json()).toMatchObject({ code: 'channel_send_failed', reason: null });

      // Without the proxy, Telegram's check reaches the (stand-in) Bot API.
      expect((await put({ bots: { telegram: { proxy_url: null } } })).statusCode).toBe(200);
      const checked = await check('telegram');
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toEqual({ bot_username: 'shop_bot' });
      expect((await get()).bots.telegram).toMatchObject({ proxy_url: null, bot_username: 'shop_bot' });
    });

    it('answers a refused token as 502 with its reason; removing a token unsets the bot', async () => {
      botApi.reply({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
      const refused = await check('bale');
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'channel_send_failed', reason: 'invalid_key' });
      botApi.reply(BOT_ME);
      // The Telegram token is kept when only Bale's is sent.
      const removed = await put({ bots: { bale: { token: null } } });
      const { bots } = removed.json() as ChannelSettings;
      expect(bots.bale).toMatchObject({ configured: false, token: null, bot_username: null });
      expect(bots.telegram).toMatchObject({ configured: true, token: `••••${TELEGRAM_TOKEN.slice(-4)}` });
      expect((await ctx.app.channels.stored()).bots.bale_token).toBe('');
    });

    it('refuses hostile bodies with 400 and a code, never a 5xx', async () => {
      const cases: [payload: unknown, field: string, code: string][] = [
        [{ sms: { provider: 'kavenegar', api_key: 'x'.repeat(501) } }, 'sms.api_key', 'too_long'],
        [{ sms: { provider: 'kavenegar', api_key: 'a\u0000b' } }, 'sms.api_key', 'invalid_characters'],
        [{ sms: { provider: 'kavenegar', api_key: 'two words' } }, 'sms.api_key', 'invalid'],
        [{ sms: { provider: 'kavenegar', api_key: 123 } }, 'sms.api_key', 'invalid_type'],
        [{ sms: { provider: 5 } }, 'sms.provider', 'choice_invalid'],
        [{ sms: { provider: 'nope' } }, 'sms.provider', 'choice_invalid'],
        [{ sms: { provider: 'kavenegar', sender: 'x'.repeat(41) } }, 'sms.sender', 'too_long'],
        [{ sms: { provider: 'kavenegar', templates: { otp: 5 } } }, 'sms.templates.otp', 'invalid_type'],
        [
          { sms: { provider: 'kavenegar', templates: { otp: 'x'.repeat(101) } } },
          'sms.templates.otp',
          'too_long',
        ],
        [
          { bots: { telegram: { proxy_url: 'socks5://127.0.0.1:1080' } } },
          'bots.telegram.proxy_url',
          'url_invalid',
        ],
        [{ bots: { telegram: { proxy_url: 'http://' } } }, 'bots.telegram.proxy_url', 'url_invalid'],
        [{ bots: { telegram: { proxy_url: 'ftp://x' } } }, 'bots.telegram.proxy_url', 'url_invalid'],
        [{ bots: { bale: { token: ['x'] } } }, 'bots.bale.token', 'invalid_type'],
      ];
      for (const [payload, field, code] of cases) {
        const response = await put(payload);
        const context = `${JSON.stringify(payload).slice(0, 80)}: ${response.body.slice(0, 300)}`;
        expect(response.statusCode, context).toBe(400);
        expect((response.json() as { codes: Record<string, string[]> }).codes[field], context).toContain(
          code,
        );
      }
      for (const payload of [
        [],
        'x',
        null,
        { sms: [] },
        { sms: { templates: 'x' } },
        { bots: { bale: 1 } },
      ]) {
        const response = await ctx.call(owner(), {
          method: 'PUT',
          url: URL_BASE,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(typeof (response.json() as { code?: unknown }).code).toBe('string');
      }
      // Past the body limit: 413 with its code, before any route reads it.
      for (const [url, method] of [
        [URL_BASE, 'PUT'],
        [`${URL_BASE}/test-sms`, 'POST'],
      ] as const) {
        const huge = {
          sms: { provider: 'kavenegar', api_key: 'x'.repeat(2_000_000) },
          phone: 'x'.repeat(2_000_000),
        };
        const response = await ctx.call(owner(), { method, url, payload: huge });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({ code: 'payload_too_large' });
      }
      for (const phone of ['0912', '02112345678', 'x'.repeat(5000), 5, null, 'a\u0000b']) {
        const response = await testSms(phone);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
        expect(typeof (response.json() as { code?: unknown }).code).toBe('string');
      }
      // Nothing of the refused bodies was stored.
      expect((await ctx.app.channels.stored()).sms.api_key).toBe('');
    });
  },
  channelEnv(),
);

describeEachDatabase(
  'the channels settings, fixed by the environment',
  (store) => {
    const ctx = useApp(store);
    const put = (payload: unknown) =>
      ctx.call(ctx.agents.owner, { method: 'PUT', url: URL_BASE, payload: payload as object });
    const expectLocked = async (payload: unknown, field: string) => {
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'setting_locked', field });
      expect((response.json() as { detail: string }).detail).toContain(field);
    };

    it("shows the environment's values read-only, the key masked", async () => {
      const response = await ctx.call(ctx.agents.owner, { method: 'GET', url: URL_BASE });
      expect(response.statusCode).toBe(200);
      const settings = response.json() as ChannelSettings;
      expect(settings.sms).toMatchObject({
        configured: true,
        provider: 'kavenegar',
        provider_locked: true,
        api_key: `••••${KEY.slice(-4)}`,
        api_key_locked: true,
        sender: '',
        sender_locked: false,
        templates: { test: 'env-test' },
        templates_locked: true,
      });
      expect(settings.bots.bale).toMatchObject({
        configured: true,
        token_locked: true,
        bot_username: 'shop_bot',
      });
      expect(settings.bots.telegram).toMatchObject({
        configured: false,
        token_locked: false,
        proxy_url: 'http://shop:••••@127.0.0.1:9',
        proxy_locked: true,
      });
    });

    it('refuses a locked field sent with another value (409 setting_locked naming it), stores nothing', async () => {
      await expectLocked({ sms: { provider: 'smsir' } }, 'sms.provider');
      await expectLocked({ sms: { provider: null } }, 'sms.provider');
      await expectLocked({ sms: { provider: 'kavenegar', api_key: OTHER_KEY } }, 'sms.api_key');
      await expectLocked({ sms: { provider: 'kavenegar', api_key: null } }, 'sms.api_key');
      await expectLocked({ sms: { provider: 'kavenegar', templates: { otp: 'verify' } } }, 'sms.templates');
      await expectLocked({ sms: { provider: 'kavenegar', templates: { test: '' } } }, 'sms.templates');
      await expectLocked({ bots: { bale: { token: 'another-token' } } }, 'bots.bale.token');
      await expectLocked({ bots: { telegram: { proxy_url: null } } }, 'bots.telegram.proxy_url');
      // An invalid value is 400 with its field, locked or not.
      const invalid = await put({ bots: { bale: { token: 'two words' } } });
      expect(invalid.statusCode).toBe(400);
      expect((invalid.json() as { codes: Record<string, string[]> }).codes['bots.bale.token']).toEqual([
        'invalid',
      ]);
      // A refused update changes nothing, not even its unlocked fields.
      await expectLocked(
        { sms: { provider: 'kavenegar', sender: '3000', api_key: OTHER_KEY } },
        'sms.api_key',
      );
      expect(await ctx.app.channels.stored()).toEqual({
        sms: { provider: null, api_key: '', sender: '', templates: {} },
        bots: { bale_token: '', telegram_token: '', telegram_proxy_url: '' },
      });
    });

    it('accepts a locked field sent unchanged, and saves the unlocked ones beside it', async () => {
      const response = await put({
        sms: { provider: 'kavenegar', api_key: KEY, sender: '3000', templates: { test: 'env-test' } },
        bots: { bale: { token: BALE_TOKEN }, telegram: { token: TELEGRAM_TOKEN } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as ChannelSettings).sms.sender).toBe('3000');
      expect((response.json() as ChannelSettings).bots.telegram).toMatchObject({ configured: true });
      // The environment's secrets are never copied into the database.
      expect(await ctx.app.channels.stored()).toEqual({
        sms: { provider: null, api_key: '', sender: '3000', templates: {} },
        bots: { bale_token: '', telegram_token: TELEGRAM_TOKEN, telegram_proxy_url: '' },
      });
    });

    it("sends the test SMS with the environment's gateway and template", async () => {
      gateway.reset();
      gateway.reply(SENT);
      const response = await ctx.call(ctx.agents.owner, {
        method: 'POST',
        url: `${URL_BASE}/test-sms`,
        payload: { phone: '09351234567' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect([...new URLSearchParams(gateway.seen[0]!.body)]).toEqual([
        ['receptor', '09351234567'],
        ['template', 'env-test'],
        ['token', '12345'],
      ]);
    });
  },
  channelEnv(
    { provider: 'kavenegar', apiKey: KEY, templates: { test: 'env-test' } },
    { baleToken: BALE_TOKEN, proxyUrl: `http://shop:${PROXY_PASSWORD}@127.0.0.1:9` },
  ),
);
