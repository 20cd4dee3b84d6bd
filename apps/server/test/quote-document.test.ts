import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  quoteBuyerSchema,
  quoteDraftSchema,
  quoteSellerSchema,
  quoteTotals,
  type QuoteDraftBody,
  type QuoteSnapshot,
} from '@storefront/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { resolveJwtSecret } from '../src/lib/secret.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { PdfRenderer } from '../src/modules/documents/pdf.ts';
import { renderQuoteHtml } from '../src/modules/documents/quote-document.ts';
import { followHash, newFollowToken, signedFollowToken } from '../src/modules/enquiries/follow-link.ts';
import { canonicalJson, sha256Hex } from '../src/modules/quotes/canonical.ts';
import { injectAs, staffCookie, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * A sent quote as a document (modules/documents/quote-document.ts) and its routes: the PDF read back
 * with poppler's `pdftotext` (the words whole and in reading order, Persian digits and separators,
 * the amount in words), every person's text escaped, the logo and stamp inlined from the media folder
 * and nothing fetched; the visitor's page and PDF (/app/e/{token}/quotes/{n}) and the staff's PDF on
 * SQLite and PostgreSQL, including the answers without Chromium.
 */

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-quote-doc-'));

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  // Without the direction marks pdftotext wraps right-to-left runs in.
  return stdout.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

