import crypto from 'node:crypto';
import type { EnquiryQuote, QuoteSettings, QuoteSnapshot, QuoteVersionSummary } from '@storefront/contracts';
import type { Dashboard, EnquiryDetail } from '@storefront/contracts/admin';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { canonicalJson } from '../src/modules/quotes/canonical.ts';
import { Quotes } from '../src/modules/quotes/repository.ts';
import { HttpError } from '../src/lib/errors.ts';
import { injectAs, staffCookie, withFixtureApp, type StaffAgent } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * The quote loop's server side (issue 25) through the back office's API and the Quotes class, on
 * SQLite and PostgreSQL: quote settings, drafts (field errors by path, Persian digits), totals in
 * exact Rials, sending (the snapshot and its SHA-256, immutable afterwards), revisions, expiry and
 * re-issue at today's prices, acceptance once under two concurrent accepts, declines, the timeline,
 * roles, hostile bodies and the dashboard's figures.
 */

const PASSWORD = 'a long enough password';
const HOUR = 3_600_000;

/** A draft of 3 × 1,234,567 Rials with 12.5 % off the subtotal and VAT 10 %, valid `hours` (or 3 days). */
function draftBody(overrides: Record<string, unknown> = {}, hours?: number) {
  return {
    draft: {
      lines: [
        {
          product_id: 1 as number | null,
          title: 'پسته اکبری',
          quantity: '۳',
          unit: 'kg',
          unit_price: 1_234_567,
          discount: null,
        },
      ],
      discount: { kind: 'percent', basis_points: 1250 },
      charges: [],
      vat_rate: 1000,
      currency: 'rial',
      validity: hours === undefined ? { value: 3, unit: 'days' } : { value: hours, unit: 'hours' },
      payment_terms: 'نقدی',
      delivery_terms: '',
      notes: '',
      ...overrides,
    },
    buyer: {
      kind: 'company',
      name: 'شرکت نمونه',
      national_id: '10101010101',
      economic_code: '',
      postal_code: '',
      address: 'تهران',
      phone: '',
    },
  };
}

