import type {
  AboutUs,
  Banner,
  Collection,
  Industry,
  Ordering,
  Post,
  Product,
  ProductsQuery,
  Review,
  Subcollection,
} from '@storefront/contracts';
import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { DialectName } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { normalizeText, searchDocument, searchWords } from '../search/normalize.ts';
import { containsEvery } from '../search/like.ts';
import { searchStrategy, type SearchStrategy } from '../search/strategy.ts';
import { previewText } from '../../lib/text.ts';
import { pick, pickFrom, type LocaleContext, type Translated } from '../../lib/translate.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import { socialNetworks, type StoreIdentityView } from '@storefront/contracts';
import type { TeamMemberInput } from '../catalogue/format.ts';
import { Settings } from '../settings/repository.ts';
import {
  industryRef,
  joinedPieces,
  mediaBaseBytes,
  productFromRow,
  usesRendered,
  withMediaBase,
  writeProduct,
  type ProductRow,
} from '../catalogue/product-view.ts';
import { SerializedJson } from '../../lib/plugins/serializer.ts';
import { JsonItems } from './json-items.ts';
import { NEWEST_FIRST, writeReview, type ReviewsJson } from './review-json.ts';

/** A published product's title (its translations' JSON), for a review or an enquiry about it. */
const PUBLISHED_TITLE = compiledOnce((db) =>
  db.selectFrom('products').select('title').where('id', '=', 0).where('published', '=', 1),
);

export interface Paging {
  limit?: number | undefined;
  offset?: number | undefined;
  ordering?: Ordering | undefined;
  /** true when the caller asked for a page ({count, next, previous, results}). */
  paged: boolean;
}

export interface ListResult<T> {
  items: T[];
  /** The total number of matches; only computed for paged lists. */
  count: number | undefined;
  /** The items as JSON written by their schema (UTF-8 pieces per item), in place of `items`. */
  json?: Buffer[][];
}

type Db = Kysely<DB>;

const IN_CHUNK = 5000;
/** Pages from this offset on are slices of the list's ids, read once per version and kept. */
export const DEEP_PAGE = 1000;
/**
 * Products per piece of a streamed list: small pieces (about 80 KB) stay in V8's young generation,
 * which is collected at once; large ones grew the heap by hundreds of MB under 8 full lists.
 */
const STREAM_BATCH = 32;
const COMMA = Buffer.from(',');

