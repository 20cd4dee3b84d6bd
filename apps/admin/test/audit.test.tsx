import {
  auditActions,
  auditEntities,
  customerDeletedSchema,
  entitySchemas,
  enquiryQuerySchema,
  importReportSchema,
  type AuditEntry,
} from '@storefront/contracts/admin';
import { aboutUsSchema, storeSchema } from '@storefront/contracts/catalogue';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/lib/i18n.ts';
import { routes } from '../src/app/routes.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';

// ---- every action, kind and field the server records has its words in fa and en ----------------

/** The server's audit calls, as source text (what their literal summaries name). */
const serverSources = import.meta.glob('../../server/src/modules/admin/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Keys of the object literals given as `summary:` to `recordAudit` in the server's sources. */
function literalSummaryKeys(): Set<string> {
  const keys = new Set<string>();
  for (const source of Object.values(serverSources)) {
    if (!source.includes('recordAudit(')) continue;
    for (const match of source.matchAll(/summary:\s*\{/g)) {
      // The literal up to its matching brace.
      let depth = 0;
      let end = match.index + match[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === '{') depth++;
        else if (source[end] === '}' && --depth === 0) break;
      }
      const literal = source.slice(match.index + match[0].length - 1, end + 1);
      for (const key of literal.matchAll(/[{,]\s*([a-z_]+)\s*(?=[:,}])/g)) keys.add(key[1]!);
    }
  }
  return keys;
}

const shapeKeys = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);

/** Fields a change can name: every catalogue entity's, the store's, about-us's, and the others. */
const changeFields = new Set([
  ...Object.values(entitySchemas).flatMap((s) => shapeKeys(s as never)),
  ...shapeKeys(storeSchema as never),
  ...shapeKeys(aboutUsSchema as never),
  // The store's social links, an image's parts, a property's parts (nested paths).
  ...shapeKeys(
    (storeSchema.shape.social as unknown as { unwrap(): { shape: Record<string, unknown> } }).unwrap(),
  ),
  'src',
  'alt',
  'key',
  'value',
  // Recorded as [before, after] outside the catalogue: settings, reviews, customers, staff, enquiries.
  'reviews',
  'status',
  'active',
  'role',
  'assignee',
]);

/** Facts an entry can carry besides its changes. */
const detailKeys = new Set([
  ...literalSummaryKeys(),
  ...shapeKeys(customerDeletedSchema),
  ...shapeKeys(importReportSchema.shape.summary),
  ...['added', 'changed', 'removed'],
  ...shapeKeys(enquiryQuerySchema).filter((k) => k !== 'page' && k !== 'page_size'),
]);

describe('the audit log’s words', () => {
  it('reads the server’s recorded summaries (the scan finds their keys)', () => {
    expect(Object.keys(serverSources).length).toBeGreaterThan(3);
    expect([...literalSummaryKeys()]).toEqual(
      expect.arrayContaining(['email', 'url', 'ids', 'bytes', 'before']),
    );
  });

  for (const language of ['fa', 'en'] as const) {
    it(`every action, entity kind and field has a translation in ${language}`, () => {
      const i18n = createI18n(language);
      const missing = [
        ...auditActions.map((a) => `audit.actions.${a}`),
        ...auditEntities.map((e) => `audit.entities.${e}`),
        ...[...changeFields].map((f) => `fields.${f}`),
        ...[...detailKeys].filter((k) => !i18n.exists(`fields.${k}`)).map((k) => `audit.details.${k}`),
      ].filter((key) => !i18n.exists(key));
      expect(missing).toEqual([]);
    });
  }
});

// ---- the log as an owner reads it ----------------------------------------------------------------

const entry = (id: number, rest: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-02-01T10:00:00Z',
  staff_id: 1,
  staff_email: 'owner@example.com',
  action: 'update',
  entity: 'product',
  entity_id: null,
  summary: '{}',
  changes: [],
  details: {},
  ...rest,
});

const entries: AuditEntry[] = [
  entry(1, {
    entity_id: '12',
    summary: '{"title":[{"fa":"زعفران","en":"Saffron"},{"fa":"زعفران نگین","en":"Saffron"}]}',
    changes: [
      { field: 'title.fa', before: 'زعفران', after: 'زعفران نگین' },
      {
        field: 'description.en',
        before: '<p>Old <strong>text</strong></p>',
        after: `<p>${'word '.repeat(60)}</p>`,
      },
      { field: 'inventory', before: 10, after: 25 },
      { field: 'published', before: false, after: true },
    ],
  }),
  entry(2, {
    entity: 'staff',
    entity_id: '3',
    summary: '{"email":"editor@example.com","role":["editor","sales"]}',
    changes: [{ field: 'role', before: 'editor', after: 'sales' }],
    details: { email: 'editor@example.com' },
  }),
  entry(3, {
    entity: 'settings',
    changes: [{ field: 'reviews', before: 'publish', after: 'hold' }],
  }),
  entry(4, { action: 'bulk_publish', details: { ids: [4, 5, 6] } }),
  entry(5, {
    action: 'delete',
    entity: 'customer',
    entity_id: '7',
    details: { likes: 2, enquiries_anonymised: 1, reviews: 0, newsletter: 1, messages: 3 },
  }),
  // A feed's save (modules/feeds/admin-routes.ts): which feed, what changed, the token only masked.
  entry(6, {
    entity: 'settings',
    changes: [
      { field: 'enabled', before: false, after: true },
      { field: 'price_on_request', before: 'omit', after: 'unavailable' },
      { field: 'token', before: '••••', after: '••••' },
    ],
    details: { feed: 'emalls' },
  }),
];

