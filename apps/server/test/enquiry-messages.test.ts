import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX, type EnquiryMessage } from '@storefront/contracts';
import { buildApp } from '../src/app.ts';
import { resolveJwtSecret } from '../src/lib/secret.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import {
  attachmentType,
  cleanAttachmentName,
  contentDisposition,
} from '../src/modules/enquiries/attachments.ts';
import { followKey } from '../src/modules/enquiries/follow-link.ts';
import { EnquiryMessages } from '../src/modules/enquiries/messages.ts';
import { injectAs, staffSession, type StaffAgent } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { startProviderServer, type ProviderServer, type SeenRequest } from './support/provider-server.ts';

/**
 * An enquiry's thread (issue 25) on SQLite and PostgreSQL, through real HTTP (inject): staff read and reply from the back office, the buyer's side through
 * EnquiryMessages (what the follow page calls); files checked by their bytes (images decoded by
 * sharp, PDFs by header and trailer), names cleaned, served as downloads that no browser runs; one
 * thread never shows another's files; each side told, the buyer by a stand-in Kavenegar with a
 * signed link.
 */

const BASE_URL = 'https://shop.example.ir';
const API_KEY = 'kavenegar-test-key';
const PASSWORD = 'a long enough password';
const kavenegarSent = {
  status: 200,
  body: { return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343 }] },
};

let sms: ProviderServer;
beforeAll(async () => {
  sms = await startProviderServer(kavenegarSent);
});
afterAll(async () => {
  await sms?.close();
});
const lookupOf = (request: SeenRequest) => Object.fromEntries(new URLSearchParams(request.body));

/** A real PNG, JPEG or WebP of a few pixels. */
const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A multipart body as a browser sends it (FormData encoded by the platform). */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string; field?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      file.field ?? 'attachment',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe('attachments are judged by their bytes', () => {
  it('real images and PDFs pass; look-alikes, truncated images and PDFs without a trailer do not', async () => {
    expect(await attachmentType(await image('png'))).toBe('image/png');
    expect(await attachmentType(await image('jpeg'))).toBe('image/jpeg');
    expect(await attachmentType(await image('webp'))).toBe('image/webp');
    expect(await attachmentType(PDF)).toBe('application/pdf');
    const png = await image('png');
    // The PNG signature in front of text, a PNG cut in half, a PDF never finished, HTML and SVG.
    const refused = [
      Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
      png.subarray(0, Math.floor(png.length / 2)),
      PDF.subarray(0, 40),
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('GIF89a'),
      Buffer.alloc(0),
    ];
    for (const bytes of refused)
      expect(await attachmentType(bytes), bytes.toString('latin1', 0, 20)).toBe(undefined);
  });

  it('names lose their paths, control and bidi characters, keep 120 characters and their real extension', () => {
    expect(cleanAttachmentName('../../etc/passwd.png', 'image/png')).toBe('passwd.png');
    expect(cleanAttachmentName('C:\\Users\\x\\فاکتور ۱.PDF', 'application/pdf')).toBe('فاکتور ۱.pdf');
    expect(cleanAttachmentName('photo\u202egnp.exe', 'image/png')).toBe('photognp.exe.png');
    expect(cleanAttachmentName('a\u0000b\u0007c.jpeg', 'image/jpeg')).toBe('abc.jpeg');
    expect(cleanAttachmentName('', 'image/webp')).toBe('attachment.webp');
    expect(cleanAttachmentName('../', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanAttachmentName('...', 'image/jpeg')).toBe('attachment.jpg');
    const long = cleanAttachmentName(`${'ب'.repeat(300)}.png`, 'image/png');
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('.png')).toBe(true);
    expect(contentDisposition('فاکتور "۱".pdf')).toBe(
      `attachment; filename="______ ___.pdf"; filename*=UTF-8''${encodeURIComponent('فاکتور "۱".pdf')}`,
    );
  });
});