function chunks<T>(values: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** All the SQL of the store's read side. Every method maps rows to the API's objects. */
export class StoreRepository {
  private readonly db: Db;
  /** How searches are matched on this database (the back office's product list and the inbox too). */
  readonly search: SearchStrategy;
  /** The catalogue's version and what is kept for it (reference tables, counts, ids of lists). */
  readonly cache: CatalogueCache;
  constructor(db: Db, dialect: DialectName, cache: CatalogueCache) {
    this.db = db;
    this.search = searchStrategy(dialect);
    this.cache = cache;
  }

  // ---- helpers -----------------------------------------------------------------------------

  /**
   * Applies ordering and paging, and runs the count when a page was asked for. `idColumn` names
   * the column that orders by id (the search index's rowid when the query is driven by it);
   * `count` replaces the generic count with a cheaper one where the caller knows one.
   */
  private async list<O>(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    query: SelectQueryBuilder<any, any, O>,
    paging: Paging,
    defaultOrdering: Ordering,
    hasDate: boolean,
    options: { idColumn?: string; dateColumn?: string; count?: () => Promise<number> } = {},
  ): Promise<{ rows: O[]; count: number | undefined }> {
    let count: number | undefined;
    if (paging.paged) count = options.count ? await options.count() : await this.countOf(query);
    const ordering = paging.ordering ?? defaultOrdering;
    const descending = ordering.startsWith('-');
    const direction = descending ? 'desc' : 'asc';
    let ordered = query;
    if (hasDate && ordering.endsWith('creation_date')) {
      ordered = ordered.orderBy(sql.ref(options.dateColumn ?? 'creation_date'), direction);
    }
    ordered = ordered.orderBy(sql.ref(options.idColumn ?? 'id'), direction);
    if (paging.paged) {
      ordered = ordered.limit(paging.limit ?? 24).offset(paging.offset ?? 0);
    }
    const rows = await ordered.execute();
    return { rows, count };
  }

  private nameKeyIds(kind: DB['name_keys']['kind'], title: string) {
    return this.db
      .selectFrom('name_keys')
      .select('entity_id')
      .where('kind', '=', kind)
      .where('key', '=', normalizeText(title));
  }

  // ---- collections -------------------------------------------------------------------------

  async listCollections(
    options: { footer?: boolean | undefined },
    paging: Paging,
    ctx: LocaleContext,
  ): Promise<ListResult<Collection>> {
    let query = this.db.selectFrom('collections').select(['id', 'title']);
    if (options.footer !== undefined) query = query.where('footer', '=', options.footer ? 1 : 0);
    const { rows, count } = await this.list(query, paging, 'id', false);
    return { items: rows.map((r) => ({ id: r.id, title: pick(r.title, ctx) })), count };
  }

  // ---- subcollections ----------------------------------------------------------------------

  /** The subcollections a search finds (every one without), with their collection; own matches first. */
  private async subcollectionsQuery(search: string | undefined) {
    let query = this.db
      .selectFrom('subcollections as s')
      .innerJoin('collections as c', 'c.id', 's.collection_id')
      .select([
        's.id as id',
        's.title as title',
        's.position as position',
        'c.id as collection_id',
        'c.title as collection_title',
      ]);
    const words = searchWords(search ?? '');
    if (words.length > 0) {
      // A subcollection matches by its own title, or by its collection's (clients look a
      // subcollection up by the title of the collection they show): its own matches come first.
      const own = sql.join(containsEvery(sql.ref('s.search_doc'), words), sql` AND `);
      const collections = await this.collectionsMatching(words);
      query =
        collections.length > 0
          ? query.where(sql<boolean>`((${own}) OR s.collection_id IN (${sql.join(collections)}))`)
          : query.where(sql<boolean>`(${own})`);
      query = query.orderBy(sql`CASE WHEN (${own}) THEN 0 ELSE 1 END`);
    }
    return query;
  }

  /** The ids of a subcollection's published products, in id order. */
  private async subcollectionProductIds(subcollection: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('product_subcollections as ps')
      .innerJoin('products as p', 'p.id', 'ps.product_id')
      .select('ps.product_id as id')
      .where('ps.subcollection_id', '=', subcollection)
      .where('p.published', '=', 1)
      .orderBy('ps.product_id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async listSubcollections(
    options: { search?: string | undefined },
    paging: Paging,
    ctx: LocaleContext,
  ): Promise<ListResult<Subcollection>> {
    const query = await this.subcollectionsQuery(options.search);
    const listed = await this.list(query, paging, 'id', false);
    const { count } = listed;
    // Within each collection, its subcollections in the order the business gave them: each
    // collection keeps the places its subcollections have in the list, filled in that order.
    const rows =
      paging.ordering === undefined && !options.search ? inCollectionOrder(listed.rows) : listed.rows;
    const ids = rows.map((r) => r.id);
    const links: { subcollection_id: number; product_id: number }[] = [];
    for (const part of chunks(ids)) {
      if (part.length === 0) continue;
      links.push(
        ...(await this.db
          .selectFrom('product_subcollections')
          .select(['subcollection_id', 'product_id'])
          .where('subcollection_id', 'in', part)
          .orderBy('product_id')
          .execute()),
      );
    }
    const products = await this.productsByIds([...new Set(links.map((l) => l.product_id))], ctx);
    const items = rows.map((r) => ({
      id: r.id,
      title: pick(r.title, ctx),
      collection: { id: r.collection_id, title: pick(r.collection_title, ctx) },
      products: links
        .filter((l) => l.subcollection_id === r.id)
        .map((l) => products.get(l.product_id))
        .filter((p): p is Product => p !== undefined),
    }));
    return { items, count };
  }

  /** How many published products (counted once per subcollection) the subcollections a search finds list. */
  async countSubcollectionProducts(search: string | undefined): Promise<number> {
    const matching = (await this.subcollectionsQuery(search)).clearSelect().clearOrderBy().select('s.id');
    return this.countOf(
      this.db
        .selectFrom('product_subcollections as ps')
        .innerJoin('products as p', 'p.id', 'ps.product_id')
        .select('ps.product_id')
        .where('p.published', '=', 1)
        .where('ps.subcollection_id', 'in', matching),
    );
  }

  /**
   * The subcollections a search finds, with their products, as the text of a JSON array in pieces
   * (as streamProducts): each subcollection's own fields written by `writeHead`, then its products
   * in batches.
   */
  async *streamSubcollections(
    search: string | undefined,
    ctx: LocaleContext,
    writeHead: (subcollection: unknown) => string,
    writeProduct: (product: Product) => string,
    batch = STREAM_BATCH,
  ): AsyncGenerator<string | Buffer> {
    const rows = await (await this.subcollectionsQuery(search)).orderBy('s.id').execute();
    yield '[';
    for (const [index, r] of rows.entries()) {
      const head = {
        id: r.id,
        title: pick(r.title, ctx),
        collection: { id: r.collection_id, title: pick(r.collection_title, ctx) },
      };
      // `products` is the last field of a subcollection: its own fields, then the list.
      yield `${index === 0 ? '' : ','}${writeHead(head).slice(0, -1)},"products":[`;
      yield* this.productBatches([await this.subcollectionProductIds(r.id)], ctx, writeProduct, batch);
      yield ']}';
    }
    yield ']';
  }

  /** Products by id, as JSON text in batches separated by commas (no brackets), yielding between batches. */
  private async *productBatches(
    idChunks: Iterable<number[]> | AsyncIterable<number[]>,
    ctx: LocaleContext,
    serialize: (product: Product) => string,
    batch: number,
  ): AsyncGenerator<string | Buffer> {
    let first = true;
    for await (const ids of idChunks)
      for (let i = 0; i < ids.length; i += batch) {
        const part = ids.slice(i, i + batch);
        const json = await this.productJson(part, ctx);
        if (json === undefined) {
          const products = await this.hydrate(await this.productRows(part), ctx);
          if (products.length > 0) {
            yield (first ? '' : ',') + products.map(serialize).join(',');
            first = false;
          }
        } else if (json.length > 0) {
          // The stored bytes, copied once into the piece that goes to the socket.
          yield Buffer.concat(first ? joinedPieces(json) : [COMMA, ...joinedPieces(json)]);
          first = false;
        }
        // The database answers synchronously (better-sqlite3): without this, the batches of every
        // stream would follow each other as microtasks, and no other request would be heard between.
        await setImmediate();
      }
  }

  /** Ids of the collections whose title, in any language, holds every word (as search does). */
  private async collectionsMatching(words: string[]): Promise<number[]> {
    const rows = await this.db.selectFrom('collections').select(['id', 'title']).execute();
    return rows
      .filter((r) => {
        const doc = searchDocument(Object.values(JSON.parse(r.title) as Translated));
        return words.every((word) => doc.includes(word));
      })
      .map((r) => r.id);
  }

  // ---- industries --------------------------------------------------------------------------

  /** The industries a search finds (every one without a search). */
  private industriesQuery(search: string | undefined) {
    let query = this.db.selectFrom('industries').selectAll();
    for (const condition of containsEvery(sql.ref('search_doc'), searchWords(search ?? ''))) {
      query = query.where(condition);
    }
    return query;
  }

  async listIndustries(
    options: { search?: string | undefined },
    paging: Paging,
    ctx: LocaleContext,
  ): Promise<ListResult<Industry>> {
    const query = this.industriesQuery(options.search);
    const { rows, count } = await this.list(query, paging, 'id', false);
    const productRows: ProductRow[] = [];
    for (const part of chunks(rows.map((r) => r.id))) {
      if (part.length === 0) continue;
      productRows.push(
        ...(await this.db
          .selectFrom('products')
          .selectAll()
          .where('industry_id', 'in', part)
          .where('published', '=', 1)
          .orderBy('id')
          .execute()),
      );
    }
    const products = await this.hydrate(productRows, ctx);
    const items = rows.map((r) => ({
      ...industryRef(
        r.id,
        { title: JSON.parse(r.title) as Translated, website: r.website, phone: r.phone },
        ctx,
      ),
      industry_products: products.filter((p) => p.industry?.id === r.id),
    }));
    return { items, count };
  }

  /** How many published products the industries a search finds supply (their industry_products). */
  async countIndustryProducts(search: string | undefined): Promise<number> {
    return this.countOf(
      this.db
        .selectFrom('products')
        .select('id')
        .where('published', '=', 1)
        .where('industry_id', 'in', this.industriesQuery(search).clearSelect().select('id')),
    );
  }

  /**
   * The industries a search finds, with their products, as the text of a JSON array in pieces (as
   * streamProducts): each industry's own fields written by `writeRef`, then its products in batches.
   */
  async *streamIndustries(
    search: string | undefined,
    ctx: LocaleContext,
    writeRef: (industry: unknown) => string,
    writeProduct: (product: Product) => string,
    batch = STREAM_BATCH,
  ): AsyncGenerator<string | Buffer> {
    const rows = await this.industriesQuery(search).orderBy('id').execute();
    yield '[';
    for (const [index, r] of rows.entries()) {
      const ref = industryRef(
        r.id,
        { title: JSON.parse(r.title) as Translated, website: r.website, phone: r.phone },
        ctx,
      );
      // `industry_products` is the last field of an industry: its own fields, then the list.
      yield `${index === 0 ? '' : ','}${writeRef(ref).slice(0, -1)},"industry_products":[`;
      const ids = (
        await this.db
          .selectFrom('products')
          .select('id')
          .where('industry_id', '=', r.id)
          .where('published', '=', 1)
          .orderBy('id')
          .execute()
      ).map((p) => p.id);
      yield* this.productBatches([ids], ctx, writeProduct, batch);
      yield ']}';
    }
    yield ']';
  }

  // ---- products ----------------------------------------------------------------------------

  /**
   * The query of the ids of the published products that match `filters`, in `ordering`, and their
   * count (kept per catalogue version and filter: the catalogue changes only by a write, which
   * changes the version). Pages and streams read ids from an index alone (the search index's rowids,
   * or products_published_*_idx, which hold `published`, the order and the id), then rows by id, so
   * a page's cost does not grow with its offset.
   */
  private async productIds(filters: ProductsQuery, ordering: Ordering) {
    const plan = this.search.plan(searchWords(filters.search ?? ''));
    const { match, likes } = plan;
    const byDate = ordering.endsWith('creation_date');
    const onlyIndexedSearch =
      match !== '' &&
      likes.length === 0 &&
      [filters.recommend, filters.industry, filters.collection, filters.product, filters.subcollection].every(
        (f) => f === undefined,
      );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the FROM shapes share one builder
    let ids: SelectQueryBuilder<any, any, { id: number }>;
    if (onlyIndexedSearch && !byDate) {
      // Unpublished products have an empty search document: the index alone answers.
      ids = this.db
        .selectFrom('product_search')
        .where(this.search.matches('product_search', match))
        .select(sql<number>`product_search.rowid`.as('id'));
    } else if (match !== '') {
      ids = this.db
        .selectFrom('product_search')
        .innerJoin('products', 'products.id', 'product_search.rowid')
        .where(this.search.matches('product_search', match))
        .select('products.id as id');
    } else {
      ids = this.db.selectFrom('products').select('products.id as id');
    }
    // Unpublished products are kept but never served.
    if (!onlyIndexedSearch || byDate) ids = ids.where('products.published', '=', 1);
    for (const filter of this.search.likeFilters(sql.ref('products.search_doc'), plan)) {
      ids = ids.where(filter);
    }
    if (filters.recommend !== undefined) {
      ids = ids.where('products.recommend', '=', filters.recommend ? 1 : 0);
    }
    if (filters.industry !== undefined) {
      ids = ids.where('products.industry_id', 'in', this.nameKeyIds('industry', filters.industry));
    }
    if (filters.collection !== undefined) {
      ids = ids.where('products.collection_id', 'in', this.nameKeyIds('collection', filters.collection));
    }
    if (filters.product !== undefined) {
      ids = ids.where('products.id', 'in', this.nameKeyIds('product', filters.product));
    }
    if (filters.subcollection !== undefined) {
      ids = ids.where(
        'products.id',
        'in',
        this.db
          .selectFrom('product_subcollections')
          .select('product_id')
          .where('subcollection_id', 'in', this.nameKeyIds('subcollection', filters.subcollection)),
      );
    }
    const idColumn = onlyIndexedSearch && !byDate ? 'product_search.rowid' : 'products.id';
    const version = await this.cache.version();
    const countKey = `${JSON.stringify([filters.search ?? '', filters.recommend, filters.industry, filters.collection, filters.product, filters.subcollection])}`;
    const count = () =>
      this.cache.count(countKey, version, async () =>
        onlyIndexedSearch
          ? Number(
              (
                await sql<{
                  n: number;
                }>`SELECT count(*) AS n FROM product_search WHERE ${this.search.matches('product_search', match)}`.execute(
                  this.db,
                )
              ).rows[0]?.n ?? 0,
            )
          : await this.countOf(ids),
      );
    return { ids, idColumn, count, countKey, version, byDate };
  }

  async listProducts(
    filters: ProductsQuery,
    paging: Paging,
    ctx: LocaleContext,
  ): Promise<ListResult<Product>> {
    const ordering = paging.ordering ?? 'id';
    const { ids, idColumn, count, countKey, version } = await this.productIds(filters, ordering);
    const offset = paging.offset ?? 0;
    const limit = paging.limit ?? 24;
    const listKey = `${countKey}\u0000${ordering}`;
    let pageIdList: number[];
    let total: number | undefined;
    let kept = paging.paged ? this.cache.idListIfKept(listKey, version) : undefined;
    if (paging.paged && kept === undefined && offset >= DEEP_PAGE) {
      // A deep page: the list's ids in order, read once per catalogue version (an index-only
      // read) and kept, so that every page of it is a slice, whatever the offset.
      kept = await this.cache.idList(listKey, version, async () => {
        const { rows } = await this.list(ids, { paged: false, ordering }, 'id', true, {
          idColumn,
          dateColumn: 'products.creation_date',
        });
        return Int32Array.from(rows, (r) => Number(r.id));
      });
    }
    if (kept !== undefined) {
      pageIdList = Array.from(kept.subarray(offset, offset + limit));
      total = kept.length;
    } else {
      // A first page (or an unpaginated list): the index answers it directly.
      const { rows, count: n } = await this.list(ids, paging, 'id', true, {
        idColumn,
        dateColumn: 'products.creation_date',
        count,
      });
      pageIdList = rows.map((r) => Number(r.id));
      total = n;
    }
    const json = await this.productJson(pageIdList, ctx);
    if (json) return { items: [], json, count: total };
    const rows = await this.productRows(pageIdList);
    return { items: await this.hydrate(rows, ctx), count: total };
  }

  /** How many published products match `filters` (kept per catalogue version and filter). */
  async countProducts(filters: ProductsQuery): Promise<number> {
    return (await this.productIds(filters, 'id')).count();
  }

  /**
   * Every published product that matches, as the text of a JSON array, in pieces: the ids first
   * (from an index), then the rows in batches of `batch`, each batch turned into API products and
   * written by `serialize`. One batch at a time is in memory, and each holds the event loop for a
   * few milliseconds; a consumer that stops reading (a client gone) stops the reading here too.
   */
  async *streamProducts(
    filters: ProductsQuery,
    ordering: Ordering,
    ctx: LocaleContext,
    serialize: (product: Product) => string,
    batch = STREAM_BATCH,
  ): AsyncGenerator<string | Buffer> {
    const { ids, idColumn, byDate } = await this.productIds(filters, ordering);
    yield '[';
    yield* this.productBatches(this.idChunks(ids, idColumn, ordering, byDate), ctx, serialize, batch);
    yield ']';
  }

  /**
   * The ids of a list in its order, a thousand at a time, each chunk read from the index after the
   * last one's sort key (keyset): no query holds the event loop long, and no stream holds every id.
   */
  private async *idChunks(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    ids: SelectQueryBuilder<any, any, { id: number }>,
    idColumn: string,
    ordering: Ordering,
    byDate: boolean,
    size = 1000,
  ): AsyncGenerator<number[]> {
    const compare = ordering.startsWith('-') ? sql`<` : sql`>`;
    const keyed = byDate ? ids.select(sql<string>`products.creation_date`.as('date')) : ids;
    let last: { id: number; date: string } | undefined;
    for (;;) {
      const after = last;
      const query =
        after === undefined
          ? keyed
          : byDate
            ? keyed.where(
                sql<boolean>`(products.creation_date, products.id) ${compare} (${after.date}, ${after.id})`,
              )
            : keyed.where(sql<boolean>`${sql.ref(idColumn)} ${compare} ${after.id}`);
      const { rows } = await this.list(query, { paged: true, limit: size, offset: 0, ordering }, 'id', true, {
        idColumn,
        dateColumn: 'products.creation_date',
        count: () => Promise.resolve(0),
      });
      if (rows.length > 0) yield rows.map((r) => Number(r.id));
      if (rows.length < size) return;
      const end = rows[rows.length - 1] as { id: number; date?: string };
      last = { id: Number(end.id), date: String(end.date ?? '') };
    }
  }

  /** Published product rows by id, in the order of `ids`. */
  private async productRows(ids: number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    const byId = new Map<number, ProductRow>();
    for (const part of chunks(ids)) {
      for (const row of await this.db.selectFrom('products').selectAll().where('id', 'in', part).execute()) {
        byId.set(row.id, row);
      }
    }
    return ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
  }

  /** How many rows a query yields (its select, order and paging dropped). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async countOf(query: SelectQueryBuilder<any, any, unknown>): Promise<number> {
    const counted = await query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number((counted as { n?: number } | undefined)?.n ?? 0);
  }

  /**
   * Published products as JSON, in the order of `ids`, for a request that may use pre-rendered JSON
   * (product-view.ts, usesRendered): the stored JSON of its language with its media base, and the
   * products without (a store not yet rendered) built and written as usual. undefined for other
   * requests (a signed-in reader sees supplier phones).
   */
  async productJson(ids: number[], ctx: LocaleContext): Promise<Buffer[][] | undefined> {
    if (!usesRendered(ctx)) return undefined;
    const base = mediaBaseBytes(ctx.mediaBase!);
    const found = new Map<number, Buffer[]>();
    for (const part of chunks(ids)) {
      if (part.length === 0) continue;
      const rows = await this.db
        .selectFrom('product_json')
        .select(['product_id', 'body'])
        .where('lang', '=', ctx.lang)
        .where('product_id', 'in', part)
        .execute();
      for (const row of rows) found.set(row.product_id, withMediaBase(row.body, base));
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      for (const product of await this.hydrate(await this.productRows(missing), ctx)) {
        found.set(product.id, [Buffer.from(writeProduct(product))]);
      }
    }
    return ids.filter((id) => found.has(id)).map((id) => found.get(id)!);
  }

  /** One product as JSON (pre-rendered where the request allows) or as an object; undefined: none. */
  async productView(id: number, ctx: LocaleContext): Promise<SerializedJson | Product | undefined> {
    if (usesRendered(ctx)) {
      const row = await this.db
        .selectFrom('product_json')
        .select('body')
        .where('lang', '=', ctx.lang)
        .where('product_id', '=', id)
        .executeTakeFirst();
      if (row)
        return new SerializedJson(Buffer.concat(withMediaBase(row.body, mediaBaseBytes(ctx.mediaBase!))));
    }
    return this.getProduct(id, ctx);
  }

  async getProduct(id: number, ctx: LocaleContext): Promise<Product | undefined> {
    const row = await this.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const [product] = await this.hydrate([row], ctx);
    return product;
  }

  /** The product's title in the context's language, or undefined when there is no such product. */
  async productTitle(id: number, ctx: Pick<LocaleContext, 'lang' | 'fallback'>): Promise<string | undefined> {
    const row = (await PUBLISHED_TITLE(this.db, [id, 1])).rows[0];
    return row ? pickFrom(JSON.parse(row.title) as Record<string, string>, ctx) : undefined;
  }

  async productExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .where('published', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async productsByIds(ids: number[], ctx: LocaleContext): Promise<Map<number, Product>> {
    const rows: ProductRow[] = [];
    for (const part of chunks(ids)) {
      if (part.length === 0) continue;
      rows.push(
        ...(await this.db
          .selectFrom('products')
          .selectAll()
          .where('id', 'in', part)
          .where('published', '=', 1)
          .execute()),
      );
    }
    const products = await this.hydrate(rows, ctx);
    return new Map(products.map((p) => [p.id, p]));
  }

  /** Turns product rows into API products, with their supplier, collection, tags and subcollections. */
  private async hydrate(rows: ProductRow[], ctx: LocaleContext): Promise<Product[]> {
    if (rows.length === 0) return [];
    const ref = await this.cache.referenceData();
    return rows.map((r) => productFromRow(r, ref, ctx));
  }

  // ---- banners, posts, about-us, reviews ---------------------------------------------------

  async listBanners(paging: Paging, ctx: LocaleContext): Promise<ListResult<Banner>> {
    const query = this.db
      .selectFrom('banners')
      .select(['id', 'image', 'images_by_language', 'position', 'link']);
    const { rows, count } = await this.list(query, paging, 'id', false);
    const items = paging.ordering ? rows : [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
    // A banner with an image per language shows the one of the request's language (fa otherwise).
    const imageOf = (r: (typeof rows)[number]) =>
      r.images_by_language === null ? r.image : pickFrom(JSON.parse(r.images_by_language) as Translated, ctx);
    return { items: items.map((r) => ({ id: r.id, image: ctx.media(imageOf(r)), link: r.link })), count };
  }

  async listPosts(paging: Paging, ctx: LocaleContext): Promise<ListResult<Post>> {
    const query = this.db.selectFrom('posts').selectAll();
    const { rows, count } = await this.list(query, paging, '-creation_date', true);
    return { items: rows.map((r) => postFromRow(r, ctx)), count };
  }

  async getPost(id: number, ctx: LocaleContext): Promise<Post | undefined> {
    const row = await this.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? postFromRow(row, ctx) : undefined;
  }

  /** The business's identity in the context's language (empty parts where nothing is set). */
  async storeIdentity(ctx: LocaleContext): Promise<StoreIdentityView> {
    const store = (await new Settings(this.db).storeIdentity()) ?? {};
    const text = (value: Translated | undefined) => (value ? pickFrom(value, ctx) : '');
    return {
      name: text(store.name),
      description: text(store.description),
      logo: store.logo ? ctx.media(store.logo) : null,
      favicon: store.favicon ? ctx.media(store.favicon) : null,
      phones: store.phones ?? [],
      email: store.email ?? '',
      address: text(store.address),
      map_url: store.map_url ?? '',
      hours: text(store.hours),
      social: socialNetworks.flatMap((network) => {
        const url = store.social?.[network];
        return url ? [{ network, url }] : [];
      }),
      price_display: store.price_display ?? 'IRR',
    };
  }

  async listAboutUs(ctx: LocaleContext): Promise<AboutUs[]> {
    const rows = await this.db.selectFrom('about_us').selectAll().orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      content: pick(r.content, ctx),
      team: (JSON.parse(r.team) as TeamMemberInput[]).map((m) => ({
        name: pickFrom(m.name, ctx),
        role: pickFrom(m.role, ctx),
        description: pickFrom(m.description, ctx),
        photo: m.photo
          ? { image: ctx.media(m.photo.src), alt: m.photo.alt ? pickFrom(m.photo.alt, ctx) : '' }
          : null,
      })),
    }));
  }

  // ---- the sitemap -------------------------------------------------------------------------------

  /** What the sitemap lists besides products: collections' and industries' titles, posts' ids and dates. */
  async sitemapLists() {
    const [collections, industries, posts] = await Promise.all([
      this.db.selectFrom('collections').select(['title']).orderBy('id').execute(),
      this.db.selectFrom('industries').select(['title']).orderBy('id').execute(),
      this.db.selectFrom('posts').select(['id', 'creation_date']).orderBy('id').execute(),
    ]);
    return { collections, industries, posts };
  }

  /** How many products are published (the sitemap's length). */
  async publishedCount(): Promise<number> {
    return this.countOf(this.db.selectFrom('products').where('published', '=', 1));
  }

  /** Published products' ids and dates, by id: one slice of the sitemap. */
  publishedProductDates(limit: number, offset: number) {
    return this.db
      .selectFrom('products')
      .select(['id', 'creation_date'])
      .where('published', '=', 1)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /**
   * A product's published reviews (held and hidden ones never reach the storefront), newest first
   * unless the query orders them otherwise, as JSON: read once per reviews stamp and order
   * (`readReviews`, kept by CatalogueCache `reviewsJson`) for both languages and every page of the
   * list; a page is a slice of it. Under the mixed load a busy product's list is dropped by each new
   * review and asked for in both languages between two of them (issue 22).
   */
  async listReviews(productId: number, paging: Paging): Promise<ListResult<Review>> {
    const ordering = paging.ordering ?? NEWEST_FIRST;
    const version = this.cache.withReviews(await this.cache.version(), productId);
    const { items: all } = await this.cache.reviewsJson(productId, ordering, version, () =>
      this.readReviews(productId, ordering),
    );
    if (!paging.paged) return { items: [], count: undefined, json: [[all.slice(0, all.count)]] };
    const offset = paging.offset ?? 0;
    return { items: [], count: all.count, json: [[all.slice(offset, offset + (paging.limit ?? 24))]] };
  }

  /** A product's published reviews in one order, each written by the storefront's review schema. */
  async readReviews(productId: number, ordering: Ordering): Promise<ReviewsJson> {
    const query = this.db
      .selectFrom('reviews')
      .select(['id', 'name', 'content', 'creation_date'])
      .where('product_id', '=', productId)
      .where('status', '=', 'published');
    const { rows } = await this.list(query, { paged: false, ordering }, NEWEST_FIRST, true);
    const first = rows[0];
    return {
      items: JsonItems.of(rows.map(writeReview)),
      newest:
        ordering === NEWEST_FIRST && first ? { id: first.id, creation_date: first.creation_date } : undefined,
    };
  }
}

function inCollectionOrder<T extends { id: number; position: number; collection_id: number }>(
  rows: T[],
): T[] {
  const byCollection = new Map<number, T[]>();
  for (const row of rows)
    byCollection.set(row.collection_id, [...(byCollection.get(row.collection_id) ?? []), row]);
  for (const list of byCollection.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const next = new Map<number, number>();
  return rows.map((row) => {
    const i = next.get(row.collection_id) ?? 0;
    next.set(row.collection_id, i + 1);
    return byCollection.get(row.collection_id)![i]!;
  });
}

/** How much of a post's text its `preview_description` holds (about; cut at a word). */
const POST_PREVIEW_LENGTH = 200;

function postFromRow(r: Selectable<DB['posts']>, ctx: LocaleContext): Post {
  return {
    id: r.id,
    title: pick(r.title, ctx),
    content: pick(r.content, ctx),
    preview_description: previewText(pick(r.content, ctx), POST_PREVIEW_LENGTH),
    specific_content: pick(r.specific_content, ctx),
    creation_date: r.creation_date,
    images: (JSON.parse(r.images) as string[]).map((ref) => ({ image: ctx.media(ref) })),
  };
}
