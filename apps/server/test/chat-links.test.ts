import type { StaffChannels } from '@storefront/contracts/admin';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { codeInMessage, linkCodeHash, linkReplies } from '../src/modules/channels/chat-links.ts';
import { injectAs, staffCookie, type StaffAgent } from './support/app.ts';
import { startBotServer, type BotServer, type SentMessage } from './support/bot-server.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * Staff link their Bale and Telegram chats (issue 24) against a real stand-in Bot API server: the
 * account page's code, the poller reading the bot's updates by long polling and linking the chat,
 * the bot's replies, expired and wrong codes, hostile updates, the offsets kept over a restart, the
 * backoff on a wrong token, the poll stopped on close; and the account's channels (phone, per-event
 * choices) with their validation and roles. On SQLite and PostgreSQL.
 */

const TELEGRAM_TOKEN = '111:telegram-token';
const BALE_TOKEN = '222:bale-token';
const WRONG_TOKEN = '333:wrong-token';
const PASSWORD = 'a long enough password';
type Role = 'owner' | 'editor' | 'sales';

it('reads a code from /start <code>, /start@bot <code> or the code alone, in any case', () => {
  expect(codeInMessage('/start ABCD2345')).toBe('ABCD2345');
  expect(codeInMessage('  /start@store_bot   abcd2345 ')).toBe('ABCD2345');
  expect(codeInMessage(' abcd2345\n')).toBe('ABCD2345');
  expect(codeInMessage('/start')).toBeUndefined();
  expect(codeInMessage('hello there')).toBeUndefined();
  expect(codeInMessage('ABCD23456')).toBeUndefined();
  expect(codeInMessage(42)).toBeUndefined();
  expect(codeInMessage(`/start ${'A'.repeat(10_000)}`)).toBeUndefined();
});

