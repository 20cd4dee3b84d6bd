import type { AuditEntry } from '@storefront/contracts/admin';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readSummary, recordAudit } from '../src/modules/admin/audit.ts';
import { setupLinkIfNeeded } from '../src/modules/admin/index.ts';
import { staffSession, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

const PASSWORD = 'a long enough password';

interface Agent {
  cookie: string;
  csrf: string;
}

describeEachDatabase('the audit log', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  let owner: Agent;

  const call = (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf, ...options.headers },
    });

  async function latest(query: string): Promise<AuditEntry> {
    const answer = await call({ url: `/admin/api/audit?${query}` });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { results: AuditEntry[] }).results[0]!;
  }

  it('an update carries each changed field before and after (nested fields by path, HTML as text, long texts shortened)', async () => {
    const token = (await setupLinkIfNeeded(app, 'http://127.0.0.1'))!.split('/').pop()!;
    owner = staffSession(
      await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token, email: 'owner@example.com', name: 'Owner', password: PASSWORD },
      }),
    );
    const read = (await call({ url: '/admin/api/catalogue/products/1' })).json() as {
      version: string;
      entity: { title: Record<string, string>; description: Record<string, string>; inventory?: number };
    };
    const long = `<p>${'زعفران &amp; هل '.repeat(60)}</p><p>پایان</p>`;
    const entity = {
      ...read.entity,
      title: { ...read.entity.title, en: 'Saffron, renamed' },
      description: { ...read.entity.description, fa: long },
    };
    const saved = await call({
      method: 'PUT',
      url: '/admin/api/catalogue/products/1',
      payload: { version: read.version, entity },
    });
    expect(saved.statusCode).toBe(200);

    const entry = await latest('entity=product&action=update');
    expect(entry).toMatchObject({ action: 'update', entity: 'product', entity_id: '1' });
    const byField = Object.fromEntries(entry.changes.map((c) => [c.field, c]));
    expect(Object.keys(byField).sort()).toEqual(['description.fa', 'title.en']);
    expect(byField['title.en']).toEqual({
      field: 'title.en',
      before: read.entity.title.en ?? null,
      after: 'Saffron, renamed',
    });
    const after = byField['description.fa']!.after as string;
    expect(after).not.toMatch(/[<>]|&amp;/);
    expect(after.startsWith('زعفران & هل زعفران')).toBe(true);
    expect(after.endsWith('…')).toBe(true);
    expect(after.length).toBeLessThanOrEqual(301);
    // The stored summary stays whole JSON, as before: field → [before, after].
    expect(JSON.parse(entry.summary)).toMatchObject({ title: [read.entity.title, entity.title] });
  });

  it('a staff member’s new role and the review moderation setting carry before and after; facts stay apart', async () => {
    const invited = await call({
      method: 'POST',
      url: '/admin/api/staff/invites',
      payload: { email: 'editor@example.com', role: 'editor' },
    });
    const token = (invited.json() as { link: string }).link.split('/').pop()!;
    const accepted = await app.inject({
      method: 'POST',
      url: `/admin/api/invites/${token}`,
      payload: { name: 'Editor', password: PASSWORD },
    });
    const id = (accepted.json() as { staff: { id: number } }).staff.id;
    expect(
      (await call({ method: 'PATCH', url: `/admin/api/staff/${id}`, payload: { role: 'sales' } })).statusCode,
    ).toBe(200);
    const entry = await latest('entity=staff&action=update');
    expect(entry.changes).toEqual([{ field: 'role', before: 'editor', after: 'sales' }]);
    expect(entry.details).toEqual({ email: 'editor@example.com' });

    const before = (await call({ url: '/admin/api/settings' })).json() as { reviews: string };
    const other = before.reviews === 'hold' ? 'publish' : 'hold';
    expect(
      (await call({ method: 'PUT', url: '/admin/api/settings', payload: { reviews: other } })).statusCode,
    ).toBe(200);
    expect((await latest('entity=settings')).changes).toEqual([
      { field: 'reviews', before: before.reviews, after: other },
    ]);

    // A bulk action's ids are a fact, not a change; an overlong list is cut, the JSON kept whole.
    await recordAudit(app.database.db, null, {
      action: 'bulk_publish',
      entity: 'product',
      summary: { ids: Array.from({ length: 500 }, (_, i) => i + 1) },
    });
    const bulk = await latest('action=bulk_publish');
    expect(bulk.changes).toEqual([]);
    expect((bulk.details.ids as unknown[]).length).toBe(21);
    expect(JSON.parse(bulk.summary)).toBeTypeOf('object');
  });
});

describe('reading a stored summary', () => {
  it('an entry cut in the middle of its JSON (older entries) reads as empty, not as an error', () => {
    expect(readSummary('update', '{"title":[{"fa":"…')).toEqual({ changes: [], details: {} });
  });

  it('a created entity’s fields are changes from nothing', () => {
    expect(
      readSummary('create', JSON.stringify({ title: [null, { fa: 'الف', en: 'A' }], tags: [null, [1, 2]] })),
    ).toEqual({
      changes: [
        { field: 'title.fa', before: null, after: 'الف' },
        { field: 'title.en', before: null, after: 'A' },
        { field: 'tags', before: null, after: [1, 2] },
      ],
      details: {},
    });
  });
});
