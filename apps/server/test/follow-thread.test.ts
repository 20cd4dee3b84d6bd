import type { QuoteBuyer, QuoteDraftBody } from '@storefront/contracts';
import { quoteBuyerSchema, quoteDraftSchema } from '@storefront/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { resolveJwtSecret } from '../src/lib/secret.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { followHash, newFollowToken, signedFollowToken } from '../src/modules/enquiries/follow-link.ts';
import { EnquiryMessages } from '../src/modules/enquiries/messages.ts';
import { Quotes } from '../src/modules/quotes/repository.ts';
import { Settings } from '../src/modules/settings/repository.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { describeEachDatabase, type TestStore } from './support/databases.ts';
import { writeCatalogue } from './support/fixture.ts';
import { startProviderServer, type ProviderServer } from './support/provider-server.ts';

/**
 * The visitor's side of the quote loop on the private page /app/e/{token} (issue 25): the thread
 * with its files, the quotes and their answers (accept by checkbox or by a texted code, decline),
 * each as a real form post (url-encoded, or multipart built by FormData) answered by a 303 back to
 * the page, or by the page again with the problem in words at its field. Real SQLite and
 * PostgreSQL, the real quote and thread modules, a real HTTP server standing in for the SMS gateway.
 */

const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** A client address no other request uses (the per-address limits count per address). */
let addressSerial = 0;
const newAddress = () => `10.25.${Math.floor(++addressSerial / 250)}.${(addressSerial % 250) + 1}`;
/** A mobile no other test uses (codes and their limits count per phone). */
let phoneSerial = 0;
const newPhone = () =>
  `0935${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSerial).padStart(4, '0')}`;

/** A quote of one line of 2 kg at 12,345,000 Rials a kilo, VAT 10 %, in Tomans, valid 3 days. */
const DRAFT: QuoteDraftBody = {
  lines: [{ product_id: null, title: 'پسته اکبری', quantity: '2', unit: 'kg', unit_price: 12_345_000 }],
  vat_rate: 1000,
  currency: 'toman',
  validity: { value: 3, unit: 'days' },
};
/** 2 × 12,345,000 = 24,690,000; + 10 % = 27,159,000 Rials = 2,715,900 Tomans. */
const TOTAL_TOMANS = '2,715,900';

const EMPTY_BUYER: QuoteBuyer = {
  kind: 'person',
  name: '',
  national_id: '',
  economic_code: '',
  postal_code: '',
  address: '',
  phone: '',
};

interface Enquiry {
  id: number;
  token: string;
}