describeEachDatabase('staff chats linked by a one-time code', (store) => {
  let server: BotServer;
  let app: FastifyInstance;
  const agents = {} as Record<Role, StaffAgent>;

  const config = (): AppConfig => ({
    ...store().config,
    outboxPollMs: 100,
    // Bale's token is added at run time, as the owner would in the back office; Telegram's is set.
    bale: { token: undefined, apiUrl: server.url },
    telegram: { token: TELEGRAM_TOKEN, apiUrl: server.url, proxyUrl: undefined },
  });

  beforeAll(async () => {
    server = await startBotServer({
      [TELEGRAM_TOKEN]: 'store_tg_bot',
      [BALE_TOKEN]: 'store_bale_bot',
    });
    app = await buildApp(config());
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  const call = (agent: StaffAgent | undefined, options: InjectOptions) => injectAs(app, agent, options);
  const channelsOf = async (agent: StaffAgent) => {
    const response = await call(agent, { method: 'GET', url: '/admin/api/account/channels' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffChannels;
  };
  const putChannels = (agent: StaffAgent, payload: object) =>
    call(agent, { method: 'PUT', url: '/admin/api/account/channels', payload });
  const newCode = (agent: StaffAgent, channel: string) =>
    call(agent, { method: 'POST', url: `/admin/api/account/chats/${channel}/code` });
  const staffRow = (id: number) =>
    app.database.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The bot gets a text from that chat; resolves with the bot's reply. */
  async function say(token: string, chatId: number | string, text: string): Promise<SentMessage> {
    const before = server.sent.length;
    server.queue(token, { message: { chat: { id: chatId, type: 'private' }, text, from: { id: 7 } } });
    await server.until(() => server.sent.length > before);
    expect(server.sent.length).toBe(before + 1);
    return server.sent[before]!;
  }

  async function staffMember(role: Role, language: 'fa' | 'en'): Promise<StaffAgent> {
    const email = `${role}@example.com`;
    const created = await app.staff.create({
      email,
      name: role,
      passwordHash: await hashPassword(PASSWORD),
      role,
    });
    await app.database.db.updateTable('staff').set({ language }).where('id', '=', created!.id).execute();
    const signed = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(signed.statusCode).toBe(200);
    const body = signed.json() as { csrf_token: string; staff: { id: number } };
    return { cookie: staffCookie(signed), csrf: body.csrf_token, id: body.staff.id };
  }

  it('every role reads its channels: the bots as set up, nothing linked, email as its columns say', async () => {
    agents.owner = await staffMember('owner', 'en');
    agents.editor = await staffMember('editor', 'fa');
    agents.sales = await staffMember('sales', 'fa');
    for (const role of ['owner', 'editor', 'sales'] as const) {
      expect(await channelsOf(agents[role])).toEqual({
        phone: '',
        sms_available: false,
        chats: {
          bale: { available: false, linked: false, bot_username: null },
          telegram: { available: true, linked: false, bot_username: 'store_tg_bot' },
        },
        events: { enquiry: ['email'], review: [], channel_failing: [], thread: [] },
      });
    }
    // Asked once per token, then kept.
    expect(server.calls.filter((c) => c.method === 'getMe')).toHaveLength(1);
    const out = await app.inject({ method: 'GET', url: '/admin/api/account/channels' });
    expect(out.statusCode).toBe(401);
    const noCsrf = await app.inject({
      method: 'PUT',
      url: '/admin/api/account/channels',
      headers: { cookie: agents.sales.cookie },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ code: 'csrf_failed' });
  });

  it('a code for a bot without a token is 409 channel_not_configured; an unknown messenger 404', async () => {
    const bale = await newCode(agents.owner, 'bale');
    expect(bale.statusCode).toBe(409);
    expect(bale.json()).toMatchObject({ code: 'channel_not_configured' });
    for (const path of ['whatsapp', 'BALE', '%00', 'x'.repeat(150)]) {
      const response = await newCode(agents.owner, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      const unlink = await call(agents.owner, { method: 'DELETE', url: `/admin/api/account/chats/${path}` });
      expect(unlink.statusCode, path).toBe(404);
    }
  });

  it('a wrong token is not polled in a loop; the right one, saved, is polled at once', async () => {
    await app.channels.saveBots({ bale_token: WRONG_TOKEN, telegram_token: '', telegram_proxy_url: '' });
    await server.until(() => server.calls.some((c) => c.token === WRONG_TOKEN && c.method === 'getUpdates'));
    // A few round trips through the app and the database: a poller without backoff would ask again
    // and again meanwhile. The page shows the bot, its name unknown (getMe is refused too).
    for (let i = 0; i < 3; i++)
      expect((await channelsOf(agents.owner)).chats.bale).toEqual({
        available: true,
        linked: false,
        bot_username: null,
      });
    await app.channels.saveBots({ bale_token: BALE_TOKEN, telegram_token: '', telegram_proxy_url: '' });
    await server.until(() => server.polls.some((p) => p.token === BALE_TOKEN));
    // Refused as a wrong token, it waits (a minute, or until the token changes) instead of asking again.
    expect(server.calls.filter((c) => c.token === WRONG_TOKEN && c.method === 'getUpdates')).toHaveLength(1);
    expect(server.polls.find((p) => p.token === BALE_TOKEN)).toMatchObject({ timeout: 25 });
    expect((await channelsOf(agents.owner)).chats.bale).toEqual({
      available: true,
      linked: false,
      bot_username: 'store_bale_bot',
    });
  });

  it('the code sent to the bot links the chat, and the bot says so in their language', async () => {
    const response = await newCode(agents.owner, 'telegram');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { code: string; expires_in: number; bot_username: string; link: string };
    expect(body.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(body).toEqual({
      code: body.code,
      expires_in: 600,
      bot_username: 'store_tg_bot',
      link: `https://t.me/store_tg_bot?start=${body.code}`,
    });
    // Kept hashed only.
    const rows = await app.database.db.selectFrom('chat_link_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code_hash: linkCodeHash(body.code), staff_id: agents.owner.id });
    expect(JSON.stringify(rows)).not.toContain(body.code);

    const reply = await say(TELEGRAM_TOKEN, 5550001, `/start ${body.code}`);
    expect(reply).toEqual({ token: TELEGRAM_TOKEN, chat_id: '5550001', text: linkReplies.linked.en });
    expect((await staffRow(agents.owner.id)).telegram_chat_id).toBe('5550001');
    expect((await channelsOf(agents.owner)).chats.telegram.linked).toBe(true);
    expect(await app.database.db.selectFrom('chat_link_codes').selectAll().execute()).toEqual([]);

    // Used once: the same code again is unknown.
    const again = await say(TELEGRAM_TOKEN, 5550002, `/start ${body.code}`);
    expect(again.text).toBe(linkReplies.unknown);
    expect((await staffRow(agents.owner.id)).telegram_chat_id).toBe('5550001');
  });

  it('on Bale, the code alone in lower case links; the reply is Persian for a Persian speaker', async () => {
    const first = (await newCode(agents.editor, 'bale')).json() as { code: string; link: string };
    const second = (await newCode(agents.editor, 'bale')).json() as { code: string; link: string };
    expect(second.link).toBe(`https://ble.ir/store_bale_bot?start=${second.code}`);
    // A new code ends the one before.
    expect((await say(BALE_TOKEN, 'bale-chat-1', first.code)).text).toBe(linkReplies.unknown);
    const reply = await say(BALE_TOKEN, 'bale-chat-1', `  ${second.code.toLowerCase()} `);
    expect(reply).toEqual({ token: BALE_TOKEN, chat_id: 'bale-chat-1', text: linkReplies.linked.fa });
    expect((await staffRow(agents.editor.id)).bale_chat_id).toBe('bale-chat-1');
    // A Telegram code is not a Bale code.
    const telegram = (await newCode(agents.sales, 'telegram')).json() as { code: string };
    expect((await say(BALE_TOKEN, 'bale-chat-2', telegram.code)).text).toBe(linkReplies.unknown);
    expect((await staffRow(agents.sales.id)).bale_chat_id).toBeNull();
  });

  it('an expired code is refused; a wrong code or any other text is told the code is unknown', async () => {
    const { code } = (await newCode(agents.sales, 'telegram')).json() as { code: string };
    await app.database.db
      .updateTable('chat_link_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code_hash', '=', linkCodeHash(code))
      .execute();
    expect((await say(TELEGRAM_TOKEN, 777, `/start ${code}`)).text).toBe(linkReplies.unknown);
    expect((await say(TELEGRAM_TOKEN, 777, '/start ZZZZ9999')).text).toBe(linkReplies.unknown);
    expect((await say(TELEGRAM_TOKEN, 777, 'hello')).text).toBe(linkReplies.unknown);
    expect((await staffRow(agents.sales.id)).telegram_chat_id).toBeNull();
    expect(linkReplies.unknown).toMatch(/[\u0600-\u06FF]/);
    expect(linkReplies.unknown).toMatch(/unknown or has expired/);
  });

  it('a chat linked to another staff member moves to the one who sent the new code', async () => {
    const { code } = (await newCode(agents.sales, 'telegram')).json() as { code: string };
    await say(TELEGRAM_TOKEN, 5550001, code);
    expect((await staffRow(agents.sales.id)).telegram_chat_id).toBe('5550001');
    expect((await staffRow(agents.owner.id)).telegram_chat_id).toBeNull();
    // The owner links it back for the tests that follow.
    const again = (await newCode(agents.owner, 'telegram')).json() as { code: string };
    await say(TELEGRAM_TOKEN, 5550001, again.code);
    expect((await staffRow(agents.owner.id)).telegram_chat_id).toBe('5550001');
    expect((await staffRow(agents.sales.id)).telegram_chat_id).toBeNull();
  });

  it('odd updates are passed over; the poller keeps going', async () => {
    const { code } = (await newCode(agents.sales, 'telegram')).json() as { code: string };
    const before = server.sent.length;
    const odd: unknown[] = [
      null,
      'text',
      [],
      { update_id: 'x', message: { chat: { id: 1 }, text: code } },
      { update_id: Number.MAX_SAFE_INTEGER + 10, message: { chat: { id: 1 }, text: code } },
      (id: number) => ({ update_id: id, edited_message: { chat: { id: 1 }, text: code } }),
      (id: number) => ({ update_id: id, message: null }),
      (id: number) => ({ update_id: id, message: { chat: null, text: code } }),
      (id: number) => ({ update_id: id, message: { chat: { id: { nested: 1 } }, text: code } }),
      (id: number) => ({ update_id: id, message: { chat: { id: 'x'.repeat(500) }, text: code } }),
      (id: number) => ({ update_id: id, message: { chat: { id: 1 }, text: { code } } }),
      (id: number) => ({ update_id: id, message: { chat: { id: 1 }, photo: [{}] } }),
      (id: number) => ({ update_id: id, message: { chat: { id: 1 }, text: 'x'.repeat(100_000) } }),
    ];
    for (const raw of odd) server.queue(TELEGRAM_TOKEN, { raw });
    server.queue(TELEGRAM_TOKEN, { message: { chat: { id: 9990001 }, text: code } });
    await server.until(() => server.sent.length >= before + 2);
    // The long text gets an answer (a text, though no code); the rest none; the code links.
    expect(server.sent.slice(before)).toEqual([
      { token: TELEGRAM_TOKEN, chat_id: '1', text: linkReplies.unknown },
      { token: TELEGRAM_TOKEN, chat_id: '9990001', text: linkReplies.linked.fa },
    ]);
    expect((await staffRow(agents.sales.id)).telegram_chat_id).toBe('9990001');
  });

  it('reads hostile stored choices without failing', async () => {
    for (const stored of ['not json', '[1]', 'null', '{"enquiry":"sms","review":[1,"bale","x",null]}']) {
      await app.database.db
        .updateTable('staff')
        .set({ notify_channels: stored })
        .where('id', '=', agents.editor.id)
        .execute();
      const events = (await channelsOf(agents.editor)).events;
      // The editor's Bale chat is linked, so a stored 'bale' reaches them.
      expect(events).toEqual({
        enquiry: ['email'],
        review: stored.includes('bale') ? ['bale'] : [],
        channel_failing: [],
        thread: [],
      });
    }
  });

  it('PUT keeps the phone and the choices, refusing channels that cannot reach them', async () => {
    const owner = agents.owner;
    const invalidPhone = await putChannels(owner, { phone: '12345' });
    expect(invalidPhone.statusCode).toBe(400);
    expect(invalidPhone.json()).toMatchObject({ codes: { phone: ['mobile_invalid'] } });
    const badChannel = await putChannels(owner, { events: { enquiry: ['fax'] } });
    expect(badChannel.statusCode).toBe(400);

    const noSms = await putChannels(owner, { events: { review: ['sms'] } });
    expect(noSms.statusCode).toBe(400);
    expect(noSms.json()).toEqual({
      'events.review': ['SMS is not set up on this store.'],
      code: 'validation_failed',
      codes: { 'events.review': ['invalid'] },
    });
    const unlinked = await putChannels(owner, { events: { enquiry: ['email', 'bale'] } });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json()).toMatchObject({
      'events.enquiry': ['Link your Bale chat first.'],
      codes: { 'events.enquiry': ['invalid'] },
    });

    const saved = await putChannels(owner, {
      phone: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
      events: {
        enquiry: ['telegram'],
        review: ['telegram', 'email', 'telegram'],
        channel_failing: ['email', 'telegram'],
        // A buyer's activity has no email column: email is kept with the other channels.
        thread: ['email'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as StaffChannels).events).toEqual({
      enquiry: ['telegram'],
      review: ['email', 'telegram'],
      channel_failing: ['email', 'telegram'],
      thread: ['email'],
    });
    expect(saved.json()).toMatchObject({ phone: '09121234567' });
    const row = await staffRow(owner.id);
    expect(row).toMatchObject({ phone: '09121234567', notify_enquiries: 0, notify_reviews: 1 });
    expect(JSON.parse(row.notify_channels)).toEqual({
      enquiry: ['telegram'],
      review: ['telegram'],
      channel_failing: ['email', 'telegram'],
      thread: ['email'],
    });
    const audit = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'staff')
      .where('staff_id', '=', owner.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', entity_id: String(owner.id) });
    expect(audit[0]!.summary).toContain('09121234567');

    // SMS set up: it needs a phone.
    await app.channels.saveSms({ provider: 'kavenegar', api_key: 'sms-key', sender: '', templates: {} });
    try {
      expect((await channelsOf(owner)).sms_available).toBe(true);
      const noPhone = await putChannels(owner, { phone: '', events: { enquiry: ['sms'] } });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json()).toMatchObject({ 'events.enquiry': ['Add your mobile number to get SMS.'] });
      const sms = await putChannels(owner, { events: { enquiry: ['sms', 'email'] } });
      expect(sms.statusCode, sms.body).toBe(200);
      expect((sms.json() as StaffChannels).events.enquiry).toEqual(['email', 'sms']);
      // Other roles keep their own choices.
      const editor = await putChannels(agents.editor, { phone: '09350000000', events: { review: ['sms'] } });
      expect(editor.statusCode, editor.body).toBe(200);
      expect((editor.json() as StaffChannels).events.review).toEqual(['sms']);
      expect((await staffRow(agents.editor.id)).notify_reviews).toBe(0);
      expect((await channelsOf(owner)).events.review).toEqual(['email', 'telegram']);
    } finally {
      await app.channels.saveSms({ provider: null, api_key: '', sender: '', templates: {} });
    }
    // SMS gone: the choice no longer shows (it reaches nobody), and is kept for when it returns.
    expect((await channelsOf(owner)).events.enquiry).toEqual(['email']);
    expect(JSON.parse((await staffRow(owner.id)).notify_channels).enquiry).toEqual(['sms']);
  });

  it('a chat is unlinked: 204, its choices no longer show', async () => {
    const before = await channelsOf(agents.owner);
    expect(before.events.review).toContain('telegram');
    const response = await call(agents.owner, { method: 'DELETE', url: '/admin/api/account/chats/telegram' });
    expect(response.statusCode).toBe(204);
    expect((await staffRow(agents.owner.id)).telegram_chat_id).toBeNull();
    const after = await channelsOf(agents.owner);
    expect(after.chats.telegram.linked).toBe(false);
    expect(after.events.review).toEqual(['email']);
    // Unlinking what is not linked is the same answer.
    const again = await call(agents.owner, { method: 'DELETE', url: '/admin/api/account/chats/telegram' });
    expect(again.statusCode).toBe(204);
  });

  it('after a restart, updates already handled are not handled again', async () => {
    await server.until(() => server.holding >= 2);
    const lastId = server.queue(TELEGRAM_TOKEN, { message: { chat: { id: 42 }, text: 'before restart' } });
    await server.until(() => server.sent.some((s) => s.chat_id === '42'));
    await app.close();
    const pollsBefore = server.polls.length;
    app = await buildApp(config());
    await app.ready();
    await server.until(() => server.polls.slice(pollsBefore).some((p) => p.token === TELEGRAM_TOKEN));
    expect(server.polls.slice(pollsBefore).find((p) => p.token === TELEGRAM_TOKEN)!.offset).toBe(lastId + 1);
    const sentBefore = server.sent.length;
    const reply = await say(TELEGRAM_TOKEN, 43, 'after restart');
    expect(reply.chat_id).toBe('43');
    expect(server.sent.slice(sentBefore)).toHaveLength(1);
  });

  it('closing the app ends the polls in flight', async () => {
    await server.until(() => server.holding >= 2);
    const abandoned = server.abandoned;
    await app.close();
    await server.until(() => server.abandoned >= abandoned + 2);
    expect(server.holding).toBe(0);
  });
});