function expectInOrder(text: string, words: string[]) {
  let from = 0;
  for (const word of words) {
    const at = text.indexOf(word, from);
    expect(at, `«${word}» after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
    from = at + word.length;
  }
}

/** 26 November 2026, 12:00 in Tehran (5 Azar 1405); valid three days. */
const SENT_AT = '2026-11-26T08:30:00.000Z';
const VALID_UNTIL = '2026-11-29T08:30:00.000Z';

/**
 * 2.5 tons at 500,000,000 Rials (1,250,000,000) and a 25,000,000 shipping charge, 10 % VAT on
 * 1,275,000,000: 127,500,000; total 1,402,500,000 Rials.
 */
const DRAFT: QuoteDraftBody = {
  lines: [{ title: 'میلگرد آجدار A3 سایز ۱۶', quantity: '2.5', unit: 'ton', unit_price: 500_000_000 }],
  charges: [{ label: 'هزینه حمل', amount: 25_000_000 }],
  vat_rate: 1000,
  currency: 'rial',
  validity: { value: 3, unit: 'days' },
  payment_terms: 'نقدی، پیش از بارگیری',
  delivery_terms: 'سه روز کاری پس از پرداخت',
};

function snapshotOf(
  language: 'fa' | 'en',
  changes: {
    draft?: Partial<QuoteDraftBody>;
    seller?: Record<string, unknown>;
    buyer?: Record<string, unknown>;
    store?: string;
    number?: number;
    reference?: string;
    sentAt?: string;
    validUntil?: string;
  } = {},
): QuoteSnapshot {
  const draft = quoteDraftSchema.parse({ ...DRAFT, ...changes.draft });
  return {
    number: changes.number ?? 2,
    reference: changes.reference ?? 'E-000042',
    language,
    store: { name: changes.store ?? 'بازرگانی پسته', phones: ['021-88881234'], email: 'sales@example.com' },
    seller: quoteSellerSchema.parse({
      registered_name: { fa: 'شرکت نمونه‌سازان پارس', en: 'Pars Prototypes Co.' },
      economic_code: '411123456789',
      national_id: '14007788990',
      registration_number: '12345',
      postal_code: '1234567890',
      address: { fa: 'تهران، خیابان ولیعصر', en: 'Valiasr St, Tehran' },
      phone: '021-88881234',
      ...changes.seller,
    }),
    buyer: quoteBuyerSchema.parse({
      kind: 'company',
      name: language === 'fa' ? 'شرکت ساختمانی البرز' : 'Alborz Construction',
      national_id: '10101234567',
      economic_code: '',
      postal_code: '',
      address: '',
      phone: '09121234567',
      ...changes.buyer,
    }),
    draft,
    totals: quoteTotals(draft),
    sent_at: changes.sentAt ?? SENT_AT,
    valid_until: changes.validUntil ?? VALID_UNTIL,
  };
}

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
const HOSTILE_ESCAPED =
  '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;';

describe('the quote document', () => {
  let renderer: PdfRenderer;
  const mediaDir = path.join(dir, 'media');

  beforeAll(() => {
    fs.mkdirSync(mediaDir, { recursive: true });
    renderer = new PdfRenderer();
    expect(renderer.available(), `these tests need Chromium at ${renderer.executablePath}`).toBe(true);
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('a Persian quote prints as a pre-invoice that reads back in order, in Persian digits, with the amount in words', async () => {
    const html = await renderQuoteHtml(snapshotOf('fa'), {
      mediaDir,
      forPrint: true,
      contentHash: '0123456789abcdef'.repeat(4),
    });
    expect(html).toContain('<html lang="fa" dir="rtl">');
    // The dates as the document writes them (Jalali, Tehran's time): 26 and 29 November 2026.
    expect(html).toContain('۵ آذر ۱۴۰۵');
    expect(html).toContain('۸ آذر ۱۴۰۵');
    const text = await pdfText(await renderer.render(html));
    // The document's thread, in reading order (pdftotext reads the side-by-side blocks, the seller and
    // the buyer, the labels and their values, column by column, so those are checked as present).
    expectInOrder(text, [
      'پیش\u200cفاکتور',
      'E-۰۰۰۰۴۲',
      'فروشنده',
      'شرکت نمونه\u200cسازان پارس',
      'میلگرد آجدار',
      'جمع کل',
      '۱٬۴۰۲٬۵۰۰٬۰۰۰',
      'مبلغ به حروف',
      'یک میلیارد و چهارصد و دو میلیون و پانصد هزار ریال',
      'کد سند',
      '0123456789abcdef',
    ]);
    for (const word of [
      'آذر',
      '۱۴۰۵',
      '۴۱۱۱۲۳۴۵۶۷۸۹',
      'شرکت ساختمانی البرز',
      'خریدار',
      '۲٫۵',
      '۵۰۰٬۰۰۰٬۰۰۰',
      'هزینه حمل',
      'مالیات بر ارزش افزوده',
      '۱۲۷٬۵۰۰٬۰۰۰',
      'شرایط پرداخت',
      'نقدی',
    ])
      expect(text).toContain(word);
    expect(html).toContain('مالیات بر ارزش افزوده (۱۰٪)');
    // No Latin digits for figures, and only the first 16 hex digits of the hash.
    expect(text).not.toMatch(/1[,٬]?402/);
    expect(text).not.toContain('0123456789abcdef0');
  });

  it('an English quote: Latin digits with commas, Gregorian dates, the amount in English words', async () => {
    const lines = [
      { title: 'Ribbed rebar A3 size 16', quantity: '2.5', unit: 'ton' as const, unit_price: 500_000_000 },
    ];
    const html = await renderQuoteHtml(
      snapshotOf('en', { draft: { lines, payment_terms: 'Cash before loading' } }),
      {
        mediaDir,
        forPrint: true,
      },
    );
    expect(html).toContain('<html lang="en" dir="ltr">');
    const text = await pdfText(await renderer.render(html));
    expectInOrder(text, [
      'Pro forma invoice',
      'E-000042',
      'Pars Prototypes Co.',
      'Total: 1,402,500,000 rials',
      'In words: one billion four hundred two million five hundred thousand rials',
      'Document code',
    ]);
    for (const words of [
      '26 November 2026',
      '29 November 2026',
      'Seller',
      'Buyer',
      'Alborz Construction',
      'Ribbed rebar A3 size 16',
      '2.5 tons',
      '500,000,000',
      'VAT (10%)',
      '127,500,000',
      'Cash before loading',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/[۰-۹]/);
  });

  it('Toman: every figure ÷ 10, a remainder as a decimal (never rounded away), the words in tomans and rials', async () => {
    const snapshot = snapshotOf('fa', {
      draft: {
        lines: [{ title: 'خدمت', quantity: '1', unit: 'service', unit_price: 1_234_567 }],
        charges: [],
        vat_rate: 0,
        currency: 'toman',
      },
    });
    const html = await renderQuoteHtml(snapshot, { mediaDir, forPrint: true });
    expect(html).toContain('۱۲۳٬۴۵۶٫۷ تومان');
    expect(html).toContain('بهای واحد (تومان)');
    expect(html).toContain('یکصد و بیست و سه هزار و چهارصد و پنجاه و شش تومان و هفت ریال');
    expect(html).not.toContain('۱٬۲۳۴٬۵۶۷');
  });

  it('escapes every text a person wrote', async () => {
    const snapshot = snapshotOf('fa', {
      store: HOSTILE,
      seller: {
        registered_name: { fa: HOSTILE, en: '' },
        address: { fa: HOSTILE, en: '' },
        phone: HOSTILE.slice(0, 40),
      },
      buyer: { name: HOSTILE, address: HOSTILE, phone: HOSTILE.slice(0, 40) },
      draft: {
        lines: [{ title: HOSTILE, quantity: '1', unit: 'piece', unit_price: 1000 }],
        charges: [{ label: HOSTILE, amount: 10 }],
        payment_terms: HOSTILE,
        delivery_terms: HOSTILE,
        notes: HOSTILE,
      },
    });
    for (const forPrint of [true, false]) {
      const html = await renderQuoteHtml(snapshot, {
        mediaDir,
        forPrint,
        links: { pdf: '/app/e/x/quotes/2/pdf"><script>', back: '/app/e/x' },
      });
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('onerror=alert(2)>');
      // store, seller's name and address, buyer's name and address, the line, the charge, three terms.
      expect(html.split(HOSTILE_ESCAPED).length - 1).toBeGreaterThanOrEqual(10);
    }
  });

  it("inlines the seller's logo and stamp from the media folder, and nothing from outside it", async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    fs.writeFileSync(path.join(mediaDir, 'logo1234.png'), png);
    fs.writeFileSync(path.join(mediaDir, 'stamp1234.png'), png);
    fs.writeFileSync(path.join(dir, 'outside.png'), png);
    const inlined = await renderQuoteHtml(
      snapshotOf('fa', { seller: { logo: 'logo1234.png', stamp: '/media/stamp1234.png' } }),
      { mediaDir, forPrint: true },
    );
    const data = `data:image/png;base64,${png.toString('base64')}`;
    expect(inlined.split(`<img src="${data}"`).length - 1).toBe(2);
    expect(inlined).toContain('مهر و امضای فروشنده');

    for (const ref of [
      '../outside.png',
      '/media/../outside.png',
      'missing.png',
      'https://example.com/logo.png',
    ]) {
      const html = await renderQuoteHtml(snapshotOf('fa', { seller: { logo: ref, stamp: ref } }), {
        mediaDir,
        forPrint: true,
      });
      expect(html, ref).not.toContain('<img');
      expect(html, ref).not.toContain('example.com');
    }
  });

  it('fetches nothing: a remote logo and links in the text make no connection', async () => {
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.url ?? '');
      response.end('x');
    });
    server.on('connection', () => seen.push('a connection'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const snapshot = snapshotOf('fa', {
        seller: { logo: `${origin}/logo.png`, stamp: `${origin}/stamp.png` },
        draft: {
          lines: [
            {
              title: `<img src="${origin}/line.png"><iframe src="${origin}/frame"></iframe>`,
              quantity: '1',
              unit: 'piece',
              unit_price: 1000,
            },
          ],
          notes: `<link rel="stylesheet" href="${origin}/style.css">`,
        },
      });
      const html = await renderQuoteHtml(snapshot, { mediaDir, forPrint: true });
      const text = await pdfText(await renderer.render(html));
      expect(text).toContain('پیش\u200cفاکتور');
      // The markup is shown as text, not followed.
      expect(text).toContain('<iframe');
      expect(seen).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says when the quote is no longer plainly sent', async () => {
    const snapshot = snapshotOf('fa');
    const banner = async (state?: 'sent' | 'expired' | 'superseded' | 'accepted' | 'declined') =>
      /<p class="banner[^"]*" role="status">([^<]*)<\/p>/.exec(
        await renderQuoteHtml(snapshot, { mediaDir, forPrint: true, ...(state ? { state } : {}) }),
      )?.[1];
    expect(await banner()).toBeUndefined();
    expect(await banner('sent')).toBeUndefined();
    expect(await banner('expired')).toContain('مهلت اعتبار این پیش‌فاکتور گذشته است');
    expect(await banner('superseded')).toContain('نسخهٔ تازه‌تری');
    expect(await banner('accepted')).toContain('پذیرفته شده');
    expect(await banner('declined')).toContain('رد شده');
    const english = await renderQuoteHtml(snapshotOf('en'), { mediaDir, forPrint: true, state: 'expired' });
    expect(english).toContain('This quote has expired');
  });

  it('the page has the PDF link and a print style that hides it; the PDF has neither link', async () => {
    const links = { pdf: '/app/e/abc/quotes/2/pdf', back: '/app/e/abc' };
    const pageHtml = await renderQuoteHtml(snapshotOf('fa'), { mediaDir, forPrint: false, links });
    expect(pageHtml).toContain('<a href="/app/e/abc/quotes/2/pdf" download>دریافت PDF</a>');
    expect(pageHtml).toContain('<a href="/app/e/abc">بازگشت به درخواست</a>');
    expect(pageHtml).toContain('@media print{.toolbar{display:none}');
    const printed = await renderQuoteHtml(snapshotOf('fa'), { mediaDir, forPrint: true, links });
    expect(printed).not.toContain('/app/e/abc');
  });
});

describeEachDatabase('the quote documents routes', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (a) => {
    app = a;
  });

  const PASSWORD = 'correct horse battery staple';
  type Agent = { cookie: string; csrf: string };
  async function staffMember(role: 'owner' | 'editor' | 'sales'): Promise<Agent> {
    const email = `${role}@example.com`;
    await app.staff.create({ email, name: role, passwordHash: await hashPassword(PASSWORD), role });
    const signed = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    return { cookie: staffCookie(signed), csrf: (signed.json() as { csrf_token: string }).csrf_token };
  }

  /** An enquiry with a follow link, and its versions stored as Quotes stores them (canonical JSON and its SHA-256). */
  async function enquiryWithVersions(
    lang: 'fa' | 'en',
    versions: { number: number; status: string; validUntil: string }[],
  ): Promise<{ id: number; token: string; reference: string }> {
    const sent = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/1/orders/`,
      payload: { phone: '09121234567', description: 'quote please' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: number };
    const token = newFollowToken();
    await app.database.db
      .updateTable('enquiries')
      .set({ follow_hash: followHash(token) })
      .where('id', '=', id)
      .execute();
    const reference = `E-${String(id).padStart(6, '0')}`;
    for (const version of versions) {
      const snapshot = snapshotOf(lang, {
        number: version.number,
        reference,
        validUntil: version.validUntil,
      });
      const content = canonicalJson(snapshot);
      await app.database.db
        .insertInto('quote_versions')
        .values({
          enquiry_id: id,
          number: version.number,
          content,
          content_hash: sha256Hex(content),
          total: snapshot.totals.total,
          currency: snapshot.draft.currency,
          sent_at: snapshot.sent_at,
          valid_until: version.validUntil,
          sent_by: null,
          status: version.status,
        })
        .execute();
    }
    return { id, token, reference };
  }

  function expectPrivate(res: LightMyRequestResponse) {
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }

  const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const past = new Date(Date.now() - 86_400_000).toISOString();
  let a: { id: number; token: string; reference: string };
  let b: { id: number; token: string; reference: string };
  let sales: Agent;
  let editor: Agent;
  beforeAll(async () => {
    // a: v1 superseded by v2 (valid); b (English): v1 only, past its validity.
    a = await enquiryWithVersions('fa', [
      { number: 1, status: 'superseded', validUntil: future },
      { number: 2, status: 'sent', validUntil: future },
    ]);
    b = await enquiryWithVersions('en', [{ number: 1, status: 'sent', validUntil: past }]);
    sales = await staffMember('sales');
    editor = await staffMember('editor');
  });

  it("the visitor's page: the document in its language, its state, links to the PDF, private headers", async () => {
    const res = await app.inject(`/app/e/${a.token}/quotes/2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectPrivate(res);
    expect(res.body).toContain('<html lang="fa" dir="rtl">');
    expect(res.body).toContain('پیش‌فاکتور');
    expect(res.body).toContain(`href="/app/e/${a.token}/quotes/2/pdf"`);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain('class="banner');

    // The follow page's ?lng= is kept on the links (the document stays in its own language).
    const named = await app.inject(`/app/e/${a.token}/quotes/2?lng=en`);
    expect(named.body).toContain(`href="/app/e/${a.token}/quotes/2/pdf?lng=en"`);
    expect(named.body).toContain(`href="/app/e/${a.token}?lng=en"`);
    expect(named.body).toContain('<html lang="fa" dir="rtl">');

    const superseded = await app.inject(`/app/e/${a.token}/quotes/1`);
    expect(superseded.body).toContain('نسخهٔ تازه‌تری از این پیش‌فاکتور فرستاده شده است');
    const expired = await app.inject(`/app/e/${b.token}/quotes/1`);
    expect(expired.body).toContain('<html lang="en" dir="ltr">');
    expect(expired.body).toContain('This quote has expired');
  });

  it('a signed token opens the same page; an expired or forged one does not', async () => {
    const secret = resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);
    const signed = signedFollowToken(secret, a.id);
    expect((await app.inject(`/app/e/${signed}/quotes/2`)).statusCode).toBe(200);
    const expiredToken = signedFollowToken(secret, a.id, new Date(Date.now() - 1000));
    expect((await app.inject(`/app/e/${expiredToken}/quotes/2`)).statusCode).toBe(404);
    const forged = signedFollowToken('another secret', a.id);
    expect((await app.inject(`/app/e/${forged}/quotes/2`)).statusCode).toBe(404);
  });

  it('the same 404 page for anything that opens nothing', async () => {
    for (const url of [
      `/app/e/${newFollowToken()}/quotes/1`,
      '/app/e/not-a-token/quotes/1',
      // Another enquiry's version: b has no v2, a's v2 is not b's.
      `/app/e/${b.token}/quotes/2`,
      `/app/e/${b.token}/quotes/2/pdf`,
      `/app/e/${a.token}/quotes/3`,
      `/app/e/${a.token}/quotes/0`,
      `/app/e/${a.token}/quotes/x`,
      `/app/e/${a.token}/quotes/1e1`,
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expectPrivate(res);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it("the visitor's PDF: a real PDF of that version, named by reference and version", async () => {
    const res = await app.inject(`/app/e/${a.token}/quotes/2/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="quote-${a.reference}-v2.pdf"`);
    expectPrivate(res);
    const text = await pdfText(res.rawPayload);
    const persianReference = a.reference.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expectInOrder(text, ['پیش\u200cفاکتور', persianReference, 'جمع کل', '۱٬۴۰۲٬۵۰۰٬۰۰۰']);
  });

  it("the staff's PDF: sales and owners only, that enquiry's versions only", async () => {
    const url = (id: number, n: number) => `/admin/api/enquiries/${id}/quote/versions/${n}/pdf`;
    const res = await injectAs(app, sales, { method: 'GET', url: url(a.id, 2) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="quote-${a.reference}-v2.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const english = await injectAs(app, sales, { method: 'GET', url: url(b.id, 1) });
    expect(await pdfText(english.rawPayload)).toContain('This quote has expired');

    expect((await injectAs(app, undefined, { method: 'GET', url: url(a.id, 2) })).statusCode).toBe(401);
    expect((await injectAs(app, editor, { method: 'GET', url: url(a.id, 2) })).statusCode).toBe(403);
    const other = await injectAs(app, sales, { method: 'GET', url: url(b.id, 2) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'not_found' });
    expect((await injectAs(app, sales, { method: 'GET', url: url(a.id + 1000, 1) })).statusCode).toBe(404);
    expect((await injectAs(app, sales, { method: 'GET', url: url(a.id, 0) })).statusCode).toBe(400);
  });

  describe('without Chromium (CHROME_PATH names a missing file)', () => {
    let bare: FastifyInstance;
    beforeAll(async () => {
      const before = process.env.CHROME_PATH;
      process.env.CHROME_PATH = path.join(dir, 'no-such-chromium');
      try {
        bare = await buildApp(store().config);
      } finally {
        if (before === undefined) delete process.env.CHROME_PATH;
        else process.env.CHROME_PATH = before;
      }
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('staff get 503 pdf_unavailable; the visitor a page that says so and links the printable page', async () => {
      const staff = await injectAs(bare, sales, {
        method: 'GET',
        url: `/admin/api/enquiries/${a.id}/quote/versions/2/pdf`,
      });
      expect(staff.statusCode).toBe(503);
      expect(staff.json()).toMatchObject({ code: 'pdf_unavailable' });
      expect((staff.json() as { detail: string }).detail).toContain('CHROME_PATH');

      const visitor = await bare.inject(`/app/e/${a.token}/quotes/2/pdf`);
      expect(visitor.statusCode).toBe(503);
      expectPrivate(visitor);
      expect(visitor.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(visitor.body).toContain('<html lang="fa" dir="rtl">');
      expect(visitor.body).toContain('ساختن PDF روی این سرور ممکن نیست');
      expect(visitor.body).toContain(`<a href="/app/e/${a.token}/quotes/2">`);
      const english = await bare.inject(`/app/e/${b.token}/quotes/1/pdf`);
      expect(english.statusCode).toBe(503);
      expect(english.body).toContain('PDFs cannot be made on this server');

      // The printable page needs no Chromium.
      expect((await bare.inject(`/app/e/${a.token}/quotes/2`)).statusCode).toBe(200);
    });
  });
});
