import {
  DIRECT_SOURCE,
  ENQUIRY_LIST_LIMIT,
  rolesThatMay,
  ENQUIRY_SEARCH_LIMIT,
  type EnquiryDetail,
  type EnquiryEvent,
  type EnquiryQuery,
  type EnquiryRow,
  type EnquiryStatus,
  type QuoteEventAction,
} from '@storefront/contracts/admin';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../db/schema.ts';
import { searchWords } from '../search/normalize.ts';
import { dayStart, nextDay } from '../../lib/time-zone.ts';
import { pickFrom } from '../../lib/translate.ts';
import type { StoreRepository } from '../store/repository.ts';
import { enquiryReference } from './repository.ts';

/**
 * The back office's view of order requests (enquiries): the filtered, paged list (newest first),
 * one enquiry with its product, the visitor's other requests and its timeline, the workflow
 * (status, assignee, notes; each change an `enquiry_events` row), the unread count and the rows of
 * an export. Storing a new request stays with repository.ts.
 */

export type EnquiryFilters = Omit<EnquiryQuery, 'page' | 'page_size'>;

/** An enquiry's row as the inbox reads it: the table's columns but its search text, and the assignee's name. */
type Row = Omit<Selectable<DB['enquiries']>, 'search_doc' | 'follow_hash' | 'first_quoted_at'> & {
  assignee_name: string | null;
  assignee_email: string | null;
};

export function enquiryView(row: Row): EnquiryRow {
  return {
    id: row.id,
    reference: enquiryReference(row.id),
    product_id: row.product_id,
    product_title: row.product_title,
    phone: row.phone,
    email: row.email,
    description: row.description,
    language: row.language,
    status: row.status as EnquiryStatus,
    assignee:
      row.assignee_id === null
        ? null
        : { id: row.assignee_id, name: row.assignee_name ?? '', email: row.assignee_email ?? '' },
    read: row.read_at !== null,
    created_at: row.created_at,
    user_id: row.user_id,
    source: {
      source: row.source,
      utm_source: row.utm_source,
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      referrer_host: row.referrer_host,
      torob_clid: row.torob_clid,
      landed_at: row.landed_at,
    },
  };
}

/** Enquiries with their assignee, as `enquiryView` reads them (the inbox, a customer's enquiries). */
export function enquiryRows(db: Kysely<DB>) {
  return db
    .selectFrom('enquiries')
    .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
    .select([
      'enquiries.id',
      'enquiries.product_id',
      'enquiries.product_title',
      'enquiries.user_id',
      'enquiries.phone',
      'enquiries.email',
      'enquiries.description',
      'enquiries.language',
      'enquiries.created_at',
      'enquiries.status',
      'enquiries.read_at',
      'enquiries.assignee_id',
      'enquiries.source',
      'enquiries.utm_source',
      'enquiries.utm_medium',
      'enquiries.utm_campaign',
      'enquiries.referrer_host',
      'enquiries.torob_clid',
      'enquiries.landed_at',
      'staff.name as assignee_name',
      'staff.email as assignee_email',
    ]);
}

/**
 * A search with more matches than its cap reads its pages up to this many rows deep by walking the
 * id index on PostgreSQL (list()); at a density of at least 1 in 1,000 that is at most 250,000 rows.
 */
const WALK_ROWS = 250;

/** How long a list's count is reused. */
export const COUNT_TTL_MS = 5000;

export class EnquiryInbox {
  private readonly db: Kysely<DB>;
  private readonly store: StoreRepository;
  private readonly dialect: 'sqlite' | 'postgres';
  private readonly timeZone: string;
  private readonly counts = new LRUCache<string, Promise<{ count: number | string | bigint }>>({
    max: 500,
    ttl: COUNT_TTL_MS,
  });
  constructor(db: Kysely<DB>, store: StoreRepository, dialect: 'sqlite' | 'postgres', timeZone: string) {
    this.db = db;
    this.store = store;
    this.dialect = dialect;
    this.timeZone = timeZone;
  }

  private rows(db: Kysely<DB> = this.db) {
    return enquiryRows(db);
  }