function renderAudit(language: 'fa' | 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/admin/api', '');
      if (path === '/session') return json(200, sessionOf('owner', { id: 1, name: 'Omid' }));
      if (path === '/audit') return json(200, { count: entries.length, page: 1, results: entries });
      if (path === '/staff') return json(200, []);
      if (path === '/enquiries/unread') return json(200, { unread: 0 });
      return json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: ['/audit'] });
  return renderWithProviders(<RouterProvider router={router} />, language);
}

afterEach(() => vi.unstubAllGlobals());

async function rowsOf() {
  const table = await screen.findByRole('table', {}, { timeout: 5000 });
  return within(table).getAllByRole('row').slice(1);
}

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('the audit log page', { timeout: 20_000 }, () => {
  it('in Persian: actions, kinds and fields named in Persian, before → after, no JSON, Persian digits', async () => {
    renderAudit('fa');
    const rows = await rowsOf();
    const text = rows.map((r) => r.textContent ?? '').join('\n');
    expect(text).not.toMatch(/[{}"[\]]|<p>|<strong>/);
    expect(text).not.toMatch(/\b(update|product|staff|settings|bulk_publish|title\.fa|inventory)\b/);
    expect(text).not.toMatch(/[0-9]/);

    expect(rows[0]).toHaveTextContent('تغییر کرد');
    expect(rows[0]).toHaveTextContent('محصول #۱۲');
    expect(rows[0]).toHaveTextContent('عنوان (فارسی): زعفران ← تغییر کرد به زعفران نگین');
    expect(rows[0]).toHaveTextContent('توضیحات (انگلیسی): Old text ←');
    expect(rows[0]).toHaveTextContent('موجودی: ۱۰ ← تغییر کرد به ۲۵');
    expect(rows[0]).toHaveTextContent('…');
    expect(rows[1]).toHaveTextContent('کارمند #۳');
    expect(rows[1]).toHaveTextContent('نقش: ویرایشگر ← تغییر کرد به فروش');
    expect(rows[1]).toHaveTextContent('ایمیل: editor@example.com');
    expect(rows[2]).toHaveTextContent('تنظیمات');
    expect(rows[3]).toHaveTextContent('انتشار گروهی');
    expect(rows[3]).toHaveTextContent('محصولات: ۴، ۵، ۶');
    expect(rows[4]).toHaveTextContent('پیام‌های حذف‌شده از صف ارسال: ۳');
    expect(rows[5]).toHaveTextContent('خوراک: ایمالز');
    expect(rows[5]).toHaveTextContent('روشن: خیر ← تغییر کرد به بله');
  });

  it('in English', async () => {
    renderAudit('en');
    const rows = await rowsOf();
    const text = rows.map((r) => r.textContent ?? '').join('\n');
    expect(text).not.toMatch(/[{}"[\]]|<p>/);
    expect(rows[0]).toHaveTextContent('Changed');
    expect(rows[0]).toHaveTextContent('Product #12');
    expect(rows[0]).toHaveTextContent('Title (Persian): زعفران → changed to زعفران نگین');
    expect(rows[0]).toHaveTextContent('Inventory: 10 → changed to 25');
    expect(rows[0]).toHaveTextContent('Status: no → changed to yes');
    expect(rows[1]).toHaveTextContent('Role: Editor → changed to Sales');
    expect(rows[2]).toHaveTextContent(
      'Review moderation: Publish it at once → changed to Hold it until it is approved',
    );
    expect(rows[3]).toHaveTextContent('Published (several)');
    expect(rows[4]).toHaveTextContent('Deleted');
    expect(rows[4]).toHaveTextContent('Customer #7');
    expect(rows[4]).toHaveTextContent('Likes removed: 2');
    expect(rows[5]).toHaveTextContent('Feed: Emalls');
    expect(rows[5]).toHaveTextContent('On: no → changed to yes');
    expect(rows[5]).toHaveTextContent(
      'Products with price on request: Leave them out → changed to Send them as unavailable',
    );
    expect(rows[5]).toHaveTextContent('Token: •••• → changed to ••••');
  });
});