describeEachDatabase('the enquiry thread', (store) => {
  let app: FastifyInstance;
  let messages: EnquiryMessages;
  let secret: string;
  const agents = {} as Record<'owner' | 'sales' | 'editor', StaffAgent>;

  beforeAll(async () => {
    app = await buildApp({
      ...store().config,
      publicUrl: BASE_URL,
      outboxWorker: false,
      rateLimits: 'off',
      smsOverrides: {
        provider: 'kavenegar',
        apiKey: API_KEY,
        sender: undefined,
        baseUrl: sms.url,
        templates: { reply: 'reply-fa', reply_en: 'reply-en', staff_thread: 'staff-thread' },
      },
    });
    messages = EnquiryMessages.of(app);
    secret = resolveJwtSecret(store().config.jwtSecret, store().config.dataDir);
    for (const role of ['owner', 'sales', 'editor'] as const) {
      const email = `${role}-thread@example.ir`;
      await app.staff.create({
        email,
        name: `${role} name`,
        passwordHash: await hashPassword(PASSWORD),
        role,
      });
      const signed = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email, password: PASSWORD },
      });
      agents[role] = { ...staffSession(signed), id: (signed.json() as { staff: { id: number } }).staff.id };
    }
    await app.database.db
      .updateTable('staff')
      .set({ notify_enquiries: 0, notify_reviews: 0, notify_channels: '{}' })
      .execute();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.database.db.deleteFrom('outbox').execute();
    sms.reset();
    sms.reply(kavenegarSent);
  });

  /** A general request sent through the storefront's API; its id. */
  async function enquiry(lang: 'fa' | 'en', payload: Record<string, string> = {}): Promise<number> {
    const sent = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/-1/orders/`,
      payload: { phone: '09121234567', email: 'buyer@example.com', description: 'Two tons', ...payload },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: number };
    await app.database.db.deleteFrom('outbox').execute();
    return id;
  }
  const outboxRows = () => app.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const reply = (agent: StaffAgent | undefined, id: number, body: unknown) =>
    injectAs(app, agent, {
      method: 'POST',
      url: `/admin/api/enquiries/${id}/messages`,
      payload: body as object,
    });
  async function replyWithFile(
    id: number,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type?: string; field?: string },
  ) {
    const { payload, headers } = await multipart(fields, file);
    return injectAs(app, agents.sales, {
      method: 'POST',
      url: `/admin/api/enquiries/${id}/messages`,
      payload,
      headers,
    });
  }
  const thread = async (id: number, agent = agents.sales) => {
    const res = await injectAs(app, agent, { method: 'GET', url: `/admin/api/enquiries/${id}/messages` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: EnquiryMessage[] }).results;
  };

  it('staff reply: stored with their name, listed oldest first, the buyer told by SMS and mail with a signed link in their language', async () => {
    const id = await enquiry('en');
    await messages.post(id, {
      author: 'visitor',
      body: 'Is there a discount for 5 tons?',
      ip: '203.0.113.9',
    });
    const res = await reply(agents.sales, id, { body: '  Yes: 3 % above 4 tons.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const posted = res.json() as EnquiryMessage;
    expect(posted).toMatchObject({
      author: 'staff',
      author_name: 'sales name',
      body: 'Yes: 3 % above 4 tons.',
      attachment: null,
    });
    const listed = await thread(id);
    expect(listed.map((m) => [m.author, m.author_name, m.body])).toEqual([
      ['visitor', '', 'Is there a discount for 5 tons?'],
      ['staff', 'sales name', 'Yes: 3 % above 4 tons.'],
    ]);
    // The buyer's address is kept with their message, never with staff's.
    const ips = await app.database.db
      .selectFrom('enquiry_messages')
      .select(['author', 'ip'])
      .where('enquiry_id', '=', id)
      .orderBy('id')
      .execute();
    expect(ips).toEqual([
      { author: 'visitor', ip: '203.0.113.9' },
      { author: 'staff', ip: null },
    ]);

    const rows = (await outboxRows()).filter((r) => r.topic === 'enquiry.reply');
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual([
      ['email', 'buyer@example.com'],
      ['sms', '09121234567'],
    ]);
    const payload = JSON.parse(rows[1]!.payload) as {
      kind: string;
      language: string;
      params: [string, string][];
    };
    expect(payload.kind).toBe('reply');
    expect(payload.language).toBe('en');
    const reference = `E-${String(id).padStart(6, '0')}`;
    expect(payload.params[0]).toEqual(['reference', reference]);
    const link = payload.params[1]![1];
    expect(link).toMatch(new RegExp(`^${BASE_URL}/app/e/s[A-Za-z0-9_-]{32}\\?lng=en$`));
    // The signed token names this enquiry.
    expect(followKey(secret, /\/app\/e\/([^?]+)/.exec(link)![1]!)).toEqual({ id });
    const mail = JSON.parse(rows[0]!.payload) as { subject: string; text: string };
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain('Yes: 3 % above 4 tons.');
    expect(mail.text).toContain(link);

    // Sent through the stand-in gateway with the English template.
    for (let i = 0; i < 5 && sms.seen.length === 0; i += 1) await app.outbox.runOnce();
    const sent = sms.seen.filter((r) => r.path.endsWith('/verify/lookup.json'));
    expect(sent).toHaveLength(1);
    expect(lookupOf(sent[0]!)).toEqual({
      receptor: '09121234567',
      template: 'reply-en',
      token: reference,
      token2: link,
    });
  });

  it('a Persian request is told in Persian, with the Persian template and Persian digits in the mail', async () => {
    const id = await enquiry('fa');
    expect((await reply(agents.owner, id, { body: 'سلام، قیمت ارسال شد.' })).statusCode).toBe(201);
    const rows = (await outboxRows()).filter((r) => r.topic === 'enquiry.reply');
    const mail = JSON.parse(rows.find((r) => r.kind === 'email')!.payload) as {
      subject: string;
      html: string;
    };
    const persianReference = `E-${String(id).padStart(6, '0')}`.replace(
      /\d/g,
      (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!,
    );
    expect(mail.subject).toContain(persianReference);
    expect(mail.html).toContain('dir="rtl"');
    const text = JSON.parse(rows.find((r) => r.kind === 'sms')!.payload) as {
      language: string;
      params: string[][];
    };
    expect(text.language).toBe('fa');
    expect(text.params[1]![1]).toMatch(/\?lng=fa$/);
  });

  it('the body: trimmed, NUL and other controls refused, at most MESSAGE_MAX characters, blank only with a file', async () => {
    const id = await enquiry('fa');
    const cases: [body: unknown, code: string][] = [
      [{ body: 'a\u0000b' }, 'invalid_characters'],
      [{ body: 'a\u0007b' }, 'invalid_characters'],
      [{ body: 'x'.repeat(MESSAGE_MAX + 1) }, 'too_long'],
      [{ body: 12 }, 'invalid_type'],
    ];
    for (const [body, code] of cases) {
      const res = await reply(agents.sales, id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((res.json() as { codes: Record<string, string[]> }).codes.body).toContain(code);
    }
    // A blank JSON body (the contract's own check) and no body at all.
    expect((await reply(agents.sales, id, { body: '   ' })).json()).toHaveProperty('body');
    expect((await reply(agents.sales, id, {})).statusCode).toBe(400);
    // The same checks on a multipart form (the edge's JSON checks do not see it).
    for (const [body, code] of [
      ['a\u0000b', 'invalid_characters'],
      ['ب'.repeat(MESSAGE_MAX + 1), 'too_long'],
      ['', 'blank'],
    ] as const) {
      const res = await replyWithFile(id, { body });
      expect(res.statusCode, code).toBe(400);
      expect((res.json() as { codes: Record<string, string[]> }).codes.body).toContain(code);
    }
    // Exactly MESSAGE_MAX Persian letters pass (counted in characters, not bytes).
    expect((await replyWithFile(id, { body: 'ب'.repeat(MESSAGE_MAX) })).statusCode).toBe(201);
    expect(await thread(id)).toHaveLength(1);
    // The visitor's side refuses alike.
    await expect(messages.post(id, { author: 'visitor', body: '\u0000' })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(messages.post(id, { author: 'visitor', body: '' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('files: real images and PDFs are stored and served as private downloads; look-alikes are attachment_invalid', async () => {
    const id = await enquiry('fa');
    const png = await image('png');
    const sent = await replyWithFile(
      id,
      { body: '' },
      { name: '../../فاکتور.png', bytes: png, type: 'text/html' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json() as EnquiryMessage;
    expect(message.body).toBe('');
    // The type its bytes prove, not the browser's claim; the name without its path.
    expect(message.attachment).toEqual({
      id: expect.any(Number),
      name: 'فاکتور.png',
      type: 'image/png',
      size: png.length,
    });
    const file = await injectAs(app, agents.owner, {
      method: 'GET',
      url: `/admin/api/enquiries/${id}/attachments/${message.attachment!.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="______.png"; filename*=UTF-8''${encodeURIComponent('فاکتور.png')}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.headers['cache-control']).toBe('private, no-store');

    // A PDF from the buyer, through the class the follow page uses.
    const fromBuyer = await messages.post(id, {
      author: 'visitor',
      body: 'Our specification',
      attachment: { name: 'spec', bytes: PDF },
    });
    expect(fromBuyer.attachment).toMatchObject({ name: 'spec.pdf', type: 'application/pdf' });
    expect((await messages.attachment(id, fromBuyer.attachment!.id))?.bytes.equals(PDF)).toBe(true);

    // Text named .png, HTML claiming to be a JPEG, a PNG signature glued onto a script.
    const fakes = [
      { name: 'x.png', bytes: Buffer.from('just text'), type: 'image/png' },
      { name: 'x.jpg', bytes: Buffer.from('<html><script>alert(1)</script>'), type: 'image/jpeg' },
      {
        name: 'x.png',
        bytes: Buffer.concat([png.subarray(0, 16), Buffer.from('<script>')]),
        type: 'image/png',
      },
    ];
    for (const fake of fakes) {
      const res = await replyWithFile(id, { body: 'see attached' }, fake);
      expect(res.statusCode, fake.bytes.toString('latin1', 0, 10)).toBe(400);
      expect((res.json() as { code: string }).code).toBe('attachment_invalid');
    }
    await expect(
      messages.post(id, {
        author: 'visitor',
        body: 'x',
        attachment: { name: 'a.pdf', bytes: PDF.subarray(0, 30) },
      }),
    ).rejects.toMatchObject({ statusCode: 400, body: { code: 'attachment_invalid' } });
    // Nothing of the refused ones was stored.
    expect((await thread(id)).map((m) => m.attachment?.type ?? null)).toEqual([
      'image/png',
      'application/pdf',
    ]);
  });

  it('a file over the limit is attachment_too_large (413), through the form and the class', async () => {
    const id = await enquiry('fa');
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x41);
    const res = await replyWithFile(id, { body: 'big' }, { name: 'big.pdf', bytes: big });
    expect(res.statusCode, res.body).toBe(413);
    expect((res.json() as { code: string }).code).toBe('attachment_too_large');
    await expect(
      messages.post(id, { author: 'visitor', body: 'x', attachment: { name: 'a.pdf', bytes: big } }),
    ).rejects.toMatchObject({ statusCode: 413, body: { code: 'attachment_too_large' } });
    expect(await thread(id)).toEqual([]);
  });

  it("never another thread's file: an attachment id of another enquiry is 404 through the back office and the class", async () => {
    const mine = await enquiry('fa');
    const theirs = await enquiry('fa', { phone: '09351112233' });
    const secretFile = await messages.post(theirs, {
      author: 'visitor',
      body: 'private',
      attachment: { name: 'id-card.png', bytes: await image('png') },
    });
    const aid = secretFile.attachment!.id;
    const wrong = await injectAs(app, agents.sales, {
      method: 'GET',
      url: `/admin/api/enquiries/${mine}/attachments/${aid}`,
    });
    expect(wrong.statusCode).toBe(404);
    expect((wrong.json() as { code: string }).code).toBe('not_found');
    expect(await messages.attachment(mine, aid)).toBeUndefined();
    expect(await messages.attachment(theirs, aid)).toBeDefined();
    expect(await messages.list(mine)).toEqual([]);
    // Unknown enquiries, ids out of range and malformed ids: 404 or 400, never a file.
    for (const url of [
      `/admin/api/enquiries/999999/attachments/${aid}`,
      `/admin/api/enquiries/${theirs}/attachments/999999`,
      `/admin/api/enquiries/${theirs}/attachments/0`,
      `/admin/api/enquiries/${theirs}/attachments/${aid}.5`,
      `/admin/api/enquiries/${theirs}/attachments/99999999999999999999`,
    ]) {
      const res = await injectAs(app, agents.sales, { method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(await messages.attachment(theirs, 2 ** 40)).toBeUndefined();
    // Staff routes of an enquiry that does not exist.
    expect(
      (await injectAs(app, agents.sales, { method: 'GET', url: '/admin/api/enquiries/999999/messages' }))
        .statusCode,
    ).toBe(404);
    expect((await reply(agents.sales, 999999, { body: 'hello' })).statusCode).toBe(404);
  });

  it('roles: owner and sales only; signed out 401, an editor 403', async () => {
    const id = await enquiry('fa');
    expect((await thread(id, agents.owner)).length).toBe(0);
    const editor = await injectAs(app, agents.editor, {
      method: 'GET',
      url: `/admin/api/enquiries/${id}/messages`,
    });
    expect(editor.statusCode).toBe(403);
    expect((await reply(agents.editor, id, { body: 'x' })).statusCode).toBe(403);
    expect((await reply(undefined, id, { body: 'x' })).statusCode).toBe(401);
    expect(await thread(id)).toEqual([]);
  });

  it('hostile forms: broken multipart, two files, a wrong field, never a 5xx', async () => {
    const id = await enquiry('fa');
    const broken = await injectAs(app, agents.sales, {
      method: 'POST',
      url: `/admin/api/enquiries/${id}/messages`,
      payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nunfinished',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const form = new FormData();
    form.append('body', 'two');
    form.append('attachment', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    form.append('attachment', new Blob([new Uint8Array(PDF)]), 'b.pdf');
    const encoded = new Response(form);
    const two = await injectAs(app, agents.sales, {
      method: 'POST',
      url: `/admin/api/enquiries/${id}/messages`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(two.statusCode).toBe(400);
    // A file in another field is not an attachment: the text alone is stored.
    const other = await replyWithFile(
      id,
      { body: 'text only' },
      { name: 'a.pdf', bytes: PDF, field: 'file' },
    );
    expect(other.statusCode).toBe(201);
    expect((other.json() as EnquiryMessage).attachment).toBeNull();
    expect((await thread(id)).map((m) => m.body)).toEqual(['text only']);
  });
});
