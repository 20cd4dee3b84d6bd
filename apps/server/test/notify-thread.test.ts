import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { resolveJwtSecret } from '../src/lib/secret.ts';
import { followKey } from '../src/modules/enquiries/follow-link.ts';
import { EnquiryMessages } from '../src/modules/enquiries/messages.ts';
import { notifyStaffOfThread, notifyVisitorOfReply } from '../src/modules/outbox/notify-thread.ts';
import { describeEachDatabase } from './support/databases.ts';
import { startProviderServer, type ProviderServer, type SeenRequest } from './support/provider-server.ts';

/**
 * The quote loop's notices (issue 25), on SQLite and PostgreSQL: who on staff hears of the buyer's
 * message, acceptance or refusal (the assignee, else every active owner and sales member), on which
 * channels (mail, SMS `staff_thread`, Bale) and in which language; the buyer's SMS `reply` and mail
 * with a signed link; nothing written when the caller's transaction rolls back. Sent through a
 * stand-in Kavenegar and a stand-in Bot API over sockets.
 */

const BASE_URL = 'https://shop.example.ir';
const BALE_TOKEN = '111:bale-test-token';
const kavenegarSent = {
  status: 200,
  body: { return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 1 }] },
};
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
const lookupOf = (request: SeenRequest) => Object.fromEntries(new URLSearchParams(request.body));