describeEachDatabase('quotes: drafts, versions, decisions', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  const agents: Record<'owner' | 'editor' | 'sales', StaffAgent> = {} as never;
  const call = (agent: StaffAgent | undefined, options: InjectOptions) => injectAs(app, agent, options);
  /** The clock of the Quotes the tests call directly. */
  let clock = new Date();
  const quotes = () => Quotes.forApp(app, () => clock);

  async function staffMember(role: 'owner' | 'editor' | 'sales'): Promise<StaffAgent> {
    const email = `${role}@example.com`;
    await app.staff.create({ email, name: `${role} name`, passwordHash: await hashPassword(PASSWORD), role });
    const signed = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(signed.statusCode).toBe(200);
    const body = signed.json() as { csrf_token: string; staff: { id: number } };
    return { cookie: staffCookie(signed), csrf: body.csrf_token, id: body.staff.id };
  }

  /** A visitor's enquiry about product 1 (in `lang`); its id. */
  async function enquiry(lang = 'fa'): Promise<number> {
    const sent = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/1/orders/`,
      payload: { phone: '09121234567', email: 'buyer@example.com', description: 'قیمت پسته برای ۳ کیلو' },
    });
    expect(sent.statusCode).toBe(201);
    const row = await app.database.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const quoteUrl = (id: number) => `/admin/api/enquiries/${id}/quote`;
  const save = (id: number, body: unknown, agent = agents.sales) =>
    call(agent, { method: 'PUT', url: quoteUrl(id), payload: body as InjectOptions['payload'] });
  const send = (id: number, agent = agents.sales) =>
    call(agent, { method: 'POST', url: `${quoteUrl(id)}/send` });
  const stored = (id: number, number: number) =>
    app.database.db
      .selectFrom('quote_versions')
      .selectAll()
      .where('enquiry_id', '=', id)
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
  const statusOf = async (id: number) =>
    (
      await app.database.db
        .selectFrom('enquiries')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  /** The code of what `action` throws. */
  async function refusal(action: Promise<unknown>): Promise<string> {
    try {
      await action;
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      return ((error as HttpError).body as { code: string }).code;
    }
    throw new Error('it did not refuse');
  }
  const acceptBy = { name: 'Ali Rezaei', phone: '09121234567', ip: '10.0.0.1', method: 'checkbox' as const };

  let first: number;

  it('staff sign in; quote settings start from the defaults and only owners change them', async () => {
    agents.owner = await staffMember('owner');
    agents.editor = await staffMember('editor');
    agents.sales = await staffMember('sales');
    const defaults = await call(agents.owner, { method: 'GET', url: '/admin/api/settings/quotes' });
    expect(defaults.statusCode).toBe(200);
    const value = defaults.json() as QuoteSettings;
    expect(value).toMatchObject({ vat_rate: 1000, currency: 'rial', validity: { value: 3, unit: 'days' } });
    expect(value.seller.registered_name).toEqual({ fa: '', en: '' });
    const seller = {
      ...value.seller,
      registered_name: { fa: 'بازرگانی نمونه', en: 'Sample Trading' },
      economic_code: '411111111111',
      national_id: '10101010101',
      postal_code: '1234567890',
    };
    const put = await call(agents.owner, {
      method: 'PUT',
      url: '/admin/api/settings/quotes',
      payload: { ...value, seller, vat_rate: 1000, payment_terms: '50% پیش‌پرداخت' },
    });
    expect(put.statusCode).toBe(200);
    expect(
      (
        (
          await call(agents.owner, { method: 'GET', url: '/admin/api/settings/quotes' })
        ).json() as QuoteSettings
      ).seller.registered_name.en,
    ).toBe('Sample Trading');
    // Sales read the defaults through an enquiry's quote, but may not change or read the settings.
    for (const agent of [agents.sales, agents.editor]) {
      expect((await call(agent, { method: 'GET', url: '/admin/api/settings/quotes' })).statusCode).toBe(403);
      expect(
        (await call(agent, { method: 'PUT', url: '/admin/api/settings/quotes', payload: value })).statusCode,
      ).toBe(403);
    }
    const bad = await call(agents.owner, {
      method: 'PUT',
      url: '/admin/api/settings/quotes',
      payload: { ...value, vat_rate: 10_001, seller: { ...seller, postal_code: '12' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/postal/);
  });

  it('a draft is saved with its totals in exact Rials (Persian digits read), and read back', async () => {
    first = await enquiry();
    const empty = await call(agents.sales, { method: 'GET', url: quoteUrl(first) });
    expect(empty.statusCode, empty.body).toBe(200);
    const nothing = empty.json() as EnquiryQuote;
    expect(nothing).toMatchObject({ draft: null, buyer: null, versions: [] });
    expect(nothing.defaults.seller.registered_name.fa).toBe('بازرگانی نمونه');
    expect(typeof nothing.pdf_available).toBe('boolean');

    const saved = await save(first, draftBody());
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as { draft: { lines: { quantity: string }[] }; totals: Record<string, number> };
    expect(body.draft.lines[0]!.quantity).toBe('3');
    // 3 × 1,234,567 = 3,703,701; 12.5 % off = 462,962.625 → 462,963; VAT 10 % of 3,240,738 = 324,073.8 → 324,074.
    expect(body.totals).toMatchObject({
      subtotal: 3_703_701,
      discount: 462_963,
      taxable: 3_240_738,
      vat: 324_074,
      total: 3_564_812,
    });
    const read = (await call(agents.sales, { method: 'GET', url: quoteUrl(first) })).json() as EnquiryQuote;
    expect(read.draft).toMatchObject({ lines: [{ quantity: '3', unit_price: 1_234_567 }] });
    expect(read.buyer?.name).toBe('شرکت نمونه');
  });

  it('a bad draft is refused field by field, by path, never with a 5xx', async () => {
    const wrong = await save(
      first,
      draftBody({ lines: [{ ...draftBody().draft.lines[0], quantity: 'سه' }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      'draft.lines.0.quantity': [expect.any(String)],
      code: 'validation_failed',
    });
    const tooMuch = await save(
      first,
      draftBody({
        lines: [{ ...draftBody().draft.lines[0], discount: { kind: 'amount', rials: 9_999_999 } }],
      }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(JSON.stringify(tooMuch.json())).toContain('out_of_range');
    const hostile: unknown[] = [
      draftBody({ lines: [{ ...draftBody().draft.lines[0], unit_price: 1e20 }] }),
      draftBody({ lines: [{ ...draftBody().draft.lines[0], unit_price: 1.5 }] }),
      draftBody({ lines: [{ ...draftBody().draft.lines[0], quantity: 3 }] }),
      draftBody({ lines: [{ ...draftBody().draft.lines[0], quantity: '9999999999' }] }),
      draftBody({ lines: [{ ...draftBody().draft.lines[0], title: 'a\u0000b' }] }),
      draftBody({ lines: 'all of them' }),
      draftBody({ lines: [] }),
      draftBody({ vat_rate: -1 }),
      draftBody({ validity: { value: 10_000, unit: 'days' } }),
      { draft: null, buyer: null },
      { draft: draftBody().draft, buyer: { kind: 'robot' } },
      [],
    ];
    for (const payload of hostile) {
      const res = await save(first, payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBe(
        400,
      );
      expect(typeof (res.json() as { code?: string }).code).toBe('string');
    }
    // The saved draft is untouched by refused saves.
    const read = (await call(agents.sales, { method: 'GET', url: quoteUrl(first) })).json() as EnquiryQuote;
    expect(read.draft).toMatchObject({ lines: [{ quantity: '3', unit_price: 1_234_567 }] });
  });

  it('sending freezes the draft as v1: snapshot, SHA-256 of its content, status quoted, timeline, the visitor told', async () => {
    const outboxBefore = await app.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow();
    const sent = await send(first);
    expect(sent.statusCode, sent.body).toBe(201);
    const v1 = sent.json() as QuoteVersionSummary;
    expect(v1).toMatchObject({
      number: 1,
      state: 'sent',
      total: 3_564_812,
      currency: 'rial',
      sent_by: 'sales@example.com',
    });
    expect(Date.parse(v1.valid_until) - Date.parse(v1.sent_at)).toBe(72 * HOUR);
    const row = await stored(first, 1);
    expect(row.content_hash).toBe(crypto.createHash('sha256').update(row.content).digest('hex'));
    expect(v1.content_hash).toBe(row.content_hash);
    expect(Number(row.total)).toBe(3_564_812);
    // The content is canonical JSON (sorted keys): the snapshot written again gives the same text.
    const snapshot = JSON.parse(row.content) as QuoteSnapshot;
    expect(canonicalJson(snapshot)).toBe(row.content);
    expect(snapshot).toMatchObject({
      number: 1,
      reference: `E-${String(first).padStart(6, '0')}`,
      language: 'fa',
      seller: { registered_name: { fa: 'بازرگانی نمونه' }, economic_code: '411111111111' },
      buyer: { name: 'شرکت نمونه' },
      totals: { total: 3_564_812, vat: 324_074 },
    });
    const read = await call(agents.sales, { method: 'GET', url: `${quoteUrl(first)}/versions/1` });
    expect(read.statusCode).toBe(200);
    expect((read.json() as { snapshot: QuoteSnapshot }).snapshot).toEqual(snapshot);
    expect(await statusOf(first)).toBe('quoted');
    const detail = (
      await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries/${first}` })
    ).json() as EnquiryDetail;
    expect(detail.events.map((e) => [e.kind, e.from, e.to, e.quote ?? null])).toEqual(
      expect.arrayContaining([
        ['status', 'new', 'quoted', null],
        ['quote', null, null, { action: 'sent', number: 1 }],
      ]),
    );
    const first_quoted = await app.database.db
      .selectFrom('enquiries')
      .select('first_quoted_at')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(first_quoted.first_quoted_at).toBe(v1.sent_at);
    const outboxAfter = await app.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(outboxAfter.n)).toBeGreaterThan(Number(outboxBefore.n));
    // Nothing changed: the open v1 already says this.
    const again = await send(first);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { code: string }).code).toBe('quote_no_draft');
  });

  it('a changed draft leaves v1 as sent; sending it makes v2, v1 superseded; only v2 can be accepted, once', async () => {
    const before = await stored(first, 1);
    const changed = draftBody({ discount: { kind: 'percent', basis_points: 1500 } });
    expect((await save(first, changed)).statusCode).toBe(200);
    expect(await stored(first, 1)).toEqual(before);
    const sent = await send(first);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as QuoteVersionSummary).number).toBe(2);
    const list = (await call(agents.sales, { method: 'GET', url: quoteUrl(first) })).json() as EnquiryQuote;
    expect(list.versions.map((v) => [v.number, v.state])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
    expect((await stored(first, 1)).content).toBe(before.content);

    clock = new Date();
    expect(await refusal(quotes().accept(first, 1, { ...acceptBy, buyer: draftBody().buyer as never }))).toBe(
      'quote_superseded',
    );
    expect(
      await refusal(quotes().accept(first, 99, { ...acceptBy, buyer: draftBody().buyer as never })),
    ).toBe('not_found');
    // Two accepts at once: exactly one wins, the other is told the quote is decided.
    const results = await Promise.allSettled([
      quotes().accept(first, 2, { ...acceptBy, buyer: draftBody().buyer as never }),
      quotes().accept(first, 2, { ...acceptBy, name: 'Someone else', buyer: draftBody().buyer as never }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(((lost[0] as PromiseRejectedResult).reason as HttpError).body).toMatchObject({
      code: 'quote_decided',
    });
    const accepted = (won[0] as PromiseFulfilledResult<QuoteVersionSummary>).value;
    expect(accepted).toMatchObject({ number: 2, state: 'accepted', acceptance_method: 'checkbox' });
    const row = await stored(first, 2);
    expect(row).toMatchObject({ status: 'accepted', accepted_phone: '09121234567', accepted_ip: '10.0.0.1' });
    expect(row.accepted_name).toBe(accepted.accepted_by);
    expect(await statusOf(first)).toBe('won');
    expect(await refusal(quotes().decline(first, 2, { reason: 'price', note: '', ip: '10.0.0.2' }))).toBe(
      'quote_decided',
    );
    const detail = (
      await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries/${first}` })
    ).json() as EnquiryDetail;
    const last = detail.events.slice(-2);
    expect(last.map((e) => [e.kind, e.from, e.to, e.staff.id, e.quote ?? null])).toEqual([
      ['status', 'quoted', 'won', null, null],
      ['quote', null, null, null, { action: 'accepted', number: 2 }],
    ]);
    // Staff were told (the thread's notice to the owner and sales: mail or another channel).
    const notices = await app.database.db
      .selectFrom('outbox')
      .select('recipient')
      .where('recipient', 'in', ['owner@example.com', 'sales@example.com'])
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });

  it('two sends of one draft at the same moment make one version; the other is refused', async () => {
    const id = await enquiry();
    expect((await save(id, draftBody())).statusCode).toBe(200);
    const [a, b] = await Promise.all([send(id), send(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(((a.statusCode === 409 ? a : b).json() as { code: string }).code).toMatch(
      /^(quote_no_draft|edit_conflict)$/,
    );
    expect((await quotes().versions(id)).map((v) => v.number)).toEqual([1]);
    // The enquiry counts in the dashboard below: answered, then declined.
    clock = new Date();
    await quotes().decline(id, 1, { reason: 'bought_elsewhere', note: '', ip: '10.0.0.4' });
  });

  it('sending without a draft is refused (quote_no_draft); discarding a draft', async () => {
    const id = await enquiry('en');
    const none = await send(id);
    expect(none.statusCode).toBe(409);
    expect((none.json() as { code: string }).code).toBe('quote_no_draft');
    expect((await save(id, draftBody())).statusCode).toBe(200);
    expect((await call(agents.sales, { method: 'DELETE', url: quoteUrl(id) })).statusCode).toBe(204);
    expect(
      ((await call(agents.sales, { method: 'GET', url: quoteUrl(id) })).json() as EnquiryQuote).draft,
    ).toBeNull();
    expect((await send(id)).statusCode).toBe(409);
    expect(
      (await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/999999/quote' })).statusCode,
    ).toBe(404);
    expect((await send(999_999)).statusCode).toBe(404);
  });

  it("an expired quote cannot be accepted; re-issued at today's prices, it is v2 valid from now", async () => {
    const id = await enquiry('en');
    const body = draftBody({}, 1);
    body.draft.lines.push({
      product_id: null,
      title: 'Shipping crate',
      quantity: '1',
      unit: 'piece',
      unit_price: 500_000,
      discount: null,
    });
    expect((await save(id, body)).statusCode).toBe(200);
    const sent = await send(id);
    expect(sent.statusCode).toBe(201);
    const v1 = sent.json() as QuoteVersionSummary;
    expect(Date.parse(v1.valid_until) - Date.parse(v1.sent_at)).toBe(HOUR);

    // Two hours later, by the clock of the Quotes the test calls (the visitor's side).
    const later = new Date(Date.parse(v1.sent_at) + 2 * HOUR);
    clock = later;
    expect((await quotes().versions(id)).map((v) => v.state)).toEqual(['expired']);
    expect(await refusal(quotes().accept(id, 1, { ...acceptBy, buyer: body.buyer as never }))).toBe(
      'quote_expired',
    );
    expect(await refusal(quotes().decline(id, 1, { reason: 'price', note: '', ip: '10.0.0.2' }))).toBe(
      'quote_expired',
    );
    expect(await refusal(quotes().sendAcceptCode(id, 1, '10.0.0.1'))).toBe('quote_expired');

    // Product 1's price changes (2,000,000 Rials now); the free-text line keeps its price.
    await app.database.db
      .updateTable('products')
      .set({ start_price: 200_000, currency_type: 'IRT' })
      .where('id', '=', 1)
      .execute();
    const reissued = await call(agents.sales, { method: 'POST', url: `${quoteUrl(id)}/versions/1/reissue` });
    expect(reissued.statusCode, reissued.body).toBe(201);
    const v2 = reissued.json() as QuoteVersionSummary;
    expect(v2).toMatchObject({ number: 2, state: 'sent' });
    expect(Date.parse(v2.sent_at)).toBeGreaterThan(Date.parse(v1.sent_at));
    expect(Date.parse(v2.valid_until) - Date.parse(v2.sent_at)).toBe(HOUR);
    const snapshot = JSON.parse((await stored(id, 2)).content) as QuoteSnapshot;
    expect(snapshot.draft.lines.map((l) => l.unit_price)).toEqual([2_000_000, 500_000]);
    expect(snapshot.language).toBe('en');
    // 3 × 2,000,000 + 500,000 = 6,500,000; 12.5 % off = 812,500 → 5,687,500; VAT 568,750.
    expect(v2.total).toBe(6_256_250);
    const read = (await call(agents.sales, { method: 'GET', url: quoteUrl(id) })).json() as EnquiryQuote;
    expect(read.draft).toMatchObject({ lines: [{ unit_price: 2_000_000 }, { unit_price: 500_000 }] });
    expect(read.versions.map((v) => [v.number, v.state])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
    const events = (
      (await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries/${id}` })).json() as EnquiryDetail
    ).events;
    expect(events.at(-1)?.quote).toEqual({ action: 'reissued', number: 2 });
    expect(
      (await call(agents.sales, { method: 'POST', url: `${quoteUrl(id)}/versions/9/reissue` })).statusCode,
    ).toBe(404);
    clock = new Date();
    await app.database.db
      .updateTable('products')
      .set({ start_price: 1_000_000, currency_type: 'IRR' })
      .where('id', '=', 1)
      .execute();
  });

  it('a decline records its reason and note; the enquiry is lost; sending again re-opens it as quoted', async () => {
    const id = await enquiry();
    expect((await save(id, draftBody())).statusCode).toBe(200);
    expect((await send(id)).statusCode).toBe(201);
    clock = new Date();
    const declined = await quotes().decline(id, 1, {
      reason: 'delivery_time',
      note: 'دو هفته دیر است',
      ip: '10.0.0.3',
    });
    expect(declined).toMatchObject({
      state: 'declined',
      decline_reason: 'delivery_time',
      decline_note: 'دو هفته دیر است',
    });
    expect(await statusOf(id)).toBe('lost');
    expect((await stored(id, 1)).accepted_ip).toBe('10.0.0.3');
    expect(await refusal(quotes().accept(id, 1, { ...acceptBy, buyer: draftBody().buyer as never }))).toBe(
      'quote_decided',
    );
    expect((await save(id, draftBody({ discount: null }))).statusCode).toBe(200);
    expect((await send(id)).statusCode).toBe(201);
    expect(await statusOf(id)).toBe('quoted');
    // The declined version stays declined (not superseded).
    expect((await stored(id, 1)).status).toBe('declined');
  });

  it('the acceptance code needs SMS: without it, sms_not_configured', async () => {
    const id = await enquiry();
    expect((await save(id, draftBody())).statusCode).toBe(200);
    expect((await send(id)).statusCode).toBe(201);
    expect(await refusal(quotes().sendAcceptCode(id, 1, '10.0.0.1'))).toBe('sms_not_configured');
    expect(await quotes().checkAcceptCode(id, '123456')).toBe(false);
  });

  it("a product's price for a quote line, for sales too: its start price in Rials (Tomans × 10), none on request, 404 unknown", async () => {
    const price = async (id: number, agent = agents.sales) =>
      call(agent, { method: 'GET', url: `/admin/api/quote-prices/${id}` });
    await app.database.db
      .updateTable('products')
      .set({ start_price: 125_000, currency_type: 'IRT', price_on_request: 0 })
      .where('id', '=', 1)
      .execute();
    const tomans = await price(1);
    expect(tomans.statusCode, tomans.body).toBe(200);
    expect(tomans.json()).toEqual({ product: 1, rials: 1_250_000 });
    await app.database.db
      .updateTable('products')
      .set({ start_price: 990_000, currency_type: 'IRR' })
      .where('id', '=', 1)
      .execute();
    expect((await price(1, agents.owner)).json()).toEqual({ product: 1, rials: 990_000 });
    await app.database.db.updateTable('products').set({ price_on_request: 1 }).where('id', '=', 1).execute();
    expect((await price(1)).json()).toEqual({ product: 1, rials: null });
    await app.database.db.updateTable('products').set({ price_on_request: 0 }).where('id', '=', 1).execute();
    expect((await price(999_999)).statusCode).toBe(404);
    expect((await price(0)).statusCode).toBe(400);
  });

  it('editors (catalogue only) and anonymous callers may not use the quote routes', async () => {
    const id = first;
    const routes: InjectOptions[] = [
      { method: 'GET', url: quoteUrl(id) },
      { method: 'PUT', url: quoteUrl(id), payload: draftBody() },
      { method: 'DELETE', url: quoteUrl(id) },
      { method: 'POST', url: `${quoteUrl(id)}/send` },
      { method: 'POST', url: `${quoteUrl(id)}/versions/1/reissue` },
      { method: 'GET', url: `${quoteUrl(id)}/versions/1` },
      { method: 'GET', url: '/admin/api/quote-prices/1' },
    ];
    for (const route of routes) {
      expect((await call(agents.editor, route)).statusCode, String(route.url)).toBe(403);
      expect((await call(undefined, route)).statusCode, String(route.url)).toBe(401);
    }
    expect((await call(agents.owner, { method: 'GET', url: `${quoteUrl(id)}/versions/1` })).statusCode).toBe(
      200,
    );
  });

  it('the dashboard counts quotes sent, accepted, declined, expired, the accepted value by month and the median time to a first quote', async () => {
    clock = new Date();
    const figures = await quotes().dashboardFigures();
    // Sent: first v1, v2; the double send's v1; the expired one's v1, v2; the declined one's v1, v2; the code one's v1.
    expect(figures.sent).toBe(8);
    expect(figures.accepted).toBe(1);
    expect(figures.declined).toBe(2);
    expect(figures.expired).toBe(0);
    expect(figures.accepted_value_by_month).toHaveLength(12);
    const accepted = await stored(first, 2);
    expect(figures.accepted_value_by_month.at(-1)?.total).toBe(Number(accepted.total));
    expect(figures.accepted_value_by_month.slice(0, 11).every((m) => m.total === 0)).toBe(true);
    expect(figures.median_hours_to_first_quote).not.toBeNull();
    expect(figures.median_hours_to_first_quote!).toBeGreaterThanOrEqual(0);
    expect(figures.median_hours_to_first_quote!).toBeLessThan(1);
    // Three days later the open versions have expired.
    clock = new Date(Date.now() + 4 * 24 * HOUR);
    const later = await quotes().dashboardFigures(new Date(Date.now() - 30 * 24 * HOUR));
    expect(later.expired).toBe(3);

    const owner = (
      await call(agents.owner, { method: 'GET', url: '/admin/api/dashboard' })
    ).json() as Dashboard;
    expect(owner.quotes).toMatchObject({ sent: 8, accepted: 1, declined: 2 });
    // The money is shown as the quote settings say (rial or toman).
    expect(owner.quotes?.currency).toBe((await quotes().settings()).currency);
    const editor = (
      await call(agents.editor, { method: 'GET', url: '/admin/api/dashboard' })
    ).json() as Dashboard;
    expect(editor.quotes).toBeNull();
  });

  it('send, re-issue, accept and decline read the channels outside their transaction (one SQLite connection: no deadlock)', async () => {
    // The channels' setup is cached for 2 s; read from the database inside a transaction on SQLite,
    // it would wait for the connection that transaction holds, for ever. Forgotten before each step.
    const id = await enquiry();
    expect((await save(id, draftBody())).statusCode).toBe(200);
    app.channels.changed();
    expect((await send(id)).statusCode).toBe(201);
    app.channels.changed();
    const reissued = await call(agents.sales, { method: 'POST', url: `${quoteUrl(id)}/versions/1/reissue` });
    expect(reissued.statusCode, reissued.body).toBe(201);
    clock = new Date();
    app.channels.changed();
    expect((await quotes().accept(id, 2, { ...acceptBy, buyer: draftBody().buyer as never })).state).toBe(
      'accepted',
    );
    const other = await enquiry();
    expect((await save(other, draftBody())).statusCode).toBe(200);
    expect((await send(other)).statusCode).toBe(201);
    app.channels.changed();
    expect((await quotes().decline(other, 1, { reason: 'price', note: '', ip: '10.0.0.4' })).state).toBe(
      'declined',
    );
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });
});