/** The helpers every suite here uses, on the suite's app. */
function helpers(app: () => FastifyInstance) {
  let staffId: number | undefined;

  const inject = (options: InjectOptions & { address?: string }) =>
    app().inject({ remoteAddress: options.address ?? newAddress(), ...options });

  /** An enquiry sent through the storefront's API, given a random follow token. */
  async function enquiry(lang: 'fa' | 'en' = 'fa', phone = '09121234567'): Promise<Enquiry> {
    const sent = await inject({
      method: 'POST',
      url: `/${lang}/api/store/products/1/orders/`,
      payload: { phone, description: 'دو کیلو پسته' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: number };
    const token = newFollowToken();
    await app()
      .database.db.updateTable('enquiries')
      .set({ follow_hash: followHash(token) })
      .where('id', '=', id)
      .execute();
    return { id, token };
  }

  /** The sales staff member who replies and sends the quotes. */
  async function staff(): Promise<{ id: number; email: string }> {
    if (staffId === undefined) {
      const created = await app().staff.create({
        email: `sales-${process.pid}@example.com`,
        name: 'Sara',
        passwordHash: await hashPassword('saffron-Fields-42'),
        role: 'sales',
      });
      staffId = created!.id;
    }
    return { id: staffId, email: `sales-${process.pid}@example.com` };
  }

  /** Staff send a quote (the back office's own module: a draft, then a version). */
  async function sendQuote(
    enquiryId: number,
    buyer: Partial<QuoteBuyer> = {},
    draft: QuoteDraftBody = DRAFT,
  ) {
    const quotes = Quotes.forApp(app());
    const who = await staff();
    await quotes.saveDraft(
      enquiryId,
      { draft: quoteDraftSchema.parse(draft), buyer: quoteBuyerSchema.parse({ ...EMPTY_BUYER, ...buyer }) },
      who,
    );
    return quotes.send(enquiryId, who);
  }

  /** A url-encoded form post, as a browser sends it. */
  const postForm = (url: string, fields: Record<string, string>, address?: string) =>
    inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      address,
    });

  /** A multipart form post built by FormData, as a browser sends it. */
  async function postMultipart(
    url: string,
    body: string,
    file?: { name: string; type: string; bytes: Buffer },
    address?: string,
  ) {
    const form = new FormData();
    form.append('body', body);
    if (file)
      form.append('attachment', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    else form.append('attachment', new Blob([], { type: 'application/octet-stream' }), '');
    const encoded = new Response(form);
    return inject({
      method: 'POST',
      url,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
      address,
    });
  }

  const page = (token: string, query = '') => inject({ method: 'GET', url: `/app/e/${token}${query}` });

  const statusOf = async (id: number) =>
    (
      await app()
        .database.db.selectFrom('enquiries')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  return { inject, staff, enquiry, sendQuote, postForm, postMultipart, page, statusOf };
}

function expectRedirect(res: LightMyRequestResponse, token: string, done: string, lang = 'fa') {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(303);
  expect(res.headers.location).toMatch(new RegExp(`^/app/e/${token}\\?lng=${lang}&done=${done}#`));
  expect(res.headers['cache-control']).toBe('private, no-store');
}

/** The text of the error tied to a field (its aria-describedby target), or undefined. */
function fieldError(html: string, id: string): string | undefined {
  const control = new RegExp(`id="${id}"[^>]*aria-describedby="([^"]*)"`).exec(html);
  if (!control) return undefined;
  const errorId = control[1]!.split(' ').find((i) => i.endsWith('-error'));
  if (!errorId) return undefined;
  return new RegExp(`<p class="error" id="${errorId}">([^<]*)</p>`).exec(html)?.[1];
}

const decoded = (html: string) =>
  html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

function withApp(store: () => TestStore, use: (app: FastifyInstance) => void) {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp(store().config);
    await importCatalogueFile(app.database, writeCatalogue(), store().config.mediaDir);
    await new Settings(app.database.db).put(
      'storeIdentity',
      JSON.stringify({ name: { fa: 'بازرگانی پسته', en: 'Pistachio Trading' }, phones: ['021-8888 1234'] }),
    );
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

describeEachDatabase('the follow page: thread and quotes (no SMS)', (store) => {
  let app: FastifyInstance;
  withApp(store, (a) => {
    app = a;
  });
  const { inject, staff, enquiry, sendQuote, postForm, postMultipart, page, statusOf } = helpers(() => app);
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
  });

  it('shows the messages, the quotes and the timeline, in Persian (Jalali, Persian digits) and in English', async () => {
    const e = await enquiry();
    const sent = await postMultipart(`/app/e/${e.token}/messages?lng=fa`, 'قیمت عمده چند است؟');
    expectRedirect(sent, e.token, 'message_sent');
    const sara = await staff();
    await EnquiryMessages.of(app).post(e.id, {
      author: 'staff',
      body: 'Price list attached soon.',
      staffId: sara.id,
      staffEmail: sara.email,
    });
    await sendQuote(e.id, { name: 'شرکت آلفا', kind: 'company' });

    const fa = await page(e.token, '?done=message_sent');
    expect(fa.statusCode).toBe(200);
    const html = fa.body;
    expect(html).toContain('<p class="notice" role="status">پیام شما فرستاده شد.</p>');
    expect(html).toContain('قیمت عمده چند است؟');
    expect(html).toContain('Price list attached soon.');
    // Staff's address is not the visitor's to see.
    expect(html).not.toContain(`sales-${process.pid}@example.com`);
    expect(html).toContain('پیش‌فاکتور نسخهٔ ۱');
    expect(html).toContain(`${persian(TOTAL_TOMANS).replaceAll(',', '٬')} تومان`);
    expect(html).toContain('در انتظار پاسخ شما');
    expect(html).toContain(`href="/app/e/${e.token}/quotes/1?lng=fa"`);
    expect(html).toContain(`href="/app/e/${e.token}/quotes/1/pdf?lng=fa"`);
    // The timeline: received, the reply, the quote sent and the status it brought, Jalali with Persian digits.
    expect(html).toContain('درخواست شما دریافت شد');
    expect(html).toContain('<a href="#quote-1">پیش‌فاکتور نسخهٔ ۱ فرستاده شد</a>');
    expect(html).toContain('وضعیت: پیش‌فاکتور فرستاده شد');
    expect(html).toContain('فروشگاه پاسخ داد');
    expect(html).toMatch(/<time datetime="[^"]+">[^<]*۱۴۰[۰-۹]/);
    expect(html).not.toMatch(/<time datetime="[^"]+">[^<]*[0-9]/);
    // The acceptance form, prefilled from the quote's buyer; no SMS here, so the checkbox.
    expect(html).toContain(`action="/app/e/${e.token}/quotes/1/accept?lng=fa"`);
    expect(html).toMatch(/id="accept-name" name="name" value="شرکت آلفا"/);
    expect(html).toMatch(/id="accept-kind-company" name="kind" value="company" checked/);
    expect(html).toContain('name="agree"');
    expect(html).not.toContain('name="otp"');
    expect(html).toContain(`action="/app/e/${e.token}/quotes/1/decline?lng=fa"`);
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,application/pdf"');
    expect(html).not.toMatch(/<script/i);

    const en = (await page(e.token, '?lng=en')).body;
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain('Quote version 1');
    expect(en).toContain(`${TOTAL_TOMANS} tomans`);
    expect(en).toContain('Awaiting your answer');
    expect(en).toContain('<a href="#quote-1">Quote version 1 was sent</a>');
    expect(en).toContain('Sara (Pistachio Trading)');
    expect(en).toMatch(/<time datetime="[^"]+">[^<]*20\d\d/);
  });

  it('a message with a PNG: stored, linked, downloaded as sent; a text file named .png is refused in words and the text is kept', async () => {
    const e = await enquiry();
    const ok = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'A photo of the crate', {
      name: 'crate.png',
      type: 'image/png',
      bytes: png,
    });
    expectRedirect(ok, e.token, 'message_sent', 'en');
    const html = (await page(e.token, '?lng=en')).body;
    const link = /href="(\/app\/e\/[^"]+\/attachments\/(\d+)\?lng=en)"[^>]*>crate\.png</.exec(html);
    expect(link, 'a link to the file').not.toBeNull();
    const file = await inject({ method: 'GET', url: link![1]! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="crate\.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(file.headers['cache-control']).toBe('private, no-store');

    // Another enquiry's page does not open this file.
    const other = await enquiry();
    const foreign = await inject({ method: 'GET', url: `/app/e/${other.token}/attachments/${link![2]}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('درخواست پیدا نشد');
    expect((await inject({ method: 'GET', url: `/app/e/${e.token}/attachments/abc` })).statusCode).toBe(404);

    const fake = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'Second try <b>bold</b>', {
      name: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('this is only text pretending to be a picture'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fieldError(fake.body, 'message-attachment')).toBe(
      'The attachment must be a photo (JPEG, PNG, WebP) or a PDF; this file is neither.',
    );
    expect(fake.body).toContain('>Second try &lt;b&gt;bold&lt;/b&gt;</textarea>');
    expect(fake.body).toContain('If you attached a file, choose it again.');
    const stored = await app.database.db
      .selectFrom('enquiry_messages')
      .select('id')
      .where('enquiry_id', '=', e.id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('an empty message is refused at its field; the page keeps its other parts', async () => {
    const e = await enquiry();
    const res = await postMultipart(`/app/e/${e.token}/messages?lng=fa`, '   ');
    expect(res.statusCode).toBe(400);
    expect(fieldError(res.body, 'message-body')).toBe('این بخش را پر کنید.');
    expect(res.body).toContain('aria-invalid="true"');
  });

  it('a signed token opens the page; an expired or forged one is the 404 page', async () => {
    const e = await enquiry();
    const secret = resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);
    const signed = signedFollowToken(secret, e.id);
    const res = await page(signed);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(persian(`E-${String(e.id).padStart(6, '0')}`));
    const message = await postMultipart(`/app/e/${signed}/messages?lng=fa`, 'از پیوند امضاشده');
    expectRedirect(message, signed, 'message_sent');

    const expired = signedFollowToken(secret, e.id, new Date(Date.now() - 1000));
    expect((await page(expired)).statusCode).toBe(404);
    const forged = signedFollowToken('another secret', e.id);
    expect((await page(forged)).statusCode).toBe(404);
    const post = await postMultipart(`/app/e/${expired}/messages`, 'x');
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('درخواست پیدا نشد');
    // Whatever the body: a token that opens nothing says nothing more than the 404 page.
    for (const payload of [{ reason: 'price' }, 'x'.repeat(40_000)]) {
      const res = await inject({
        method: 'POST',
        url: `/app/e/${newFollowToken()}/quotes/1/decline`,
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('درخواست پیدا نشد');
    }
  });

  it('accepting with the checkbox: the buyer as typed, the enquiry won, the page says so', async () => {
    const e = await enquiry();
    await sendQuote(e.id, { name: 'Ali', kind: 'person' });
    const url = `/app/e/${e.token}/quotes/1/accept?lng=fa`;
    const fields = {
      kind: 'company',
      name: 'شرکت بتا',
      national_id: '۱۲۳۴۵۶۷۸۹۰۱',
      economic_code: '',
      postal_code: '1234567890',
      address: 'تهران',
      signer: 'علی رضایی',
    };
    const missing = await postForm(url, fields);
    expect(missing.statusCode).toBe(400);
    expect(fieldError(missing.body, 'accept-agree')).toBe('این بخش را پر کنید.');
    // What was typed is there again.
    expect(missing.body).toMatch(/id="accept-name" name="name" value="شرکت بتا"/);
    expect(missing.body).toMatch(/id="accept-national_id" name="national_id" value="۱۲۳۴۵۶۷۸۹۰۱"/);
    const badPostal = await postForm(url, { ...fields, postal_code: '123', agree: 'yes' });
    expect(badPostal.statusCode).toBe(400);
    expect(fieldError(badPostal.body, 'accept-postal_code')).toBe('کد پستی ۱۰ رقم است.');
    expect(await statusOf(e.id)).toBe('quoted');

    const accepted = await postForm(url, { ...fields, agree: 'yes' });
    expectRedirect(accepted, e.token, 'accepted');
    expect(await statusOf(e.id)).toBe('won');
    const row = await app.database.db
      .selectFrom('quote_versions')
      .select(['status', 'accepted_name', 'acceptance_method', 'accepted_buyer'])
      .where('enquiry_id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'accepted',
      accepted_name: 'علی رضایی',
      acceptance_method: 'checkbox',
    });
    expect(JSON.parse(row.accepted_buyer!)).toMatchObject({
      kind: 'company',
      name: 'شرکت بتا',
      national_id: '12345678901',
    });
    const html = (await page(e.token, '?lng=fa&done=accepted')).body;
    expect(html).toContain('پیش‌فاکتور را پذیرفتید. فروشگاه با شما تماس می‌گیرد.');
    expect(html).toContain('<strong>پذیرفته شد</strong>');
    expect(html).toContain('پیش‌فاکتور نسخهٔ ۱ را پذیرفتید');
    expect(html).not.toContain('/quotes/1/accept');
    // Once only: a second acceptance is the page with the answer in words.
    const again = await postForm(url, { ...fields, agree: 'yes' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('به این پیش‌فاکتور پیش‌تر پاسخ داده شده است.');
  });

  it('declining with a reason: the enquiry lost; without one, the reason is asked for', async () => {
    const e = await enquiry('en');
    await sendQuote(e.id);
    const url = `/app/e/${e.token}/quotes/1/decline?lng=en`;
    const none = await postForm(url, { note: 'Too dear' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toMatch(/<fieldset aria-describedby="decline-reason-error"><legend>Reason<\/legend>/);
    expect(none.body).toContain('<p class="error" id="decline-reason-error">Fill in this field.</p>');
    expect(none.body).toContain('>Too dear</textarea>');
    const declined = await postForm(url, { reason: 'price', note: 'Too dear' });
    expectRedirect(declined, e.token, 'declined', 'en');
    expect(await statusOf(e.id)).toBe('lost');
    const html = (await page(e.token, '?lng=en&done=declined')).body;
    expect(html).toContain('Your answer was recorded: you declined the quote.');
    expect(html).toContain('<strong>Declined</strong>');
  });

  it('a newer version supersedes the older: a note to the newest, the form on the newest only', async () => {
    const e = await enquiry('en');
    await sendQuote(e.id);
    await sendQuote(e.id, {}, { ...DRAFT, lines: [{ ...DRAFT.lines[0]!, quantity: '3' }] });
    const html = (await page(e.token)).body;
    expect(html).toContain('<a href="#quote-2">A newer version was sent: quote version 2.</a>');
    expect(html).toContain('/quotes/2/accept');
    expect(html).not.toContain('/quotes/1/accept');
    const old = await postForm(`/app/e/${e.token}/quotes/1/decline?lng=en`, { reason: 'price' });
    expect(old.statusCode).toBe(409);
    expect(old.body).toContain('A newer version of this quote was sent. See the newest version.');
  });

  it('an expired quote: no accept form, the store can re-issue it (phones), and a late acceptance is refused in words', async () => {
    const e = await enquiry();
    await sendQuote(e.id);
    await app.database.db
      .updateTable('quote_versions')
      .set({ valid_until: new Date(Date.now() - 60_000).toISOString() })
      .where('enquiry_id', '=', e.id)
      .execute();
    const html = (await page(e.token)).body;
    expect(html).toContain('<strong>منقضی شده</strong>');
    expect(html).toContain('فروشگاه می‌تواند آن را با قیمت‌های امروز دوباره صادر کند');
    expect(html).toContain('<a href="tel:02188881234">');
    expect(html).not.toContain('/quotes/1/accept');
    const late = await postForm(`/app/e/${e.token}/quotes/1/accept?lng=fa`, {
      kind: 'person',
      name: 'Ali',
      signer: 'Ali',
      agree: 'yes',
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('role="alert"');
    expect(late.body).toContain(
      'مهلت این پیش‌فاکتور تمام شده است. از فروشگاه بخواهید آن را دوباره صادر کند.',
    );
    expect(await statusOf(e.id)).toBe('quoted');
    // No quote of that number: the page, 404, in words.
    const unknown = await postForm(`/app/e/${e.token}/quotes/9/decline?lng=fa`, { reason: 'price' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('این پیش‌فاکتور پیدا نشد.');
  });

  it('never a 5xx for bad input: NUL bytes, broken multipart, wrong content types, huge bodies', async () => {
    const e = await enquiry('en');
    await sendQuote(e.id);
    const accept = `/app/e/${e.token}/quotes/1/accept?lng=en`;
    const nul = await postForm(accept, { kind: 'person', name: 'A\u0000li', signer: 'Ali', agree: 'yes' });
    expect(nul.statusCode).toBe(400);
    expect(fieldError(nul.body, 'accept-name')).toBe('This text holds characters that are not accepted.');
    const json = await inject({ method: 'POST', url: accept, payload: { name: 'Ali' } });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(json.body).toContain('The form was sent in a way that cannot be read.');
    const huge = await postForm(accept, { name: 'x'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('What you sent is too large.');
    const broken = await inject({
      method: 'POST',
      url: `/app/e/${e.token}/messages?lng=en`,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="body"\r\n\r\nhello',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('The form could not be read.');
    const noBoundary = await inject({
      method: 'POST',
      url: `/app/e/${e.token}/messages`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    const urlencodedMessage = await postForm(`/app/e/${e.token}/messages`, { body: 'hi' });
    expect(urlencodedMessage.statusCode).toBe(415);
    const nulMessage = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'he\u0000llo');
    expect(nulMessage.statusCode).toBe(400);
    expect(fieldError(nulMessage.body, 'message-body')).toBe(
      'This text holds characters that are not accepted.',
    );
    const long = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'ب'.repeat(9000));
    expect(long.statusCode).toBe(400);
    expect(fieldError(long.body, 'message-body')).toBe('This text is too long.');
    const big = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'big file', {
      name: 'big.pdf',
      type: 'application/pdf',
      bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 0x41),
    });
    expect(big.statusCode).toBe(413);
    expect(fieldError(big.body, 'message-attachment')).toBe('The attachment is larger than 5 MB.');
    expect(big.body).toContain('>big file</textarea>');
    expect(await statusOf(e.id)).toBe('quoted');
  });

  it("over the thread's limit: the 429 page, the typed text kept", async () => {
    const e = await enquiry('en');
    const address = newAddress();
    const max = (app.config.rateLimits as Exclude<AppConfig['rateLimits'], 'off'>).thread.max;
    for (let i = 0; i < max; i++) {
      const res = await postForm(`/app/e/${e.token}/quotes/1/decline?lng=en`, { reason: '' }, address);
      expect(res.statusCode).not.toBe(429);
    }
    const over = await postMultipart(`/app/e/${e.token}/messages?lng=en`, 'one more', undefined, address);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body).toContain('Too many requests came from you.');
    expect(decoded(over.body)).toMatch(/\(in about \d+ minutes\)/);
  });
});

describe('with SMS codes', () => {
  const sms: AppConfig['smsOverrides'] = {
    provider: 'kavenegar',
    apiKey: 'k',
    sender: undefined,
    baseUrl: undefined,
    templates: { otp: 'otp', otp_en: 'otp-en' },
  };
  let provider: ProviderServer;
  beforeAll(async () => {
    provider = await startProviderServer({
      status: 200,
      body: { return: { status: 200, message: 'ok' }, entries: [{ messageid: 1 }] },
    });
    sms.baseUrl = provider.url;
  });
  afterAll(() => provider.close());

  describeEachDatabase(
    'the follow page: accepting with a texted code',
    (store) => {
      let app: FastifyInstance;
      withApp(store, (a) => {
        app = a;
      });
      const { enquiry, sendQuote, postForm, page, statusOf } = helpers(() => app);

      const codesTo = async (phone: string) => {
        await app.outbox.runOnce();
        return provider.seen
          .map((request) => new URLSearchParams(request.body))
          .filter((form) => form.get('receptor') === phone && form.get('template') === 'otp')
          .map((form) => form.get('token')!);
      };

      it('send the code, type it: accepted by code; a wrong code is refused at its field', async () => {
        const phone = newPhone();
        const e = await enquiry('fa', phone);
        await sendQuote(e.id, { name: 'Ali' });
        const html = (await page(e.token)).body;
        expect(html).toContain(`action="/app/e/${e.token}/quotes/1/code?lng=fa"`);
        expect(html).toContain('name="otp"');
        expect(html).not.toContain('name="agree"');
        expect(html).toContain(persian(`${phone.slice(0, 4)}*****${phone.slice(-2)}`));

        const sent = await postForm(`/app/e/${e.token}/quotes/1/code?lng=fa`, {});
        expectRedirect(sent, e.token, 'code_sent');
        const codes = await codesTo(phone);
        expect(codes).toHaveLength(1);
        const code = codes[0]!;
        const again = await postForm(`/app/e/${e.token}/quotes/1/code?lng=fa`, {});
        expect(again.statusCode).toBe(429);
        expect(again.body).toContain('کدی همین حالا فرستاده شد.');

        const url = `/app/e/${e.token}/quotes/1/accept?lng=fa`;
        const fields = { kind: 'person', name: 'Ali', signer: 'Ali Rezaei' };
        const wrong = await postForm(url, { ...fields, otp: code === '000000' ? '111111' : '000000' });
        expect(wrong.statusCode).toBe(400);
        expect(fieldError(wrong.body, 'accept-otp')).toBe(
          'این کد درست نیست یا منقضی شده است. کد تازه‌ای بخواهید.',
        );
        expect(await statusOf(e.id)).toBe('quoted');
        // Persian digits, as a phone's keyboard types them.
        const accepted = await postForm(url, { ...fields, otp: persian(code) });
        expectRedirect(accepted, e.token, 'accepted');
        expect(await statusOf(e.id)).toBe('won');
        const row = await app.database.db
          .selectFrom('quote_versions')
          .select(['acceptance_method', 'accepted_phone'])
          .where('enquiry_id', '=', e.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ acceptance_method: 'code', accepted_phone: phone });
      });

      it('a quote past its validity says so first: no code is sent for it, a late acceptance without a code is refused as expired', async () => {
        const phone = newPhone();
        const e = await enquiry('en', phone);
        await sendQuote(e.id);
        await app.database.db
          .updateTable('quote_versions')
          .set({ valid_until: new Date(Date.now() - 60_000).toISOString() })
          .where('enquiry_id', '=', e.id)
          .execute();
        const code = await postForm(`/app/e/${e.token}/quotes/1/code?lng=en`, {});
        expect(code.statusCode).toBe(409);
        expect(code.body).toContain('This quote has expired. Ask the store to issue it again.');
        expect(await codesTo(phone)).toEqual([]);
        const late = await postForm(`/app/e/${e.token}/quotes/1/accept?lng=en`, {
          kind: 'person',
          name: 'Ali',
          signer: 'Ali',
        });
        expect(late.statusCode).toBe(409);
        expect(late.body).toContain('This quote has expired. Ask the store to issue it again.');
        expect(await statusOf(e.id)).toBe('quoted');
      });

      it('without a code the checkbox does not do', async () => {
        const e = await enquiry('en', newPhone());
        await sendQuote(e.id);
        const res = await postForm(`/app/e/${e.token}/quotes/1/accept?lng=en`, {
          kind: 'person',
          name: 'Ali',
          signer: 'Ali',
          agree: 'yes',
        });
        expect(res.statusCode).toBe(400);
        expect(fieldError(res.body, 'accept-otp')).toBe('Fill in this field.');
        expect(await statusOf(e.id)).toBe('quoted');
      });
    },
    { smsOverrides: sms, outboxWorker: false },
  );
});
