import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig, type AppConfig } from '../src/config.ts';
import { STORE_KEY } from '../src/modules/catalogue/format.ts';
import {
  listDeliveries,
  mailStatus,
  notifyHeldReview,
  notifyNewEnquiry,
  retryDelivery,
  signWebhook,
  type EnquiryNotice,
} from '../src/modules/outbox/notify.ts';
import { backoffDelay, messageIdFor, OutboxWorker, outboxOptions } from '../src/modules/outbox/outbox.ts';
import { newFollowToken } from '../src/modules/enquiries/follow-link.ts';
import { ENQUIRY_COLUMNS } from '../src/modules/enquiries/repository.ts';
import { describeEachDatabase, type TestStore } from './support/databases.ts';

// ---- a real SMTP server that refuses mail on purpose ------------------------------------------------

interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  headers: Map<string, string>;
  messageId: string;
  subject: string;
  text: string;
  html: string;
}

const smtp = {
  server: undefined as SMTPServer | undefined,
  port: 0,
  /** DATA commands still to refuse (451: try again later). */
  refuse: 0,
  refused: 0,
  received: [] as ReceivedMail[],
};

/** Decodes quoted-printable (or Q-encoding with `_` for spaces) into UTF-8 text. */
function decodeQuotedPrintable(value: string, underscores = false): string {
  const latin = (underscores ? value.replace(/_/g, ' ') : value)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin, 'latin1').toString('utf8');
}

/** Decodes a header's MIME encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text, true),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Enough of MIME for the mails the outbox sends: a text part and an HTML part. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const at = part.indexOf('\r\n\r\n');
      const partHeaders = parseHeaders(part.slice(0, at).trim());
      parts.push({
        type: partHeaders.get('content-type') ?? '',
        content: decodeBody(partHeaders, part.slice(at + 4).replace(/\r\n$/, '')),
      });
    }
  } else {
    parts.push({ type: headers.get('content-type') ?? '', content: decodeBody(headers, body) });
  }
  return {
    to,
    headers,
    messageId: headers.get('message-id') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content.replace(/\r\n/g, '\n') ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content.replace(/\r\n/g, '\n') ?? '',
  };
}

// ---- a real webhook receiver that checks the signature ----------------------------------------------

interface WebhookCall {
  headers: http.IncomingHttpHeaders;
  body: string;
  signatureValid: boolean;
  answered: number;
}

const SECRET = 'a-webhook-secret-of-the-test';
const receiver = {
  server: undefined as http.Server | undefined,
  url: '',
  /** Requests still to answer 500. */
  fail: 0,
  /** Answer nothing (until the sender gives up). */
  hang: false,
  calls: [] as WebhookCall[],
};