  /** The filters as conditions on `enquiries` (of any query over it). */
  private filtered<Q extends SelectQueryBuilder<DB, 'enquiries', object>>(
    query: Q,
    f: EnquiryFilters,
    { walk = false }: { walk?: boolean } = {},
  ): Q {
    let q = query as SelectQueryBuilder<DB, 'enquiries', object>;
    if (f.status !== undefined) q = q.where('enquiries.status', '=', f.status);
    if (f.product === 'general') q = q.where('enquiries.product_id', 'is', null);
    else if (f.product !== undefined) q = q.where('enquiries.product_id', '=', Number(f.product));
    if (f.collection !== undefined) {
      const collection = Number(f.collection);
      q = q.where('enquiries.product_id', 'in', (eb) =>
        eb.selectFrom('products').select('products.id').where('products.collection_id', '=', collection),
      );
    }
    if (f.assignee === 'none') q = q.where('enquiries.assignee_id', 'is', null);
    else if (f.assignee !== undefined) q = q.where('enquiries.assignee_id', '=', Number(f.assignee));
    if (f.unread !== undefined) q = q.where('enquiries.read_at', 'is', null);
    // Served by the (source, id) index; `direct` is the enquiries with no source ('').
    if (f.source !== undefined) {
      q = q.where('enquiries.source', '=', f.source === DIRECT_SOURCE ? '' : f.source);
    }
    if (f.from !== undefined) q = q.where('enquiries.created_at', '>=', dayStart(this.timeZone, f.from));
    if (f.to !== undefined) q = q.where('enquiries.created_at', '<', dayStart(this.timeZone, nextDay(f.to)));
    const words = searchWords(f.q ?? '');
    if (words.length > 0) {
      const search = this.store.search;
      const plan = search.plan(words);
      if (plan.match !== '') {
        q = q.where('enquiries.id', 'in', (eb) =>
          eb
            .selectFrom('enquiry_search')
            .select('enquiry_search.rowid')
            .where(search.matches('enquiry_search', plan.match)),
        );
      }
      // `walk`: the same test written so that no index can serve it (PostgreSQL then walks the
      // list's order index and tests each row; see list()).
      const doc = walk ? sql`(enquiries.search_doc || '')` : sql`enquiries.search_doc`;
      for (const filter of search.likeFilters(doc, plan)) q = q.where(filter);
    }
    return q as Q;
  }