describeEachDatabase('the quote loop tells each side', (store) => {
  let app: FastifyInstance;
  /** The same store with no SMS gateway and no bot. */
  let bare: FastifyInstance;
  let secret: string;
  const staffIds: Record<string, number> = {};

  beforeAll(async () => {
    const base = { ...store().config, publicUrl: BASE_URL, outboxWorker: false, rateLimits: 'off' as const };
    app = await buildApp({
      ...base,
      smsOverrides: {
        provider: 'kavenegar',
        apiKey: 'key',
        sender: undefined,
        baseUrl: sms.url,
        templates: { reply: 'reply-fa', staff_thread: 'staff-thread' },
      },
      bale: { token: BALE_TOKEN, apiUrl: bots.url },
    });
    bare = await buildApp(base);
    secret = resolveJwtSecret(store().config.jwtSecret, store().config.dataDir);
    const people: [email: string, role: string, extra: Record<string, unknown>][] = [
      ['owner@x.ir', 'owner', { notify_enquiries: 1, language: 'en' }],
      [
        'sales@x.ir',
        'sales',
        {
          notify_enquiries: 0,
          phone: '09120000001',
          bale_chat_id: '5001',
          notify_channels: JSON.stringify({ thread: ['sms', 'bale'] }),
        },
      ],
      ['quiet@x.ir', 'sales', { notify_enquiries: 0 }],
      ['editor@x.ir', 'editor', { notify_enquiries: 1 }],
      ['gone@x.ir', 'sales', { notify_enquiries: 1, is_active: 0 }],
    ];
    for (const [email, role, extra] of people) {
      const { id } = await app.database.db
        .insertInto('staff')
        .values({
          email,
          name: email.split('@')[0]!,
          password_hash: 'x',
          role,
          created_at: new Date().toISOString(),
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      staffIds[email] = id;
    }
  });
  afterAll(async () => {
    await bare?.close();
    await app?.close();
  });
  beforeEach(async () => {
    await app.database.db.deleteFrom('outbox').execute();
    sms.reset();
    sms.reply(kavenegarSent);
    bots.reset();
    bots.reply(botSent);
  });

  async function enquiry(lang: 'fa' | 'en', contact: { phone?: string; email?: string } = {}) {
    const sent = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/-1/orders/`,
      payload: { phone: '09121234567', email: 'buyer@example.com', description: 'x', ...contact },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: number };
    await app.database.db.deleteFrom('outbox').execute();
    return id;
  }
  const rows = () => app.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const tellStaff = (
    target: FastifyInstance,
    enquiryId: number,
    event: 'message' | 'accepted' | 'declined',
    more = {},
  ) =>
    // The channels' setup is read before the transaction, as the routes do (SQLite has one connection).
    target.channels
      .setup()
      .then((channels) =>
        target.database.db
          .transaction()
          .execute(async (trx) =>
            notifyStaffOfThread(trx, { enquiryId, event, baseUrl: BASE_URL, channels, ...more }),
          ),
      );

  it("the buyer's message, unassigned: every active owner and sales member on the channels they chose, in their language", async () => {
    const id = await enquiry('fa');
    await EnquiryMessages.of(app).post(id, { author: 'visitor', body: 'آیا تخفیف دارید؟' });
    const written = (await rows()).filter((r) => r.topic === 'enquiry.thread');
    expect(written.map((r) => [r.kind, r.recipient]).sort()).toEqual(
      [
        ['bale', '5001'],
        ['email', 'owner@x.ir'],
        ['sms', '09120000001'],
      ].sort(),
    );
    const link = `${BASE_URL}/admin/enquiries/${id}`;
    const reference = `E-${String(id).padStart(6, '0')}`;
    const mail = JSON.parse(written.find((r) => r.kind === 'email')!.payload) as {
      subject: string;
      text: string;
    };
    // The owner reads English: the subject, the buyer's message quoted, the back office's link.
    expect(mail.subject).toBe(`New message from the buyer on ${reference}`);
    expect(mail.text).toContain('آیا تخفیف دارید؟');
    expect(mail.text).toContain(link);
    const text = JSON.parse(written.find((r) => r.kind === 'sms')!.payload) as unknown;
    expect(text).toEqual({
      kind: 'staff_thread',
      language: 'fa',
      params: [
        ['reference', reference],
        ['link', link],
      ],
    });
    // The buyer's message makes the enquiry unread again in the inbox.
    const { read_at } = await app.database.db
      .selectFrom('enquiries')
      .select('read_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(read_at).toBeNull();

    // Sent: the SMS through the stand-in gateway with the staff template, the Bale message to the chat.
    for (let i = 0; i < 5; i += 1) await app.outbox.runOnce();
    const lookups = sms.seen.filter((r) => r.path.endsWith('/verify/lookup.json'));
    expect(lookups.map(lookupOf)).toEqual([
      { receptor: '09120000001', template: 'staff-thread', token: reference, token2: link },
    ]);
    const bale = bots.seen.filter((r) => r.path === `/bot${BALE_TOKEN}/sendMessage`);
    expect(bale).toHaveLength(1);
    const sent = JSON.parse(bale[0]!.body) as { chat_id: string; text: string };
    expect(sent.chat_id).toBe('5001');
    expect(sent.text).toContain('آیا تخفیف دارید؟');
    expect(sent.text).toContain(link);
  });

  it('an assigned enquiry: only its assignee hears; an inactive assignee is nobody, so everyone does', async () => {
    const id = await enquiry('fa');
    await app.database.db
      .updateTable('enquiries')
      .set({ assignee_id: staffIds['owner@x.ir']! })
      .where('id', '=', id)
      .execute();
    await tellStaff(app, id, 'accepted', { quote: 2 });
    const toOwner = await rows();
    expect(toOwner.map((r) => [r.kind, r.recipient])).toEqual([['email', 'owner@x.ir']]);
    const mail = JSON.parse(toOwner[0]!.payload) as { subject: string; text: string };
    expect(mail.subject).toBe(`The quote for E-${String(id).padStart(6, '0')} was accepted`);
    expect(mail.text).toContain('Quote: version 2');

    await app.database.db.deleteFrom('outbox').execute();
    await app.database.db
      .updateTable('enquiries')
      .set({ assignee_id: staffIds['gone@x.ir']! })
      .where('id', '=', id)
      .execute();
    await tellStaff(app, id, 'declined', { quote: 1 });
    const recipients = (await rows()).map((r) => r.recipient).sort();
    expect(recipients).toEqual(['09120000001', '5001', 'owner@x.ir'].sort());
    expect(recipients).not.toContain('gone@x.ir');
    expect(recipients).not.toContain('editor@x.ir');
  });

  it('in Persian, a declined quote says so with Persian digits', async () => {
    const id = await enquiry('fa');
    await app.database.db
      .updateTable('staff')
      .set({ language: 'fa' })
      .where('id', '=', staffIds['owner@x.ir']!)
      .execute();
    await tellStaff(app, id, 'declined', { quote: 3 });
    const mail = JSON.parse((await rows()).find((r) => r.kind === 'email')!.payload) as {
      subject: string;
      text: string;
      html: string;
    };
    const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(mail.subject).toBe(`پیش‌فاکتور درخواست ${persian(`E-${String(id).padStart(6, '0')}`)} رد شد`);
    expect(mail.text).toContain('نسخه ۳');
    expect(mail.html).toContain('dir="rtl"');
    await app.database.db
      .updateTable('staff')
      .set({ language: 'en' })
      .where('id', '=', staffIds['owner@x.ir']!)
      .execute();
  });

  it('the buyer: a quote is told by SMS and mail with a signed link; no SMS without a template, no mail without an address', async () => {
    const id = await enquiry('fa');
    const channels = await app.channels.setup();
    await app.database.db
      .transaction()
      .execute(async (trx) =>
        notifyVisitorOfReply(trx, { enquiryId: id, kind: 'quote', baseUrl: BASE_URL, channels, secret }),
      );
    const written = await rows();
    expect(written.map((r) => [r.kind, r.topic, r.recipient])).toEqual([
      ['email', 'enquiry.reply', 'buyer@example.com'],
      ['sms', 'enquiry.reply', '09121234567'],
    ]);
    const payload = JSON.parse(written[1]!.payload) as { kind: string; params: [string, string][] };
    expect(payload.kind).toBe('reply');
    const link = payload.params[1]![1];
    expect(followKey(secret, /\/app\/e\/([^?]+)/.exec(link)![1]!)).toEqual({ id });
    const mail = JSON.parse(written[0]!.payload) as { subject: string; text: string };
    expect(mail.subject).toContain('پیش‌فاکتور درخواست شما');
    expect(mail.text).toContain(link);

    // The bare store: no SMS set up; a buyer without an email: no mail.
    await app.database.db.deleteFrom('outbox').execute();
    const noEmail = await enquiry('en', { email: '' });
    const none = await bare.channels.setup();
    await bare.database.db.transaction().execute(async (trx) =>
      notifyVisitorOfReply(trx, {
        enquiryId: noEmail,
        kind: 'message',
        baseUrl: BASE_URL,
        channels: none,
        secret,
      }),
    );
    expect(await rows()).toEqual([]);
  });

  it('written in the caller’s transaction: a rollback leaves nothing', async () => {
    const id = await enquiry('fa');
    const channels = await app.channels.setup();
    await expect(
      app.database.db.transaction().execute(async (trx) => {
        await notifyStaffOfThread(trx, { enquiryId: id, event: 'message', baseUrl: BASE_URL, channels });
        expect((await trx.selectFrom('outbox').select('id').execute()).length).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual([]);
    // An enquiry that does not exist is told to nobody.
    await tellStaff(app, 999_999, 'message');
    expect(await rows()).toEqual([]);
  });
});