beforeAll(async () => {
  smtp.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (smtp.refuse > 0) {
          smtp.refuse -= 1;
          smtp.refused += 1;
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        smtp.received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.server!.listen(0, '127.0.0.1', resolve));
  smtp.port = (smtp.server.server.address() as AddressInfo).port;

  receiver.server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.hang) return;
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-storefront-timestamp'] ?? '');
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
      const signatureValid = request.headers['x-storefront-signature'] === expected;
      let answered = signatureValid ? 200 : 401;
      if (signatureValid && receiver.fail > 0) {
        receiver.fail -= 1;
        answered = 500;
      }
      receiver.calls.push({ headers: request.headers, body, signatureValid, answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/storefront`;
});

afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise((resolve) => receiver.server?.close(resolve) ?? resolve(undefined));
  await new Promise<void>((resolve) => (smtp.server ? smtp.server.close(resolve) : resolve()));
});

// ---- helpers -----------------------------------------------------------------------------------------

const BASE_URL = 'https://shop.example.ir';
const MAIL_FROM = 'Sample Store <shop@example.ir>';

/** An app on the suite's store; the worker is driven by runOnce(), with short delays between retries. */
function outboxApp(store: TestStore, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  return buildApp({
    ...store.config,
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: MAIL_FROM,
    outboxWorker: false,
    outboxBackoffMs: 5,
    outboxBackoffMaxMs: 20,
    ...overrides,
  });
}

interface StaffInput {
  email: string;
  role?: string;
  language?: string;
  notify_enquiries?: number;
  notify_reviews?: number;
  is_active?: number;
}

async function addStaff(app: FastifyInstance, staff: StaffInput[]): Promise<void> {
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
        notify_enquiries: s.notify_enquiries ?? 1,
        notify_reviews: s.notify_reviews ?? 0,
      })),
    )
    .execute();
}

async function addWebhook(app: FastifyInstance, url = receiver.url, active = 1): Promise<number> {
  const row = await app.database.db
    .insertInto('webhooks')
    .values({ url, secret: SECRET, active, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores an enquiry and its notifications in one transaction, as the order route does. */
async function addEnquiry(
  app: FastifyInstance,
  fields: Partial<Omit<EnquiryNotice, 'id' | 'created_at'>> = {},
  options: { storeName?: string; fail?: boolean } = {},
): Promise<EnquiryNotice> {
  // Read outside the transaction: on SQLite its one connection is held by the transaction.
  const channels = await app.channels.setup();
  return app.database.db.transaction().execute(async (trx) => {
    const order = await trx
      .insertInto('enquiries')
      .values({
        product_id: null,
        product_title: fields.product_title ?? 'Akbari pistachio',
        user_id: null,
        phone: fields.phone ?? '09121234567',
        email: fields.email ?? '',
        description: fields.description ?? 'Please send a price for 20 kg.',
        language: fields.language ?? 'en',
        created_at: new Date().toISOString(),
      })
      .returning(ENQUIRY_COLUMNS)
      .executeTakeFirstOrThrow();
    await notifyNewEnquiry(trx, {
      order,
      baseUrl: BASE_URL,
      followToken: newFollowToken(),
      channels,
      ...(options.storeName !== undefined ? { storeName: options.storeName } : {}),
    });
    if (options.fail) throw new Error('the enquiry could not be stored');
    return order;
  });
}

const outboxRows = (app: FastifyInstance) =>
  app.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

/** Runs passes until nothing is pending (the retries' delays are a few ms here). */
async function drain(app: FastifyInstance, passes = 30): Promise<void> {
  for (let i = 0; i < passes; i += 1) {
    await app.outbox.runOnce();
    const left = await app.database.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!left) return;
    await sleep(25);
  }
  throw new Error('the outbox did not drain');
}

const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

// ---- the tests -----------------------------------------------------------------------------------------

describeEachDatabase('the notifications outbox', (store) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await outboxApp(store());
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    const db = app.database.db;
    await db.deleteFrom('outbox').execute();
    await db.deleteFrom('webhooks').execute();
    await db.deleteFrom('staff').execute();
    await db.deleteFrom('meta').where('key', '=', STORE_KEY).execute();
    smtp.refuse = 0;
    smtp.refused = 0;
    smtp.received = [];
    receiver.fail = 0;
    receiver.hang = false;
    receiver.calls = [];
  });

  it('mails a new enquiry to the staff who asked for it, in their language, once the mail server is back, exactly once', async () => {
    await addStaff(app, [
      { email: 'owner@example.ir', role: 'owner', language: 'fa' },
      { email: 'sales@example.ir', role: 'sales', language: 'en' },
      { email: 'editor@example.ir', role: 'editor' },
      { email: 'quiet@example.ir', role: 'sales', notify_enquiries: 0 },
      { email: 'gone@example.ir', role: 'owner', is_active: 0 },
    ]);
    const order = await addEnquiry(app, { product_title: 'Akbari pistachio', email: '' });
    const rows = await outboxRows(app);
    expect(rows.map((r) => [r.kind, r.topic, r.recipient, r.status])).toEqual([
      ['email', 'enquiry.created', 'owner@example.ir', 'pending'],
      ['email', 'enquiry.created', 'sales@example.ir', 'pending'],
    ]);

    // The mail server refuses the first two attempts of each.
    smtp.refuse = 4;
    expect(await app.outbox.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(0);
    let after = await outboxRows(app);
    for (const row of after) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, response_status: 451, locked_until: null });
      expect(row.last_error).toMatch(/451|try again/i);
      expect(row.next_attempt_at > row.created_at).toBe(true);
    }
    const status = await mailStatus(app.database.db, app.config);
    expect(status).toMatchObject({ configured: true, from: MAIL_FROM, pending: 2, failed: 0 });
    expect(status.last_error).toMatch(/try again/);

    // Not due yet within the same pass; due after the (short) backoff.
    await sleep(40);
    expect(await app.outbox.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(0);
    await sleep(40);
    expect(await app.outbox.runOnce()).toBe(2);
    expect(smtp.refused).toBe(4);
    expect(smtp.received).toHaveLength(2);

    after = await outboxRows(app);
    for (const row of after) {
      expect(row).toMatchObject({ status: 'sent', attempts: 3, locked_until: null });
      expect(row.sent_at).not.toBeNull();
    }
    const [fa] = mailTo('owner@example.ir');
    const [en] = mailTo('sales@example.ir');
    const reference = `E-${String(order.id).padStart(6, '0')}`;
    const persianReference = reference.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(fa!.subject).toBe(`درخواست تازه ${persianReference}: Akbari pistachio`);
    expect(fa!.html).toContain('<html lang="fa" dir="rtl">');
    expect(fa!.text).toContain('09121234567');
    expect(fa!.text).toContain(`${BASE_URL}/admin/enquiries/${order.id}`);
    expect(fa!.html).toContain(`href="${BASE_URL}/admin/enquiries/${order.id}"`);
    expect(en!.subject).toBe(`New enquiry ${reference}: Akbari pistachio`);
    expect(en!.html).toContain('<html lang="en" dir="ltr">');
    expect(en!.text).toContain('Please send a price for 20 kg.');
    expect(en!.headers.get('from')).toContain('shop@example.ir');
    for (const [mail, row] of [
      [fa!, after[0]!],
      [en!, after[1]!],
    ] as const) {
      expect(mail.messageId).toBe(messageIdFor(row, 'shop.example.ir'));
      expect(mail.messageId).toMatch(new RegExp(`^<outbox-${row.id}\\.[0-9a-f]{16}@shop\\.example\\.ir>$`));
    }

    // Nothing more is sent.
    await sleep(30);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
    expect(await mailStatus(app.database.db, app.config)).toEqual({
      configured: true,
      from: MAIL_FROM,
      pending: 0,
      failed: 0,
      last_error: null,
    });
  });

  it('writes nothing when the enquiry’s transaction rolls back', async () => {
    await addStaff(app, [{ email: 'owner@example.ir' }]);
    await addWebhook(app);
    await expect(addEnquiry(app, { email: 'visitor@example.com' }, { fail: true })).rejects.toThrow();
    expect(await outboxRows(app)).toEqual([]);
  });

  it('posts a new enquiry to every active webhook, signed, and retries the same body until it is taken', async () => {
    const webhookId = await addWebhook(app);
    await addWebhook(app, `${receiver.url}/disabled`, 0);
    const order = await addEnquiry(app, {
      product_title: '',
      description: 'سلام، قیمت فرش؟',
      language: 'fa',
    });
    const [row, ...others] = await outboxRows(app);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ kind: 'webhook', topic: 'enquiry.created', webhook_id: webhookId });
    expect(JSON.parse(row!.payload)).toEqual({
      event: 'enquiry.created',
      delivery: row!.id,
      enquiry: {
        id: order.id,
        reference: `E-${String(order.id).padStart(6, '0')}`,
        product_id: null,
        product_title: '',
        phone: '09121234567',
        email: '',
        description: 'سلام، قیمت فرش؟',
        language: 'fa',
        created_at: order.created_at,
      },
    });

    receiver.fail = 1;
    expect(await app.outbox.runOnce()).toBe(1);
    let [after] = await outboxRows(app);
    expect(after).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
      last_error: 'HTTP 500',
    });
    await sleep(40);
    expect(await app.outbox.runOnce()).toBe(1);
    [after] = await outboxRows(app);
    expect(after).toMatchObject({ status: 'sent', attempts: 2, response_status: 200 });

    expect(receiver.calls.map((c) => [c.signatureValid, c.answered])).toEqual([
      [true, 500],
      [true, 200],
    ]);
    for (const call of receiver.calls) {
      expect(call.body).toBe(row!.payload);
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-storefront-event']).toBe('enquiry.created');
      expect(call.headers['x-storefront-delivery']).toBe(String(row!.id));
      expect(Math.abs(Number(call.headers['x-storefront-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(call.headers['x-storefront-signature']).toBe(
        signWebhook(SECRET, String(call.headers['x-storefront-timestamp']), call.body),
      );
    }

    // The delivery history, as the back office lists it.
    const history = await listDeliveries(app.database.db, { page: 1, page_size: 10, webhook: webhookId });
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      id: row!.id,
      kind: 'webhook',
      topic: 'enquiry.created',
      recipient: receiver.url,
      status: 'sent',
      attempts: 2,
      response_status: 200,
      last_error: 'HTTP 500',
    });
    expect((await listDeliveries(app.database.db, { page: 1, page_size: 10, kind: 'email' })).count).toBe(0);
    expect((await listDeliveries(app.database.db, { page: 1, page_size: 10, status: 'sent' })).count).toBe(1);
    expect((await listDeliveries(app.database.db, { page: 2, page_size: 10 })).results).toEqual([]);
  });

  it('retries a webhook that does not answer in time, and gives up on a deleted one', async () => {
    await addWebhook(app);
    await addEnquiry(app);
    receiver.hang = true;
    const worker = new OutboxWorker(
      app.database.db,
      { ...outboxOptions(app.config), webhookTimeoutMs: 300 },
      app.log,
      app.channels,
    );
    expect(await worker.runOnce()).toBe(1);
    const [row] = await outboxRows(app);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(row!.last_error).toMatch(/timeout|aborted/i);
    await worker.stop();

    receiver.hang = false;
    await app.database.db.deleteFrom('webhooks').execute();
    await sleep(40);
    expect(await app.outbox.runOnce()).toBe(1);
    expect((await outboxRows(app))[0]).toMatchObject({
      status: 'failed',
      last_error: 'The webhook was deleted.',
    });
  });

  it('sends a row held by a crashed worker once its lease runs out, and never sends a sent row again', async () => {
    await addStaff(app, [{ email: 'owner@example.ir', language: 'en' }]);
    await addEnquiry(app);
    const [row] = await outboxRows(app);
    const db = app.database.db;

    // A worker claimed it (lease for an hour) and died.
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await db
      .updateTable('outbox')
      .set({ locked_until: inAnHour, attempts: 1 })
      .where('id', '=', row!.id)
      .execute();
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    // The lease ran out: sent once.
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('outbox').set({ locked_until: past }).where('id', '=', row!.id).execute();
    expect(await app.outbox.runOnce()).toBe(1);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRows(app))[0]).toMatchObject({ status: 'sent', attempts: 2, locked_until: null });

    // A sent row is never sent again, however due it looks.
    await db.updateTable('outbox').set({ next_attempt_at: past }).execute();
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);

    // A worker that died after the server took the mail but before marking it: the copy sent again
    // carries the same Message-ID, so a mail client shows one message.
    await db
      .updateTable('outbox')
      .set({ status: 'pending', sent_at: null, locked_until: past })
      .where('id', '=', row!.id)
      .execute();
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
    expect(smtp.received[1]!.headers.get('date')).toBe(smtp.received[0]!.headers.get('date'));
  });

  it('deletes sent messages after OUTBOX_KEEP_DAYS, never waiting or failed ones', async () => {
    await addStaff(app, [{ email: 'owner@example.ir', language: 'en' }]);
    await addWebhook(app);
    await addEnquiry(app);
    receiver.fail = 100;
    expect(await app.outbox.runOnce()).toBe(2);
    const db = app.database.db;
    const rows = await outboxRows(app);
    const mail = rows.find((r) => r.kind === 'email')!;
    const hook = rows.find((r) => r.kind === 'webhook')!;
    expect(mail).toMatchObject({ status: 'sent' });
    expect(hook).toMatchObject({ status: 'pending' });
    const day = 86_400_000;
    const keep = app.config.outboxKeepDays;
    expect(keep).toBe(90);
    // Not yet past the time kept: nothing goes.
    const worker = app.outbox as OutboxWorker;
    expect(await worker.prune(new Date(Date.now() + (keep - 1) * day))).toBe(0);
    // A failed one of the same age stays too (it reached nobody; the back office can retry it).
    await db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', hook.id).execute();
    expect(await worker.prune(new Date(Date.now() + (keep + 1) * day))).toBe(1);
    expect((await outboxRows(app)).map((r) => [r.id, r.status])).toEqual([[hook.id, 'failed']]);
  });

  it('shares the outbox between two workers on one database: each row is sent once', async () => {
    await addStaff(app, [
      { email: 'owner@example.ir', language: 'fa' },
      { email: 'sales@example.ir', role: 'sales', language: 'en' },
    ]);
    for (let i = 0; i < 6; i += 1) await addEnquiry(app, { description: `enquiry ${i}` });
    const other = await outboxApp(store());
    try {
      const [a, b] = await Promise.all([app.outbox.runOnce(), other.outbox.runOnce()]);
      expect(a + b).toBe(12);
    } finally {
      await other.close();
    }
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
    const rows = await outboxRows(app);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('keeps mail pending without SMTP_URL (webhooks still go), and sends it once mail is configured', async () => {
    const unconfigured = await outboxApp(store(), { smtpUrl: undefined, mailFrom: undefined });
    try {
      await addStaff(app, [{ email: 'owner@example.ir' }]);
      await addWebhook(app);
      await addEnquiry(app, { email: 'visitor@example.com' });
      expect(await unconfigured.outbox.runOnce()).toBe(1);
      expect(receiver.calls).toHaveLength(1);
      const emails = (await outboxRows(app)).filter((r) => r.kind === 'email');
      expect(emails).toHaveLength(2);
      for (const row of emails)
        expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
      await sleep(30);
      expect(await unconfigured.outbox.runOnce()).toBe(0);
      expect(await mailStatus(unconfigured.database.db, unconfigured.config)).toEqual({
        configured: false,
        from: null,
        pending: 2,
        failed: 0,
        last_error: null,
      });
    } finally {
      await unconfigured.close();
    }
    expect(smtp.received).toHaveLength(0);
    expect(await app.outbox.runOnce()).toBe(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['owner@example.ir', 'visitor@example.com']);
  });

  it('confirms the request to the visitor in the language it was sent in, with the reference', async () => {
    await app.database.db
      .insertInto('meta')
      .values({
        key: STORE_KEY,
        value: JSON.stringify({ name: { fa: 'فروشگاه نمونه', en: 'Sample Store' } }),
      })
      .execute();
    const fa = await addEnquiry(app, {
      language: 'fa',
      email: 'reza@example.com',
      product_title: 'فرش دست‌باف تبریز',
      description: 'قیمت <b>فرش</b> & "ابریشم"؟',
    });
    const en = await addEnquiry(app, {
      language: 'en',
      email: 'anna@example.com',
      product_title: '',
      description: 'Do you ship <abroad>?',
    });
    await drain(app);
    expect(smtp.received).toHaveLength(2);

    const [faMail] = mailTo('reza@example.com');
    const persian = `E-${String(fa.id).padStart(6, '0')}`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(faMail!.subject).toBe(`فروشگاه نمونه: درخواست شما ثبت شد (شماره پیگیری ${persian})`);
    expect(faMail!.text).toContain(persian);
    expect(faMail!.text).toContain('فرش دست‌باف تبریز');
    expect(faMail!.text).toContain('قیمت <b>فرش</b> & "ابریشم"؟');
    expect(faMail!.text).toContain('از راه تلفن یا ایمیل');
    expect(faMail!.html).toContain('<html lang="fa" dir="rtl">');
    expect(faMail!.html).toContain('قیمت &lt;b&gt;فرش&lt;/b&gt; &amp; &quot;ابریشم&quot;؟');
    expect(faMail!.html).not.toContain('<b>فرش</b>');

    const [enMail] = mailTo('anna@example.com');
    const reference = `E-${String(en.id).padStart(6, '0')}`;
    expect(enMail!.subject).toBe(`Sample Store: We received your request (reference ${reference})`);
    expect(enMail!.text).toContain(`Reference: ${reference}`);
    expect(enMail!.text).toContain('Product: General request');
    expect(enMail!.text).toContain('Do you ship <abroad>?');
    expect(enMail!.text).toMatch(/contact you soon by phone or at the email address/);
    expect(enMail!.html).toContain('<html lang="en" dir="ltr">');
    expect(enMail!.html).toContain('Do you ship &lt;abroad&gt;?');
    const rows = await outboxRows(app);
    expect(rows.map((r) => r.topic)).toEqual(['enquiry.confirmation', 'enquiry.confirmation']);
  });

  it('a neutral text without a store name', async () => {
    await addEnquiry(app, { language: 'en', email: 'anna@example.com' });
    await drain(app);
    expect(smtp.received[0]!.subject).toMatch(/^We received your request \(reference E-\d{6}\)$/);
  });

  it('gives up after the last attempt, keeps the message, and sends it when the back office retries', async () => {
    const limited = await outboxApp(store(), { outboxMaxAttempts: 2 });
    try {
      await addStaff(app, [{ email: 'owner@example.ir' }]);
      await addEnquiry(app);
      smtp.refuse = 100;
      expect(await limited.outbox.runOnce()).toBe(1);
      await sleep(40);
      expect(await limited.outbox.runOnce()).toBe(1);
      const [row] = await outboxRows(app);
      expect(row).toMatchObject({ status: 'failed', attempts: 2, response_status: 451 });
      await sleep(40);
      expect(await limited.outbox.runOnce()).toBe(0);
      const status = await mailStatus(app.database.db, app.config);
      expect(status).toMatchObject({ pending: 0, failed: 1 });
      expect(status.last_error).toMatch(/try again/);
      expect((await listDeliveries(app.database.db, { page: 1, page_size: 5, status: 'failed' })).count).toBe(
        1,
      );

      smtp.refuse = 0;
      const retried = await retryDelivery(app.database.db, row!.id);
      expect(retried).toMatchObject({ id: row!.id, status: 'pending', attempts: 0, kind: 'email' });
      expect(await limited.outbox.runOnce()).toBe(1);
      expect(mailTo('owner@example.ir')).toHaveLength(1);
      const sent = await retryDelivery(app.database.db, row!.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await limited.outbox.runOnce()).toBe(0);
      expect(await retryDelivery(app.database.db, 999_999)).toBeUndefined();
    } finally {
      await limited.close();
    }
    expect(smtp.received).toHaveLength(1);
  });

  it('mails a review held for moderation to the staff who chose it', async () => {
    await addStaff(app, [
      { email: 'owner@example.ir', language: 'en', notify_reviews: 1 },
      { email: 'sales@example.ir', role: 'sales', language: 'fa', notify_reviews: 1, notify_enquiries: 0 },
      { email: 'quiet@example.ir', role: 'sales', notify_reviews: 0 },
      { email: 'editor@example.ir', role: 'editor', notify_reviews: 1 },
    ]);
    const channels = await app.channels.setup();
    await app.database.db.transaction().execute((trx) =>
      notifyHeldReview(trx, {
        review: {
          id: 7,
          product_id: 1,
          product_title: 'Akbari pistachio',
          name: 'Sara',
          email: 'sara@example.com',
          content: 'Very <fresh>!',
          creation_date: new Date().toISOString(),
        },
        baseUrl: `${BASE_URL}/`,
        channels,
      }),
    );
    await drain(app);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['owner@example.ir', 'sales@example.ir']);
    const [en] = mailTo('owner@example.ir');
    expect(en!.subject).toBe('New review waiting for approval: Akbari pistachio');
    expect(en!.text).toContain(`${BASE_URL}/admin/reviews?status=held`);
    expect(en!.html).toContain('Very &lt;fresh&gt;!');
    const [fa] = mailTo('sales@example.ir');
    expect(fa!.subject).toBe('دیدگاه تازه در انتظار تأیید: Akbari pistachio');
    expect((await outboxRows(app)).every((r) => r.topic === 'review.held')).toBe(true);
  });

  it('runs in the background: a kick sends at once, and closing the app waits for the send', async () => {
    const running = await outboxApp(store(), { outboxWorker: true, outboxPollMs: 60_000 });
    try {
      await running.ready();
      await addStaff(app, [{ email: 'owner@example.ir' }]);
      await addWebhook(app);
      await addEnquiry(app);
      running.outbox.kick();
      running.outbox.kick();
      for (let i = 0; i < 100 && (smtp.received.length < 1 || receiver.calls.length < 1); i += 1)
        await sleep(20);
      expect(smtp.received).toHaveLength(1);
      expect(receiver.calls).toHaveLength(1);

      // A send in flight when the app closes is finished and recorded first.
      await addEnquiry(app);
      running.outbox.kick();
      await sleep(5);
    } finally {
      await running.close();
    }
    // Every send that happened was recorded before the database closed: no lease left behind, and
    // as many emails marked sent as the mail server received.
    const rows = await outboxRows(app);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.locked_until === null && ['sent', 'pending'].includes(r.status))).toBe(true);
    expect(rows.filter((r) => r.kind === 'email' && r.status === 'sent')).toHaveLength(smtp.received.length);
    expect(rows.filter((r) => r.kind === 'webhook' && r.status === 'sent')).toHaveLength(
      receiver.calls.length,
    );
  });
});

describe('notification settings and helpers', () => {
  it('reads SMTP_URL, MAIL_FROM and the outbox settings, naming bad ones', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.ir:465',
      MAIL_FROM: 'Shop <shop@example.ir>',
      OUTBOX_WORKER: 'false',
      OUTBOX_POLL_MS: '2000',
      OUTBOX_MAX_ATTEMPTS: '5',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.ir:465',
      mailFrom: 'Shop <shop@example.ir>',
      outboxWorker: false,
      outboxPollMs: 2000,
      outboxMaxAttempts: 5,
      outboxBackoffMs: 30_000,
      outboxBackoffMaxMs: 3_600_000,
      outboxKeepDays: 90,
    });
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, outboxWorker: true });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ir' })).toThrow(/MAIL_FROM.*must be set/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.ir', MAIL_FROM: 'a@b.ir' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
    expect(loadConfig({ OUTBOX_KEEP_DAYS: '30' }).outboxKeepDays).toBe(30);
    expect(() => loadConfig({ OUTBOX_KEEP_DAYS: '0' })).toThrow(/OUTBOX_KEEP_DAYS/);
    expect(() => loadConfig({ OUTBOX_KEEP_DAYS: '1e400' })).toThrow(/OUTBOX_KEEP_DAYS/);
  });

  it('signs a webhook body with HMAC-SHA256 over the timestamp and the body', () => {
    const body = '{"event":"enquiry.created"}';
    expect(signWebhook('secret', 1_700_000_000, body)).toBe(
      `sha256=${createHmac('sha256', 'secret').update(`1700000000.${body}`).digest('hex')}`,
    );
  });

  it('waits longer after each failure, with jitter, up to the cap', () => {
    for (let attempts = 1; attempts <= 30; attempts += 1) {
      const full = Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));
      expect(backoffDelay(attempts, 30_000, 3_600_000, () => 0)).toBe(full / 2);
      expect(backoffDelay(attempts, 30_000, 3_600_000, () => 0.999_999)).toBeLessThanOrEqual(full);
    }
    expect(backoffDelay(1, 30_000, 3_600_000, () => 1)).toBe(30_000);
    expect(backoffDelay(40, 30_000, 3_600_000, () => 1)).toBe(3_600_000);
  });
});
