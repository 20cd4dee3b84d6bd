import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminPage, Dashboard, Delivery } from '@storefront/contracts/admin';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { followHash } from '../src/modules/enquiries/follow-link.ts';
import { EnquiriesRepository } from '../src/modules/enquiries/repository.ts';
import { channelWarnings } from '../src/modules/admin/dashboard.ts';
import {
  mailContentOf,
  notifyHeldReview,
  notifyNewEnquiry,
  type EmailPayload,
} from '../src/modules/outbox/notify.ts';
import { injectAs, staffSession, type StaffAgent } from './support/app.ts';
import { describeEachDatabase, type TestStore } from './support/databases.ts';
import { startProviderServer, type ProviderServer, type SeenRequest } from './support/provider-server.ts';

/**
 * The outbox's SMS and bot messages (issue 24), on SQLite and PostgreSQL: a real stand-in Kavenegar
 * and a real stand-in Bot API (Bale and Telegram on one server, told apart by their tokens) reached
 * over sockets through the app's own channels, set up by the environment's overrides. Who is told
 * what (the visitor's SMS with the follow link, staff per event and channel), retries and permanent
 * failures with their reasons in the deliveries list, expired one-time codes, the channel-failing
 * notice and the dashboard's warnings.
 */

const BASE_URL = 'https://shop.example.ir';
const API_KEY = 'kavenegar-test-key';
const BALE_TOKEN = '111:bale-test-token';
const TELEGRAM_TOKEN = '222:telegram-test-token';
const PASSWORD = 'a long enough password';

/** Kavenegar's documented answers (kavenegar.com/rest.html). */
const kavenegarSent = {
  status: 200,
  body: { return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343 }] },
};
const kavenegarRefused = (status: number, message: string) => ({
  status,
  body: { return: { status, message }, entries: null },
});
const botSent = { status: 200, body: { ok: true, result: { message_id: 7 } } };

let sms: ProviderServer;
let bots: ProviderServer;

beforeAll(async () => {
  sms = await startProviderServer(kavenegarSent);
  bots = await startProviderServer(botSent);
});
afterAll(async () => {
  await sms?.close();
  await bots?.close();
});

/** The form Kavenegar's lookup received. */
const lookupOf = (request: SeenRequest) => Object.fromEntries(new URLSearchParams(request.body));
const sends = () => sms.seen.filter((r) => r.path.endsWith('/verify/lookup.json'));
const botCalls = (token: string) =>
  bots.seen
    .filter((r) => r.path === `/bot${token}/sendMessage`)
    .map((r) => JSON.parse(r.body) as { chat_id: string; text: string });