  /**
   * A page of the filtered list, newest first. The count stops at ENQUIRY_LIST_LIMIT, or at
   * ENQUIRY_SEARCH_LIMIT with a search (`capped`: there are more): counting every match of a broad
   * filter or search over 1,000,000 enquiries costs a scan on each request, and a page further than
   * the newest matches is reached by narrowing the filters (dates, status, search) instead. So no
   * request reads more than 10,001 index entries, or rechecks more than 1,001 rows for a search.
   * With a date range the order is (created_at, id), which the created_at index serves backwards;
   * ids rise with time, so the order shown is the same.
   */
  async list(
    filters: EnquiryFilters,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; capped: boolean; results: EnquiryRow[] }> {
    // A search alone on SQLite is answered by the trigram index by itself (its rowids are the ids,
    // newest first): counting or paging through the table instead reads a wide row per match.
    const { q, ...others } = filters;
    const words = searchWords(q ?? '');
    const searching = words.length > 0;
    const cap = searching ? ENQUIRY_SEARCH_LIMIT : ENQUIRY_LIST_LIMIT;
    const plan = searching ? this.store.search.plan(words) : undefined;
    const indexOnly =
      plan !== undefined &&
      plan.match !== '' &&
      plan.likes.length === 0 &&
      Object.values(others).every((value) => value === undefined);
    const matchingIds = () =>
      this.db
        .selectFrom('enquiry_search')
        .select('enquiry_search.rowid as id')
        .where(this.store.search.matches('enquiry_search', plan!.match));
    // Both shapes select one column; only the number of rows matters.
    const matches = indexOnly
      ? matchingIds().limit(cap + 1)
      : this.filtered(this.db.selectFrom('enquiries'), filters)
          .select('enquiries.id as id')
          .limit(cap + 1);
    // The count of a filter is kept a few seconds: staff paging through one list (or several staff
    // on the inbox) count once; a new enquiry shows in the rows at once and in the count soon after.
    const key = JSON.stringify(filters);
    let counted = this.counts.get(key);
    if (counted === undefined) {
      counted = this.db
        .selectFrom((matches as SelectQueryBuilder<DB, 'enquiries', { id: number }>).as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      this.counts.set(key, counted);
      counted.catch(() => this.counts.delete(key));
    }
    const total = Number((await counted).count);
    const capped = total > cap;
    let count = Math.min(total, cap);
    const offset = (page - 1) * pageSize;
    if (offset >= cap) return { count, capped, results: [] };
    // A page's ids from an index (newest first), then only those rows with their assignee. Asked
    // even when the kept count says there is nothing here: the rows are never older than the count.
    const limit = Math.min(pageSize, cap - offset);
    let pageIds: { id: number }[];
    if (indexOnly) {
      pageIds = await matchingIds()
        .orderBy('enquiry_search.rowid', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    } else {
      // PostgreSQL misjudges how many rows a trigram pattern matches: for some common words it
      // builds the whole bitmap of matches and sorts it (at 1,000,000 enquiries: 330 ms for «تبریز»,
      // 120–170 ms for "dubai", "tile", "rosewater"). A search known to match more than the cap is
      // dense, so its first pages come from walking the id index newest first and testing each row
      // (22 ms, 3 ms); deeper pages and rarer searches keep the planner's choice.
      const walk = this.dialect === 'postgres' && searching && capped && offset + limit <= WALK_ROWS;
      let ids = this.filtered(this.db.selectFrom('enquiries'), filters, { walk }).select('enquiries.id');
      if (filters.from !== undefined || filters.to !== undefined)
        ids = ids.orderBy('enquiries.created_at', 'desc');
      pageIds = await ids.orderBy('enquiries.id', 'desc').limit(limit).offset(offset).execute();
    }
    count = Math.min(Math.max(count, offset + pageIds.length), cap);
    if (pageIds.length === 0) return { count, capped, results: [] };
    const rows = await this.rows()
      .where(
        'enquiries.id',
        'in',
        pageIds.map((r) => r.id),
      )
      .orderBy('enquiries.id', 'desc')
      .execute();
    return { count, capped, results: rows.map(enquiryView) };
  }

  /** Every matching enquiry, newest first, a batch at a time (exports). */
  async *stream(filters: EnquiryFilters, max: number, batch = 2000): AsyncGenerator<EnquiryRow[]> {
    let before: number | undefined;
    let sent = 0;
    while (sent < max) {
      let query = this.filtered(this.rows(), filters);
      if (before !== undefined) query = query.where('enquiries.id', '<', before);
      const rows = await query
        .orderBy('enquiries.id', 'desc')
        .limit(Math.min(batch, max - sent))
        .execute();
      if (rows.length === 0) return;
      sent += rows.length;
      before = rows.at(-1)!.id;
      yield rows.map(enquiryView);
      if (rows.length < batch) return;
    }
  }

  async unreadCount(): Promise<number> {
    const row = await this.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async find(id: number, db: Kysely<DB> = this.db): Promise<EnquiryRow | undefined> {
    const row = await this.rows(db).where('enquiries.id', '=', id).executeTakeFirst();
    return row ? enquiryView(row) : undefined;
  }

  /** Marks an enquiry read (the first time a staff member opens it). */
  async markRead(id: number): Promise<void> {
    await this.db
      .updateTable('enquiries')
      .set({ read_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }

  async detail(id: number, base: string, fallback: string): Promise<EnquiryDetail | undefined> {
    const enquiry = await this.find(id);
    if (!enquiry) return undefined;
    let product: EnquiryDetail['product'] = null;
    if (enquiry.product_id !== null) {
      const row = await this.db
        .selectFrom('products')
        .select(['id', 'title', 'published'])
        .where('id', '=', enquiry.product_id)
        .executeTakeFirst();
      if (row) {
        const title = pickFrom(JSON.parse(row.title) as Record<string, string>, {
          lang: enquiry.language,
          fallback,
        });
        product = {
          id: row.id,
          title,
          published: row.published === 1,
          storefront_url: `${base}/app/product/${row.id}?lng=${encodeURIComponent(enquiry.language)}`,
        };
      }
    }
    let others: EnquiryRow[] = [];
    if (enquiry.phone !== '' || enquiry.email !== '') {
      const rows = await this.rows()
        .where('enquiries.id', '!=', id)
        .where((eb) =>
          eb.or([
            ...(enquiry.phone !== '' ? [eb('enquiries.phone', '=', enquiry.phone)] : []),
            ...(enquiry.email !== '' ? [eb('enquiries.email', '=', enquiry.email)] : []),
          ]),
        )
        .orderBy('enquiries.id', 'desc')
        .limit(20)
        .execute();
      others = rows.map(enquiryView);
    }
    return { enquiry, product, others, events: await this.events(id) };
  }

  async events(id: number): Promise<EnquiryEvent[]> {
    const rows = await this.db
      .selectFrom('enquiry_events')
      .leftJoin('staff', 'staff.id', 'enquiry_events.staff_id')
      .selectAll('enquiry_events')
      .select('staff.name as staff_name')
      .where('enquiry_events.enquiry_id', '=', id)
      .orderBy('enquiry_events.id')
      .execute();
    const changes = new Map(
      rows
        .filter((row) => row.kind === 'status' || row.kind === 'assign')
        .map((row) => {
          const change = JSON.parse(row.body) as { from: string | number | null; to: string | number | null };
          const text = (v: string | number | null) => (v === null ? null : String(v));
          return [row.id, { from: text(change.from), to: text(change.to) }] as const;
        }),
    );
    // The names of the staff an assignment names (disabled ones too; a deleted one has none).
    const assigned = new Set<number>();
    for (const row of rows) {
      const change = changes.get(row.id);
      if (row.kind !== 'assign' || !change) continue;
      for (const v of [change.from, change.to]) {
        const n = Number(v);
        if (v !== null && Number.isInteger(n) && n > 0 && n <= 2_147_483_647) assigned.add(n);
      }
    }
    const names = new Map<string, string>();
    if (assigned.size > 0) {
      const staff = await this.db
        .selectFrom('staff')
        .select(['id', 'name'])
        .where('id', 'in', [...assigned])
        .execute();
      for (const s of staff) names.set(String(s.id), s.name);
    }
    const nameOf = (v: string | null) => (v === null ? null : (names.get(v) ?? null));
    return rows.map((row) => {
      const kind = row.kind as EnquiryEvent['kind'];
      const staff = { id: row.staff_id, email: row.staff_email, name: row.staff_name ?? '' };
      const change = changes.get(row.id);
      if (kind === 'quote') {
        // The quote loop's steps (modules/quotes): {action, number}.
        const step = JSON.parse(row.body) as { action: QuoteEventAction; number: number };
        const quote = { action: step.action, number: Number(step.number) };
        return {
          id: row.id,
          at: row.at,
          staff,
          kind,
          note: null,
          from: null,
          to: null,
          from_name: null,
          to_name: null,
          quote,
        };
      }
      if (kind === 'note' || !change) {
        return {
          id: row.id,
          at: row.at,
          staff,
          kind,
          note: row.body,
          from: null,
          to: null,
          from_name: null,
          to_name: null,
        };
      }
      return {
        id: row.id,
        at: row.at,
        staff,
        kind,
        note: null,
        from: change.from,
        to: change.to,
        from_name: kind === 'assign' ? nameOf(change.from) : null,
        to_name: kind === 'assign' ? nameOf(change.to) : null,
      };
    });
  }

  /**
   * Changes an enquiry's status and/or assignee in one transaction (the row locked on PostgreSQL),
   * with one timeline entry per change; returns what changed (for the audit log), or undefined
   * when there is no such enquiry.
   */
  async update(
    id: number,
    change: { status?: EnquiryStatus; assignee?: number | null },
    who: { id: number; email: string },
    trx: Kysely<DB>,
  ): Promise<Record<string, [unknown, unknown]> | undefined> {
    let query = trx.selectFrom('enquiries').select(['status', 'assignee_id']).where('id', '=', id);
    if (this.dialect === 'postgres') query = query.forUpdate();
    const before = await query.executeTakeFirst();
    if (!before) return undefined;
    const at = new Date().toISOString();
    const changed: Record<string, [unknown, unknown]> = {};
    const set: { status?: string; assignee_id?: number | null; read_at?: string } = {};
    if (change.status !== undefined && change.status !== before.status) {
      set.status = change.status;
      changed.status = [before.status, change.status];
    }
    if (change.assignee !== undefined && change.assignee !== before.assignee_id) {
      set.assignee_id = change.assignee;
      changed.assignee = [before.assignee_id, change.assignee];
    }
    if (Object.keys(set).length === 0) return changed;
    await trx.updateTable('enquiries').set(set).where('id', '=', id).execute();
    // Someone acting on an enquiry has read it.
    await trx
      .updateTable('enquiries')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    for (const [field, [from, to]] of Object.entries(changed)) {
      await trx
        .insertInto('enquiry_events')
        .values({
          enquiry_id: id,
          at,
          staff_id: who.id,
          staff_email: who.email,
          kind: field === 'status' ? 'status' : 'assign',
          body: JSON.stringify({ from, to }),
        })
        .execute();
    }
    return changed;
  }

  async addNote(
    id: number,
    text: string,
    who: { id: number; email: string },
    trx: Kysely<DB>,
  ): Promise<boolean> {
    const exists = await trx.selectFrom('enquiries').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) return false;
    const at = new Date().toISOString();
    await trx
      .insertInto('enquiry_events')
      .values({ enquiry_id: id, at, staff_id: who.id, staff_email: who.email, kind: 'note', body: text })
      .execute();
    await trx
      .updateTable('enquiries')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    return true;
  }

  /** Staff who can be given enquiries: active owners and sales staff. */
  async assignees(): Promise<{ id: number; name: string; email: string }[]> {
    return this.db
      .selectFrom('staff')
      .select(['id', 'name', 'email'])
      .where('is_active', '=', 1)
      .where('role', 'in', rolesThatMay.seeSales)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }
}
