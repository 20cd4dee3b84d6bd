import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { followHash, newFollowToken } from '../src/modules/enquiries/follow-link.ts';
import { Settings } from '../src/modules/settings/repository.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * An enquiry's private follow page, /app/e/{token}: what it shows in each language, the status in
 * a buyer's words, the same 404 for every link that opens nothing, and the headers that keep the
 * token out of indexes, caches and other sites' logs.
 */

/** 1 Farvardin 1404 at noon in Tehran: one date to check both calendars against. */
const SENT_AT = '2025-03-21T08:30:00.000Z';

describeEachDatabase('the enquiry follow page', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (a) => {
    app = a;
  });

  /** Sends an enquiry through the storefront's API, then gives it a follow link (the API does not return one). */
  async function enquiry(
    lang: 'fa' | 'en',
    productId: number,
    description: string,
  ): Promise<{ id: number; token: string }> {
    const sent = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/${productId}/orders/`,
      payload: { phone: '09121234567', description },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: number };
    const token = newFollowToken();
    await app.database.db
      .updateTable('enquiries')
      .set({ follow_hash: followHash(token), created_at: SENT_AT })
      .where('id', '=', id)
      .execute();
    return { id, token };
  }

  const setStatus = (id: number, status: string) =>
    app.database.db.updateTable('enquiries').set({ status }).where('id', '=', id).execute();

  const reference = (id: number) => `E-${String(id).padStart(6, '0')}`;
  const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

  function expectPrivateHeaders(res: LightMyRequestResponse): void {
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }

  let fa: { id: number; token: string };
  let en: { id: number; token: string };
  let general: { id: number; token: string };
  beforeAll(async () => {
    await new Settings(app.database.db).put(
      'storeIdentity',
      JSON.stringify({
        name: { fa: 'بازرگانی پسته', en: 'Pistachio Trading' },
        phones: ['021-8888 1234', '+98 912 000 0000'],
      }),
    );
    fa = await enquiry('fa', 1, 'سلام، ۲ کیلو <b>پسته</b> می‌خواهم.\nخط دوم');
    en = await enquiry('en', 1, 'Two kilos, please.');
    general = await enquiry('fa', -1, '');
  });

  it('in Persian: the store, the reference in Persian digits, the status, the product, the Jalali date, the message, the phones', async () => {
    const res = await app.inject(`/app/e/${fa.token}`);
    expect(res.statusCode).toBe(200);
    expectPrivateHeaders(res);
    const html = res.body;
    expect(html).toContain('<html lang="fa" dir="rtl">');
    expect(html).toContain('بازرگانی پسته');
    expect(html).toContain(persian(reference(fa.id)));
    expect(html).not.toContain(reference(fa.id));
    expect(html).toContain('<strong>دریافت شد</strong>');
    // The title it was sent with (Arabic letters as the catalogue has them).
    expect(html).toContain('پسته كرماني اكبري');
    expect(html).toContain('۱ فروردین ۱۴۰۴');
    expect(html).toContain(`datetime="${SENT_AT}"`);
    // The message as text: its markup escaped, its line break kept by the page's style.
    expect(html).toContain('سلام، ۲ کیلو &lt;b&gt;پسته&lt;/b&gt; می‌خواهم.\nخط دوم');
    expect(html).not.toContain('<b>پسته</b>');
    expect(html).toContain('<p class="message" dir="auto">');
    expect(html).toContain('<a href="tel:02188881234"><bdi dir="ltr">۰۲۱-۸۸۸۸ ۱۲۳۴</bdi></a>');
    expect(html).toContain('<a href="tel:+989120000000">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/<script/i);
    // Not the storefront's shell, which /app/* answers.
    expect(html).not.toContain('id="root"');
    expect(html).not.toContain('فروشگاه ساخته نشده است');
  });

  it('in English on ?lng=en: Latin digits, the Gregorian date and the product in English', async () => {
    const res = await app.inject(`/app/e/${fa.token}?lng=en`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('Pistachio Trading');
    expect(html).toContain(reference(fa.id));
    expect(html).toContain('<strong>Received</strong>');
    expect(html).toContain('Akbari pistachio');
    expect(html).toContain('21 March 2025');
    expect(html).toContain('<bdi dir="ltr">021-8888 1234</bdi>');
  });

  it("in the enquiry's language by default; ?lng=fa shows an English enquiry in Persian", async () => {
    const english = await app.inject(`/app/e/${en.token}`);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('Akbari pistachio');
    expect(english.body).toContain('Two kilos, please.');
    const persianPage = await app.inject(`/app/e/${en.token}?lng=fa`);
    expect(persianPage.body).toContain('<html lang="fa" dir="rtl">');
    expect(persianPage.body).toContain('پسته كرماني اكبري');
    expect(persianPage.body).toContain(persian(reference(en.id)));
    // A language the page does not have is the enquiry's.
    expect((await app.inject(`/app/e/${en.token}?lng=de`)).body).toContain('<html lang="en" dir="ltr">');
  });

  it('a general request says so, in both languages', async () => {
    expect((await app.inject(`/app/e/${general.token}`)).body).toContain('درخواست عمومی');
    expect((await app.inject(`/app/e/${general.token}?lng=en`)).body).toContain('General request');
  });

  it("each status in a buyer's words", async () => {
    const words: [status: string, fa: string, en: string][] = [
      ['new', 'دریافت شد', 'Received'],
      ['contacted', 'در حال بررسی', 'Being reviewed'],
      ['quoted', 'پیش‌فاکتور فرستاده شد', 'Quoted'],
      ['won', 'پذیرفته شد', 'Accepted'],
      ['lost', 'بسته شد', 'Closed'],
      ['spam', 'بسته شد', 'Closed'],
    ];
    for (const [status, faWord, enWord] of words) {
      await setStatus(general.id, status);
      expect((await app.inject(`/app/e/${general.token}`)).body, status).toContain(
        `<strong>${faWord}</strong>`,
      );
      expect((await app.inject(`/app/e/${general.token}?lng=en`)).body, status).toContain(
        `<strong>${enWord}</strong>`,
      );
    }
    await setStatus(general.id, 'new');
  });

  it('before any quote or message: says so, offers the message form, headings in order', async () => {
    const fresh = await enquiry('fa', 1, 'سلام');
    const html = (await app.inject(`/app/e/${fresh.token}`)).body;
    expect(html).toContain('هنوز پیش‌فاکتوری فرستاده نشده است.');
    expect(html).toContain('هنوز پیامی نیست.');
    expect(html).toContain(
      `<form method="post" action="/app/e/${fresh.token}/messages?lng=fa" enctype="multipart/form-data">`,
    );
    expect(html).toContain('<label for="message-body">متن پیام</label>');
    expect(html).toContain('درخواست شما دریافت شد');
    expect(html).not.toContain('/accept');
    // One h1, then h2s (and h3s under them): no level skipped.
    const levels = [...html.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    const en = (await app.inject(`/app/e/${fresh.token}?lng=en`)).body;
    expect(en).toContain('No quote has been sent yet.');
    expect(en).toContain('<label for="message-body">Message</label>');
    // An unknown notice is none.
    expect((await app.inject(`/app/e/${fresh.token}?done=hacked`)).body).not.toContain('role="status"');
  });

  it('HEAD answers as GET does, without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/app/e/${fa.token}` });
    expect(res.statusCode).toBe(200);
    expectPrivateHeaders(res);
    expect(res.body).toBe('');
    const missing = await app.inject({ method: 'HEAD', url: `/app/e/${newFollowToken()}` });
    expect(missing.statusCode).toBe(404);
  });

  it('a trailing slash opens the same page', async () => {
    const res = await app.inject(`/app/e/${fa.token}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(persian(reference(fa.id)));
  });

  describe('links that open nothing', () => {
    it('an unknown token and a malformed one get the same 404 page', async () => {
      const unknown = await app.inject(`/app/e/${newFollowToken()}`);
      expect(unknown.statusCode).toBe(404);
      expectPrivateHeaders(unknown);
      expect(unknown.body).toContain('<html lang="fa" dir="rtl">');
      expect(unknown.body).toContain('درخواست پیدا نشد');
      expect(unknown.body).toContain('<meta name="robots" content="noindex, nofollow">');
      // The hash of a real token is not a token (the page looks the hash up, never the reverse).
      const hashed = followHash(fa.token).slice(0, 32);
      const malformed = [
        '/app/e/%00',
        `/app/e/${'A'.repeat(31)}%00`,
        `/app/e/${'A'.repeat(10 * 1024)}`,
        `/app/e/${fa.token.slice(0, 31)}`,
        `/app/e/${fa.token}x`,
        `/app/e/${fa.token}/more`,
        `/app/e/${hashed}`,
        '/app/e/',
        '/app/e',
        "/app/e/'%20OR%201=1--",
      ];
      for (const url of malformed) {
        const res = await app.inject(url);
        expect(res.statusCode, url.slice(0, 60)).toBe(404);
        expect(res.body, url.slice(0, 60)).toBe(unknown.body);
      }
    });

    it('a URL that is not validly percent-encoded is the 400 every route gives it, never a 500', async () => {
      for (const url of ['/app/e/%ff', `/app/e/${'A'.repeat(30)}%ff%fe`, '/app/e/%00%ff']) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { code: string }).code).toBe('invalid_encoding');
      }
    });

    it('any path segment at all: a 404 page or the 400 for bad encoding, never a 5xx', async () => {
      // Its UTF-8 bytes percent-encoded, even for a string that is not well-formed (lone surrogates).
      const pct = (value: string) =>
        [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 64 }), fc.boolean(), async (segment, raw) => {
          const res = await app.inject(`/app/e/${raw ? segment.replace(/[\s#?]/g, '') : pct(segment)}`);
          expect([400, 404]).toContain(res.statusCode);
          if (res.statusCode === 404) expect(res.headers['cache-control']).toBe('private, no-store');
        }),
        { numRuns: 100 },
      );
    });

    it("the 404 page is in the link's language, else the visitor's", async () => {
      const token = newFollowToken();
      expect((await app.inject(`/app/e/${token}?lng=en`)).body).toContain('Request not found');
      const byBrowser = await app.inject({
        url: `/app/e/${token}`,
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(byBrowser.statusCode).toBe(404);
      expect(byBrowser.body).toContain('<html lang="en" dir="ltr">');
      expect(byBrowser.body).toContain('Request not found');
    });
  });
});

describe('follow tokens (enquiries/follow-link.ts newFollowToken)', () => {
  it('drawn from a pool of random bytes: 600 tokens across several pools, each 32 base64url characters, none twice', () => {
    const tokens = Array.from({ length: 600 }, () => newFollowToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(600);
  });
});
