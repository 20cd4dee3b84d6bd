import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Enquiry, MyEnquiry } from '@storefront/contracts';
import { buildApp } from '../src/app.ts';
import { resolveJwtSecret } from '../src/lib/secret.ts';
import { followHash, followKey } from '../src/modules/enquiries/follow-link.ts';
import { createUserWithToken } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * The storefront's side of the quote loop (issue 25), on SQLite and PostgreSQL: the enquiry's 201
 * carries its private page's link (the random token, absolute on the store's address, in the
 * request's language), and a signed-in user's "my requests" lists their enquiries only, newest first,
 * with the status in a buyer's words, the newest quote's state and a signed link that opens the page.
 */

const BASE_URL = 'https://shop.example.ir';

describeEachDatabase('follow links and my requests', (store) => {
  let app: FastifyInstance;
  let secret: string;
  beforeAll(async () => {
    app = await buildApp({ ...store().config, publicUrl: BASE_URL, outboxWorker: false, rateLimits: 'off' });
    secret = resolveJwtSecret(store().config.jwtSecret, store().config.dataDir);
    return () => app.close();
  });

  const send = async (lang: 'fa' | 'en', token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/${lang}/api/store/products/-1/orders/`,
      payload: { phone: '09121234567', description: `a ${lang} request` },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Enquiry;
  };
  const mine = (lang: 'fa' | 'en', token?: string) =>
    app.inject({
      method: 'GET',
      url: `/${lang}/api/store/enquiries/`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('the 201 carries the follow link with the random token, in the request’s language, and it opens the page', async () => {
    for (const lang of ['fa', 'en'] as const) {
      const sent = await send(lang);
      expect(sent.follow_url).toMatch(new RegExp(`^${BASE_URL}/app/e/[A-Za-z0-9_-]{32}\\?lng=${lang}$`));
      const token = /\/app\/e\/([^?]+)/.exec(sent.follow_url!)![1]!;
      const { follow_hash } = await app.database.db
        .selectFrom('enquiries')
        .select('follow_hash')
        .where('id', '=', sent.id)
        .executeTakeFirstOrThrow();
      expect(follow_hash).toBe(followHash(token));
      const page = await app.inject(new URL(sent.follow_url!).pathname);
      expect(page.statusCode).toBe(200);
      const reference = `E-${String(sent.id).padStart(6, '0')}`;
      expect(page.body).toContain(
        lang === 'en' ? reference : reference.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
      );
    }
  });

  it('without PUBLIC_URL or a staff origin, the link is the path alone (the storefront is on the same origin)', async () => {
    const local = await buildApp({
      ...store().config,
      publicUrl: undefined,
      outboxWorker: false,
      rateLimits: 'off',
    });
    try {
      await local.database.db.deleteFrom('meta').where('key', '=', 'staffOrigin').execute();
      const res = await local.inject({
        method: 'POST',
        url: '/en/api/store/products/-1/orders/',
        payload: { phone: '09121234567', description: 'x' },
      });
      expect((res.json() as Enquiry).follow_url).toMatch(/^\/app\/e\/[A-Za-z0-9_-]{32}\?lng=en$/);
    } finally {
      await local.close();
    }
  });

  it('my requests: 401 signed out or with a dead token', async () => {
    const out = await mine('fa');
    expect(out.statusCode).toBe(401);
    expect((out.json() as { code: string }).code).toBe('not_authenticated');
    const dead = await mine('fa', 'not-a-token');
    expect(dead.statusCode).toBe(401);
    expect((dead.json() as { code: string }).code).toBe('token_not_valid');
  });

  it("my requests: only the user's, newest first, statuses in a buyer's words, the newest quote's state, signed links", async () => {
    const anna = await createUserWithToken(app);
    const bob = await createUserWithToken(app);
    const first = await send('fa', anna.access);
    const second = await send('en', anna.access);
    const third = await send('fa', anna.access);
    const bobs = await send('fa', bob.access);
    const db = app.database.db;
    // Distinct times (the list is newest first by creation).
    for (const [id, at] of [
      [first.id, '2026-01-01T10:00:00.000Z'],
      [second.id, '2026-01-02T10:00:00.000Z'],
      [third.id, '2026-01-03T10:00:00.000Z'],
    ] as const)
      await db.updateTable('enquiries').set({ created_at: at }).where('id', '=', id).execute();
    await db.updateTable('enquiries').set({ status: 'quoted' }).where('id', '=', second.id).execute();
    await db.updateTable('enquiries').set({ status: 'won' }).where('id', '=', third.id).execute();
    const version = (enquiryId: number, number: number, status: string, validUntil: string) => ({
      enquiry_id: enquiryId,
      number,
      content: '{}',
      content_hash: 'x',
      total: 1_000_000,
      currency: 'rial',
      sent_at: '2026-01-02T11:00:00.000Z',
      valid_until: validUntil,
      sent_by: null,
      status,
    });
    await db
      .insertInto('quote_versions')
      .values([
        // The second's newest (v2) is sent and past its validity: expired; v1 was superseded.
        version(second.id, 1, 'superseded', '2099-01-01T00:00:00.000Z'),
        version(second.id, 2, 'sent', '2026-01-03T00:00:00.000Z'),
        version(third.id, 1, 'accepted', '2099-01-01T00:00:00.000Z'),
      ])
      .execute();

    const res = await mine('en', anna.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { results } = res.json() as { results: MyEnquiry[] };
    expect(results.map((r) => [r.id, r.reference, r.status, r.quote])).toEqual([
      [third.id, `E-${String(third.id).padStart(6, '0')}`, 'accepted', { number: 1, state: 'accepted' }],
      [second.id, `E-${String(second.id).padStart(6, '0')}`, 'quoted', { number: 2, state: 'expired' }],
      [first.id, `E-${String(first.id).padStart(6, '0')}`, 'received', null],
    ]);
    expect(results.some((r) => r.id === bobs.id)).toBe(false);
    // Each link: signed for its own enquiry, in the list's language, and it opens the page.
    for (const result of results) {
      expect(result.follow_url).toMatch(new RegExp(`^${BASE_URL}/app/e/s[A-Za-z0-9_-]{32}\\?lng=en$`));
      const token = /\/app\/e\/([^?]+)/.exec(result.follow_url)![1]!;
      expect(followKey(secret, token)).toEqual({ id: result.id });
      const page = await app.inject(new URL(result.follow_url).pathname + '?lng=en');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(result.reference);
    }
    // A still valid sent quote is 'sent'.
    await db
      .updateTable('quote_versions')
      .set({ valid_until: '2099-01-01T00:00:00.000Z' })
      .where('enquiry_id', '=', second.id)
      .where('number', '=', 2)
      .execute();
    const again = (await mine('fa', anna.access)).json() as { results: MyEnquiry[] };
    expect(again.results.find((r) => r.id === second.id)!.quote).toEqual({ number: 2, state: 'sent' });
    expect(again.results[0]!.follow_url).toMatch(/\?lng=fa$/);
    // Bob sees his own only.
    const his = (await mine('fa', bob.access)).json() as { results: MyEnquiry[] };
    expect(his.results.map((r) => r.id)).toEqual([bobs.id]);
  });
});