describeEachDatabase('the outbox sends SMS and bot messages', (store) => {
  let app: FastifyInstance;
  /** The same store with no SMS gateway and no bots set up. */
  let bare: FastifyInstance;
  const agents = {} as Record<'owner' | 'sales', StaffAgent>;

  const appOn = (test: TestStore, overrides: Partial<AppConfig>) =>
    buildApp({
      ...test.config,
      publicUrl: BASE_URL,
      outboxWorker: false,
      outboxBackoffMs: 5,
      outboxBackoffMaxMs: 20,
      rateLimits: 'off',
      ...overrides,
    });

  beforeAll(async () => {
    app = await appOn(store(), {
      smsOverrides: {
        provider: 'kavenegar',
        apiKey: API_KEY,
        sender: undefined,
        baseUrl: sms.url,
        templates: {
          enquiry: 'enquiry-fa',
          enquiry_en: 'enquiry-en',
          staff_enquiry: 'staff-enquiry',
          staff_review: 'staff-review',
          otp: 'otp-fa',
        },
      },
      bale: { token: BALE_TOKEN, apiUrl: bots.url },
      telegram: { token: TELEGRAM_TOKEN, apiUrl: bots.url, proxyUrl: undefined },
    });
    bare = await appOn(store(), {});
    for (const role of ['owner', 'sales'] as const) {
      const email = `${role}-agent@example.ir`;
      await app.staff.create({ email, name: role, passwordHash: await hashPassword(PASSWORD), role });
      const signed = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email, password: PASSWORD },
      });
      agents[role] = { ...staffSession(signed), id: (signed.json() as { staff: { id: number } }).staff.id };
    }
    // The agents hear of nothing unless a test says so.
    await app.database.db.updateTable('staff').set({ notify_enquiries: 0, notify_reviews: 0 }).execute();
  });
  afterAll(async () => {
    await bare?.close();
    await app?.close();
  });
  beforeEach(async () => {
    const db = app.database.db;
    await db.deleteFrom('outbox').execute();
    await db.deleteFrom('staff').where('email', 'not like', '%-agent@example.ir').execute();
    sms.reset();
    sms.reply(kavenegarSent);
    bots.reset();
    bots.reply(botSent);
  });

  const outboxRows = () => app.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const enquire = (target: FastifyInstance, lang: string, payload: Record<string, string>) =>
    target.inject({ method: 'POST', url: `/${lang}/api/store/products/-1/orders/`, payload });
  const deliveries = async (query: string) => {
    const answer = await injectAs(app, agents.owner, {
      method: 'GET',
      url: `/admin/api/deliveries?${query}`,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as AdminPage<Delivery>;
  };

  interface StaffInput {
    email: string;
    role?: string;
    language?: string;
    is_active?: number;
    notify_enquiries?: number;
    phone?: string;
    bale_chat_id?: string | null;
    telegram_chat_id?: string | null;
    notify_channels?: unknown;
  }
  async function addStaff(staff: StaffInput[]): Promise<void> {
    await app.database.db
      .insertInto('staff')
      .values(
        staff.map((s) => ({
          email: s.email,
          name: s.email.split('@')[0]!,
          password_hash: 'not-a-real-hash',
          role: s.role ?? 'owner',
          is_active: s.is_active ?? 1,
          created_at: new Date().toISOString(),
          language: s.language ?? 'fa',
          notify_enquiries: s.notify_enquiries ?? 0,
          notify_reviews: 0,
          phone: s.phone ?? '',
          bale_chat_id: s.bale_chat_id ?? null,
          telegram_chat_id: s.telegram_chat_id ?? null,
          notify_channels:
            typeof s.notify_channels === 'string'
              ? s.notify_channels
              : JSON.stringify(s.notify_channels ?? {}),
        })),
      )
      .execute();
  }

  /** An SMS row as another part of the server writes it (a one-time code, a test). */
  async function addSms(payload: Record<string, unknown>, topic = 'otp', recipient = '09121234567') {
    const now = new Date().toISOString();
    return app.database.db
      .insertInto('outbox')
      .values({
        kind: 'sms',
        topic,
        recipient,
        webhook_id: null,
        payload: JSON.stringify(payload),
        next_attempt_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /**
   * Runs passes until no SMS or bot message is pending (the retries' delays are a few ms here); mail
   * waits, since these apps have no SMTP server.
   */
  async function drain(target = app, passes = 30): Promise<void> {
    for (let i = 0; i < passes; i += 1) {
      await target.outbox.runOnce();
      const left = await target.database.db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('kind', '!=', 'email')
        .executeTakeFirst();
      if (!left) return;
      await sleep(25);
    }
    throw new Error('the outbox did not drain');
  }

  it('an enquiry writes the visitor’s SMS with the follow link in its own transaction, in its language', async () => {
    const answer = await enquire(app, 'en', { phone: '0912 123 4567', email: 'anna@example.com' });
    expect(answer.statusCode).toBe(201);
    const id = (answer.json() as { id: number }).id;
    const reference = `E-${String(id).padStart(6, '0')}`;

    const rows = await outboxRows();
    expect(rows.map((r) => [r.kind, r.topic, r.recipient])).toEqual([
      ['email', 'enquiry.confirmation', 'anna@example.com'],
      ['sms', 'enquiry.confirmation', '09121234567'],
    ]);
    const payload = JSON.parse(rows[1]!.payload) as { params: [string, string][] };
    expect(payload).toEqual({
      kind: 'enquiry',
      language: 'en',
      params: [
        ['reference', reference],
        ['link', expect.stringMatching(new RegExp(`^${BASE_URL}/app/e/[A-Za-z0-9_-]{32}\\?lng=en$`))],
      ],
    });
    // The enquiry keeps the token's hash only; the link in the SMS opens it.
    const link = payload.params[1]![1];
    const token = /\/app\/e\/([^?]+)/.exec(link)![1]!;
    const enquiry = await app.database.db
      .selectFrom('enquiries')
      .select('follow_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(enquiry.follow_hash).toBe(followHash(token));
    expect(JSON.stringify(enquiry)).not.toContain(token);
    // The visitor's mail has the same link: the row keeps what it is written from, and the worker
    // renders it when it sends it (notify.ts EnquiryMailPayload).
    const stored = JSON.parse(rows[0]!.payload) as EmailPayload;
    expect(stored).toMatchObject({ mail: 'enquiry.confirmation', language: 'en', link, enquiry: { id } });
    expect(stored).not.toHaveProperty('html');
    const mail = mailContentOf(stored);
    expect(mail.text).toContain(`Follow your request:\n${link}`);
    expect(mail.html).toContain(`href="${link}"`);

    // Sent as Kavenegar's lookup with the English template, the tokens in order.
    expect(await app.outbox.runOnce()).toBe(1);
    expect(sends()).toHaveLength(1);
    expect(sends()[0]!.path).toBe(`/v1/${API_KEY}/verify/lookup.json`);
    expect(lookupOf(sends()[0]!)).toEqual({
      receptor: '09121234567',
      template: 'enquiry-en',
      token: reference,
      token2: link,
    });
    expect((await outboxRows()).find((r) => r.kind === 'sms')).toMatchObject({
      status: 'sent',
      attempts: 1,
      reason: null,
    });

    // In Persian: the Persian template; a landline gets no SMS.
    await enquire(app, 'fa', { phone: '09351112233' });
    await enquire(app, 'fa', { phone: '02112345678' });
    const faRows = (await outboxRows()).filter((r) => r.kind === 'sms' && r.status === 'pending');
    expect(faRows.map((r) => [r.kind, r.recipient])).toEqual([['sms', '09351112233']]);
    await app.outbox.runOnce();
    expect(lookupOf(sends()[1]!)).toMatchObject({ receptor: '09351112233', template: 'enquiry-fa' });
    expect(lookupOf(sends()[1]!).token2).toMatch(/\?lng=fa$/);
  });

  it('an enquiry rolled back takes its SMS with it', async () => {
    const channels = await app.channels.setup();
    const before = await app.database.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      app.database.db.transaction().execute(async (trx) => {
        const { enquiry, followToken } = await new EnquiriesRepository(trx).create({
          productId: null,
          productTitle: '',
          userId: null,
          phone: '09121234567',
          email: '',
          description: 'rolled back',
          language: 'fa',
        });
        await notifyNewEnquiry(trx, { order: enquiry, baseUrl: BASE_URL, followToken, channels });
        expect(await trx.selectFrom('outbox').select('kind').execute()).toEqual([{ kind: 'sms' }]);
        throw new Error('the enquiry could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await outboxRows()).toEqual([]);
    const after = await app.database.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('without a gateway no SMS row is written, and one left from before fails as not configured', async () => {
    await addStaff([
      {
        email: 'phone@example.ir',
        phone: '09120000001',
        bale_chat_id: '5001',
        notify_channels: { enquiry: ['sms', 'bale'] },
      },
    ]);
    const answer = await enquire(bare, 'fa', { phone: '09121234567' });
    expect(answer.statusCode).toBe(201);
    expect(await outboxRows()).toEqual([]);

    // A row written while SMS was set up, due after the owner removed it: failed at once, not waiting.
    const { id } = await addSms({ kind: 'otp', language: 'fa', params: [['code', '123456']] });
    expect(await bare.outbox.runOnce()).toBe(1);
    expect((await outboxRows())[0]).toMatchObject({
      id,
      status: 'failed',
      attempts: 1,
      reason: 'not_configured',
      last_error: 'SMS is not set up.',
    });
    expect(sends()).toEqual([]);
  });

  it('a gateway failing for a while (5xx) gets the SMS once it recovers, exactly once', async () => {
    await enquire(app, 'fa', { phone: '09121234567' });
    sms.reply({ status: 502, raw: '<html>Bad Gateway</html>' });
    expect(await app.outbox.runOnce()).toBe(1);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, reason: null });
    expect(row!.last_error).toMatch(/502/);
    await sleep(40);
    expect(await app.outbox.runOnce()).toBe(1);
    sms.reply(kavenegarSent);
    await drain();
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, reason: null });
    expect(sends()).toHaveLength(3);
    // Nothing more leaves.
    await sleep(30);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(sends()).toHaveLength(3);
  });

  it('a permanent refusal is never retried; its reason shows in the deliveries list until a retry clears it', async () => {
    sms.reply(kavenegarRefused(411, 'گیرنده نامعتبر است'));
    const invalid = await addSms({ kind: 'otp', language: 'fa', params: [['code', '123456']] });
    expect(await app.outbox.runOnce()).toBe(1);
    sms.reply(kavenegarRefused(418, 'اعتبار حساب شما کافی نیست'));
    const broke = await addSms({ kind: 'otp', language: 'fa', params: [['code', '654321']] });
    expect(await app.outbox.runOnce()).toBe(1);
    // A kind with no template set is refused here, without a call.
    const untemplated = await addSms(
      { kind: 'test', language: 'fa', params: [['code', '1']] },
      'channel.test',
    );
    expect(await app.outbox.runOnce()).toBe(1);
    await sleep(30);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(sends()).toHaveLength(2);

    const failed = await deliveries('kind=sms&status=failed');
    expect(failed.count).toBe(3);
    const byId = new Map(failed.results.map((d) => [d.id, d]));
    expect(byId.get(invalid.id)).toMatchObject({ kind: 'sms', attempts: 1, reason: 'invalid_number' });
    expect(byId.get(invalid.id)!.last_error).toBe('Kavenegar 411: گیرنده نامعتبر است');
    expect(byId.get(broke.id)).toMatchObject({ reason: 'no_credit', attempts: 1 });
    expect(byId.get(untemplated.id)).toMatchObject({
      reason: 'template_refused',
      last_error: 'No template is set for test.',
    });
    expect(JSON.stringify(failed)).not.toContain(API_KEY);
    expect((await deliveries('kind=bale')).count).toBe(0);
    expect((await deliveries('kind=webhook')).count).toBe(0);

    sms.reply(kavenegarSent);
    const retried = await injectAs(app, agents.owner, {
      method: 'POST',
      url: `/admin/api/deliveries/${broke.id}/retry`,
    });
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0, reason: null });
    expect(await app.outbox.runOnce()).toBe(1);
    expect((await deliveries('kind=sms&status=sent')).results.map((d) => [d.id, d.reason])).toEqual([
      [broke.id, null],
    ]);
  });

  it('a one-time code past its expiry is not sent (reason expired); one in time is', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 180_000).toISOString();
    const late = await addSms({
      kind: 'otp',
      language: 'fa',
      params: [['code', '111111']],
      expires_at: past,
    });
    await addSms({ kind: 'otp', language: 'en', params: [['code', '222222']], expires_at: future });
    expect(await app.outbox.runOnce()).toBe(2);
    const rows = await outboxRows();
    expect(rows[0]).toMatchObject({ id: late.id, status: 'failed', reason: 'expired' });
    expect(rows[1]).toMatchObject({ status: 'sent' });
    // No otp_en template: the Persian one serves.
    expect(sends().map(lookupOf)).toEqual([{ receptor: '09121234567', template: 'otp-fa', token: '222222' }]);
    // An expired code on its first turn says nothing about the gateway: nobody is told.
    expect(rows.filter((r) => r.topic === 'channel.failing')).toEqual([]);
  });

  it('a bot that says "too many requests" is not called again before its retry_after', async () => {
    await addStaff([
      { email: 'bale@example.ir', bale_chat_id: '5001', notify_channels: { enquiry: ['bale'] } },
    ]);
    await enquire(app, 'fa', { phone: '02112345678' });
    bots.reply({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests',
        parameters: { retry_after: 120 },
      },
    });
    const before = Date.now();
    expect(await app.outbox.runOnce()).toBe(1);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ kind: 'bale', status: 'pending', attempts: 1 });
    expect(Date.parse(row!.next_attempt_at) - before).toBeGreaterThanOrEqual(120_000);
  });

  it('staff hear of an enquiry and a held review on the channels they chose, when set up and linked', async () => {
    await addStaff([
      {
        email: 'owner@example.ir',
        language: 'fa',
        notify_enquiries: 1,
        phone: '09120000001',
        bale_chat_id: '5001',
        telegram_chat_id: '7001',
        notify_channels: { enquiry: ['sms', 'bale'], review: ['telegram', 'sms'] },
      },
      // Chose SMS and Telegram without a phone or a linked chat: nothing but the mail.
      {
        email: 'sales@example.ir',
        role: 'sales',
        language: 'en',
        notify_enquiries: 1,
        notify_channels: { enquiry: ['sms', 'telegram'], review: ['bale'] },
      },
      // Telegram chosen and linked, in English.
      {
        email: 'en@example.ir',
        role: 'sales',
        language: 'en',
        telegram_chat_id: '7002',
        notify_channels: { enquiry: ['telegram'] },
      },
      // Not their work, or not active: nothing at all.
      {
        email: 'editor@example.ir',
        role: 'editor',
        phone: '09120000003',
        bale_chat_id: '5003',
        notify_channels: { enquiry: ['sms', 'bale'], review: ['sms', 'bale'] },
      },
      {
        email: 'gone@example.ir',
        is_active: 0,
        phone: '09120000004',
        bale_chat_id: '5004',
        notify_channels: { enquiry: ['sms', 'bale'] },
      },
      // A choice that is not JSON is no choice.
      {
        email: 'broken@example.ir',
        phone: '09120000005',
        bale_chat_id: '5005',
        notify_channels: '{"enquiry":',
      },
      { email: 'odd@example.ir', phone: '09120000006', bale_chat_id: '5006', notify_channels: '["sms"]' },
    ]);
    const answer = await enquire(app, 'en', { phone: '02112345678', description: 'Price of 20 kg?' });
    const id = (answer.json() as { id: number }).id;
    const reference = `E-${String(id).padStart(6, '0')}`;
    const persian = reference.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const link = `${BASE_URL}/admin/enquiries/${id}`;
    const rows = await outboxRows();
    expect(rows.map((r) => [r.kind, r.topic, r.recipient])).toEqual([
      ['email', 'enquiry.created', 'owner@example.ir'],
      ['sms', 'enquiry.created', '09120000001'],
      ['bale', 'enquiry.created', '5001'],
      ['email', 'enquiry.created', 'sales@example.ir'],
      ['telegram', 'enquiry.created', '7002'],
    ]);
    expect(JSON.parse(rows[1]!.payload)).toEqual({
      kind: 'staff_enquiry',
      language: 'fa',
      params: [
        ['reference', reference],
        ['link', link],
      ],
    });

    await drain();
    expect(lookupOf(sends()[0]!)).toEqual({
      receptor: '09120000001',
      template: 'staff-enquiry',
      token: reference,
      token2: link,
    });
    const [bale] = botCalls(BALE_TOKEN);
    expect(bale!.chat_id).toBe('5001');
    expect(bale!.text).toBe(
      [`درخواست تازه ${persian}`, 'محصول: درخواست عمومی', 'تلفن: 02112345678', link].join('\n'),
    );
    const [telegram] = botCalls(TELEGRAM_TOKEN);
    expect(telegram!.chat_id).toBe('7002');
    expect(telegram!.text).toBe(
      [`New enquiry ${reference}`, 'Product: General request', 'Phone: 02112345678', link].join('\n'),
    );

    // A held review: Telegram and SMS for the owner (the review template), Bale for nobody (not linked).
    await app.database.db.deleteFrom('outbox').execute();
    const channels = await app.channels.setup();
    await app.database.db.transaction().execute((trx) =>
      notifyHeldReview(trx, {
        review: {
          id: 3,
          product_id: 1,
          product_title: 'Akbari pistachio',
          name: 'Sara',
          email: '',
          content: 'Fresh!',
          creation_date: new Date().toISOString(),
        },
        baseUrl: BASE_URL,
        channels,
      }),
    );
    const reviewRows = await outboxRows();
    expect(reviewRows.map((r) => [r.kind, r.topic, r.recipient])).toEqual([
      ['sms', 'review.held', '09120000001'],
      ['telegram', 'review.held', '7001'],
    ]);
    expect(JSON.parse(reviewRows[0]!.payload)).toEqual({
      kind: 'staff_review',
      language: 'fa',
      params: [['link', `${BASE_URL}/admin/reviews?status=held`]],
    });
    expect(JSON.parse(reviewRows[1]!.payload)).toEqual({
      text: [
        'دیدگاه تازه در انتظار تأیید',
        'محصول: Akbari pistachio',
        'نام: Sara',
        `${BASE_URL}/admin/reviews?status=held`,
      ].join('\n'),
    });

    // Without a gateway or bots, the same choices write mail only.
    await app.database.db.deleteFrom('outbox').execute();
    await enquire(bare, 'en', { phone: '09121234567' });
    expect((await outboxRows()).map((r) => [r.kind, r.recipient])).toEqual([
      ['email', 'owner@example.ir'],
      ['email', 'sales@example.ir'],
    ]);
  });

  it('a failing channel is told once an hour to those who chose it, over their other channels, never itself', async () => {
    await addStaff([
      {
        email: 'watch@example.ir',
        language: 'en',
        phone: '09120000001',
        bale_chat_id: '5001',
        notify_channels: { channel_failing: ['email', 'sms', 'bale'] },
      },
      {
        email: 'sales@example.ir',
        role: 'sales',
        language: 'fa',
        telegram_chat_id: '7001',
        notify_channels: { channel_failing: ['telegram'] },
      },
      { email: 'quiet@example.ir', bale_chat_id: '5002', notify_channels: { enquiry: ['bale'] } },
    ]);
    // Three codes refused together for lack of credit: one notice, not three.
    sms.reply(kavenegarRefused(418, 'اعتبار حساب شما کافی نیست'));
    for (const code of ['111111', '222222', '333333'])
      await addSms({ kind: 'otp', language: 'fa', params: [['code', code]] });
    expect(await app.outbox.runOnce()).toBe(3);
    const link = `${BASE_URL}/admin/settings?kind=sms&status=failed#deliveries`;
    let notices = (await outboxRows()).filter((r) => r.topic === 'channel.failing');
    expect(notices.map((r) => [r.kind, r.recipient, r.status])).toEqual([
      ['email', 'watch@example.ir', 'pending'],
      ['bale', '5001', 'pending'],
      ['telegram', '7001', 'pending'],
    ]);
    const mail = JSON.parse(notices[0]!.payload) as { subject: string; text: string };
    expect(mail.subject).toBe('Sending by SMS is failing');
    expect(mail.text).toContain('Sending messages by SMS is failing: the account has no credit left.');
    expect(mail.text).toContain('Kavenegar 418');
    expect(mail.text).toContain(link);

    await drain();
    expect(botCalls(BALE_TOKEN)).toEqual([
      {
        chat_id: '5001',
        text: [
          'Sending messages by SMS is failing: the account has no credit left.',
          'The provider said: Kavenegar 418: اعتبار حساب شما کافی نیست',
          link,
        ].join('\n'),
      },
    ]);
    expect(botCalls(TELEGRAM_TOKEN)[0]!.text).toContain(
      'فرستادن پیام با پیامک ناموفق است: اعتبار حساب تمام شده است.',
    );

    // Another failure within the hour: no second notice.
    await addSms({ kind: 'otp', language: 'fa', params: [['code', '444444']] });
    await drain();
    notices = (await outboxRows()).filter((r) => r.topic === 'channel.failing');
    expect(notices).toHaveLength(3);

    // Bale blocked by the user: its own notice goes by mail and Telegram, never by Bale.
    bots.reset();
    bots.reply({
      status: 403,
      body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    await enquire(app, 'fa', { phone: '02112345678' });
    await app.database.db
      .updateTable('staff')
      .set({
        notify_channels: JSON.stringify({
          enquiry: ['bale'],
          channel_failing: ['email', 'bale', 'telegram'],
        }),
      })
      .where('email', '=', 'quiet@example.ir')
      .execute();
    await app.database.db
      .updateTable('staff')
      .set({ telegram_chat_id: '7002' })
      .where('email', '=', 'quiet@example.ir')
      .execute();
    await app.outbox.runOnce();
    const baleNotices = (await outboxRows()).filter(
      (r) => r.topic === 'channel.failing' && r.payload.startsWith('{"failing":"bale"'),
    );
    expect(baleNotices.map((r) => [r.kind, r.recipient])).toEqual([
      ['email', 'watch@example.ir'],
      ['telegram', '7001'],
      ['email', 'quiet@example.ir'],
      ['telegram', '7002'],
    ]);
    expect((await deliveries('kind=bale&status=failed')).results[0]).toMatchObject({
      reason: 'chat_unreachable',
    });

    // An hour later the same channel may be told again.
    bots.reply(botSent);
    const { last } = await app.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    await app.database.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 3_700_000).toISOString() })
      .where('topic', '=', 'channel.failing')
      .execute();
    await addSms({ kind: 'otp', language: 'fa', params: [['code', '555555']] });
    await app.outbox.runOnce();
    const fresh = (await outboxRows()).filter((r) => r.id > Number(last) && r.topic === 'channel.failing');
    expect(fresh.every((r) => r.payload.startsWith('{"failing":"sms"'))).toBe(true);
    expect(fresh.map((r) => [r.kind, r.recipient])).toEqual([
      ['email', 'watch@example.ir'],
      ['bale', '5001'],
      ['telegram', '7001'],
      ['email', 'quiet@example.ir'],
      ['bale', '5002'],
      ['telegram', '7002'],
    ]);
  });

  it('a message given up on after its last attempt is told too; a code that expired after failed sends is', async () => {
    const limited = await appOn(store(), {
      outboxMaxAttempts: 2,
      smsOverrides: app.config.smsOverrides,
      bale: app.config.bale,
      telegram: app.config.telegram,
    });
    try {
      await addStaff([{ email: 'watch@example.ir', notify_channels: { channel_failing: ['email'] } }]);
      sms.reply({ status: 503, raw: 'down' });
      const { id } = await addSms({ kind: 'otp', language: 'fa', params: [['code', '111111']] });
      await limited.outbox.runOnce();
      await sleep(40);
      await limited.outbox.runOnce();
      const rows = await outboxRows();
      expect(rows[0]).toMatchObject({ id, status: 'failed', attempts: 2, reason: null });
      expect(rows.slice(1).map((r) => [r.kind, r.topic, r.recipient])).toEqual([
        ['email', 'channel.failing', 'watch@example.ir'],
      ]);
      expect(JSON.parse(rows[1]!.payload)).toMatchObject({
        failing: 'sms',
        subject: 'فرستادن با پیامک ناموفق است',
      });

      // A code that failed once and then ran out of time says the gateway is down.
      await app.database.db.deleteFrom('outbox').execute();
      const code = { kind: 'otp', language: 'fa', params: [['code', '222222']] };
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const late = await addSms({ ...code, expires_at: inAnHour });
      await app.outbox.runOnce();
      // Its minutes ran out while it waited for its next attempt.
      await app.database.db
        .updateTable('outbox')
        .set({
          payload: JSON.stringify({ ...code, expires_at: new Date(Date.now() - 1000).toISOString() }),
          next_attempt_at: new Date(Date.now() - 1000).toISOString(),
        })
        .where('id', '=', late.id)
        .execute();
      await app.outbox.runOnce();
      const after = await outboxRows();
      expect(after[0]).toMatchObject({ status: 'failed', reason: 'expired', attempts: 2 });
      expect(after.slice(1).map((r) => r.topic)).toEqual(['channel.failing']);
    } finally {
      await limited.close();
    }
  });

  it('the dashboard warns the owner of low credit and of a failing channel; others see no warnings', async () => {
    sms.reply({
      status: 200,
      body: {
        return: { status: 200, message: 'تایید شد' },
        entries: { remaincredit: 120_000, type: 'master' },
      },
    });
    app.channels.changed();
    const now = new Date().toISOString();
    const failedRow = (kind: string) => ({
      kind,
      topic: 'otp',
      recipient: '09121234567',
      webhook_id: null,
      payload: '{}',
      status: 'failed',
      last_error: 'Kavenegar 418: اعتبار حساب شما کافی نیست',
      reason: 'no_credit',
      next_attempt_at: now,
      created_at: now,
    });
    // Three SMS and two Bale given up on today; an old SMS failure does not count.
    await app.database.db
      .insertInto('outbox')
      .values([
        failedRow('sms'),
        failedRow('sms'),
        failedRow('sms'),
        failedRow('bale'),
        failedRow('bale'),
        { ...failedRow('sms'), created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() },
      ])
      .execute();

    const board = (
      await injectAs(app, agents.owner, { method: 'GET', url: '/admin/api/dashboard' })
    ).json() as Dashboard;
    expect(board.channel_warnings).toEqual([
      {
        channel: 'sms',
        kind: 'low_credit',
        balance: { amount: 120_000, unit: 'IRR' },
        failed: 3,
        last_error: 'Kavenegar 418: اعتبار حساب شما کافی نیست',
      },
      {
        channel: 'sms',
        kind: 'failing',
        balance: { amount: 120_000, unit: 'IRR' },
        failed: 3,
        last_error: 'Kavenegar 418: اعتبار حساب شما کافی نیست',
      },
    ]);
    expect(sms.seen.map((r) => r.path)).toEqual([`/v1/${API_KEY}/account/info.json`]);
    const sales = (
      await injectAs(app, agents.sales, { method: 'GET', url: '/admin/api/dashboard' })
    ).json() as Dashboard;
    expect(sales.channel_warnings).toEqual([]);

    // Enough credit and fewer failures: no warnings. Without a gateway, no credit to tell.
    sms.reply({ status: 200, body: { return: { status: 200 }, entries: { remaincredit: 9_000_000 } } });
    app.channels.changed();
    await app.database.db
      .deleteFrom('outbox')
      .where('kind', '=', 'sms')
      .where('status', '=', 'failed')
      .execute();
    expect(await channelWarnings(app.database.db, app.channels)).toEqual([]);
    expect(await channelWarnings(bare.database.db, bare.channels)).toEqual([]);
  });
});
