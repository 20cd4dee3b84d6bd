import type { EntityListQuery, EntityRow } from '@storefront/contracts/admin';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import { searchWords } from '../search/normalize.ts';
import { TABLE, type EntityKind } from '../catalogue/writes.ts';
import type { CatalogueCache } from '../store/catalogue-cache.ts';
import type { StoreRepository } from '../store/repository.ts';
import { containing, containsEvery, like } from '../search/like.ts';

/**
 * The back office's lists (all SQL of them): every kind paged, sorted and filtered on the server.
 * Product search is the storefront's (the same Persian-aware words and index, search/strategy.ts
 * through `StoreRepository.search`) for published products, plus the drafts whose title holds the words (drafts have no
 * search document: the storefront never finds them).
 */

type Query = EntityListQuery & { page: number; page_size: number };

/** The columns a list row needs, per kind (never the long texts). */
const COLUMNS: Record<EntityKind, string[]> = {
  collection: ['id', 'title'],
  subcollection: ['id', 'title', 'collection_id'],
  industry: ['id', 'title'],
  tag: ['id', 'title'],
  product: ['id', 'title', 'published', 'images', 'collection_id'],
  post: ['id', 'title', 'images'],
  banner: ['id', 'image', 'position'],
};

function missingLanguages(title: Record<string, string>, languages: readonly string[]): string[] {
  return languages.filter((lang) => lang !== 'fa' && !(title[lang] ?? '').trim());
}

function firstImage(images: string): string | null {
  const list = JSON.parse(images) as StoredImage[];
  const first = list[0];
  if (first === undefined) return null;
  return typeof first === 'string' ? first : first.src;
}

export class CatalogueLists {
  private readonly db: Kysely<DB>;
  private readonly store: StoreRepository;
  private readonly cache: CatalogueCache;
  private readonly languages: readonly string[];
  constructor(db: Kysely<DB>, store: StoreRepository, cache: CatalogueCache, languages: readonly string[]) {
    this.db = db;
    this.store = store;
    this.cache = cache;
    this.languages = languages;
  }

  async list(kind: EntityKind, query: Query): Promise<{ count: number; results: EntityRow[] }> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one builder for every table
    const db = this.db as Kysely<any>;
    const table = TABLE[kind];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let q: SelectQueryBuilder<any, any, object> = db.selectFrom(`${table} as e`);
    const words = searchWords(query.q ?? '');
    if (kind === 'product') {
      if (words.length > 0) q = q.where('e.id', 'in', this.productSearch(words));
      // Always a condition on `published`: the page's ids then come from the covering index
      // products_published_id_idx instead of a walk through the table's rows (at 100,000 products,
      // a deep page took 165-250 ms on SQLite, seconds under load; 20 ms so).
      q = q.where('e.published', 'in', query.status ? [query.status === 'published' ? 1 : 0] : [0, 1]);
      if (query.collection !== undefined) q = q.where('e.collection_id', '=', query.collection);
    } else if (words.length > 0 && kind !== 'banner') {
      // Subcollections and industries keep a normalised search text (the storefront's); the others
      // are matched on their titles.
      const column = kind === 'subcollection' || kind === 'industry' ? 'e.search_doc' : 'lower(e.title)';
      for (const condition of containsEvery(sql.raw(column), words)) q = q.where(condition);
    }
    if (kind === 'subcollection' && query.parent !== undefined)
      q = q.where('e.collection_id', '=', query.parent);

    const sort = query.sort ?? (kind === 'banner' ? 'id' : '-id');
    const descending = sort.startsWith('-');
    const byTitle = sort.endsWith('title') && kind !== 'banner';
    const order = (b: typeof q) =>
      byTitle
        ? b.orderBy(sql`e.title`, descending ? 'desc' : 'asc').orderBy('e.id', descending ? 'desc' : 'asc')
        : kind === 'banner'
          ? b.orderBy('e.position').orderBy('e.id')
          : b.orderBy('e.id', descending ? 'desc' : 'asc');

    // The list's ids in order, kept per catalogue version and filter (the storefront's id lists,
    // CatalogueCache): a page is a slice of them, then only its rows are read. Any catalogue write
    // changes the version, so an edit shows at once.
    const version = await this.cache.version();
    const key = `admin ${kind} ${JSON.stringify([words, query.status, query.collection, query.parent, sort])}`;
    const ids = await this.cache.idList(key, version, async () => {
      const rows = (await order(q.select('e.id as id')).execute()) as { id: number }[];
      return Int32Array.from(rows, (r) => Number(r.id));
    });
    const start = (query.page - 1) * query.page_size;
    const pageIds = Array.from(ids.subarray(start, start + query.page_size));
    const total = { n: ids.length };
    const found =
      pageIds.length === 0
        ? []
        : ((await db
            .selectFrom(`${table} as e`)
            .select(COLUMNS[kind].map((c) => `e.${c}`))
            .where('e.id', 'in', pageIds)
            .execute()) as Record<string, unknown>[]);
    const byId = new Map<number, Record<string, unknown>>(found.map((r) => [Number(r.id), r]));
    const rows = pageIds.flatMap((id): Record<string, unknown>[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    const counts = await this.productCounts(
      kind,
      rows.map((r) => Number(r.id)),
    );
    return {
      count: Number(total.n),
      results: rows.map((r) => this.rowOf(kind, r, counts)),
    };
  }

  private rowOf(
    kind: EntityKind,
    r: Record<string, unknown>,
    counts: Map<number, number> | undefined,
  ): EntityRow {
    const id = Number(r.id);
    const title =
      kind === 'banner' ? { fa: `#${id}` } : (JSON.parse(r.title as string) as Record<string, string>);
    return {
      id,
      title,
      published: kind === 'product' ? r.published === 1 : true,
      missing_languages: kind === 'banner' ? [] : missingLanguages(title, this.languages),
      image:
        kind === 'product' || kind === 'post'
          ? firstImage(r.images as string)
          : kind === 'banner'
            ? (r.image as string)
            : null,
      parent:
        kind === 'product' || kind === 'subcollection' ? ((r.collection_id as number | null) ?? null) : null,
      products: counts ? (counts.get(id) ?? 0) : null,
    };
  }

  /** How many products point to each listed collection, subcollection, industry or tag. */
  private async productCounts(kind: EntityKind, ids: number[]): Promise<Map<number, number> | undefined> {
    if (ids.length === 0)
      return kind === 'product' || kind === 'post' || kind === 'banner' ? undefined : new Map();
    let rows: { id: number; n: number | string }[];
    if (kind === 'collection' || kind === 'industry') {
      const column = kind === 'collection' ? 'collection_id' : 'industry_id';
      rows = (await this.db
        .selectFrom('products')
        .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('n')])
        .where(column, 'in', ids)
        .groupBy(column)
        .execute()) as { id: number; n: number }[];
    } else if (kind === 'subcollection') {
      rows = await this.db
        .selectFrom('product_subcollections')
        .select(['subcollection_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('subcollection_id', 'in', ids)
        .groupBy('subcollection_id')
        .execute();
    } else if (kind === 'tag') {
      rows = await this.db
        .selectFrom('product_tags')
        .select(['tag_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tag_id', 'in', ids)
        .groupBy('tag_id')
        .execute();
    } else return undefined;
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  /** Ids of the products a search finds: published ones by the storefront's index, drafts by title. */
  private productSearch(words: string[]) {
    const search = this.store.search;
    const plan = search.plan(words);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the FROM shapes share one builder
    const db = this.db as Kysely<any>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let published: SelectQueryBuilder<any, any, { id: number }>;
    if (plan.match !== '') {
      published = db
        .selectFrom('product_search')
        .where(search.matches('product_search', plan.match))
        .select(sql<number>`product_search.rowid`.as('id'));
    } else {
      published = db.selectFrom('products').select('products.id as id');
      for (const filter of search.likeFilters(sql.ref('products.search_doc'), plan)) {
        published = published.where(filter);
      }
    }
    let drafts = this.db.selectFrom('products').select('products.id as id').where('published', '=', 0);
    for (const word of words) drafts = drafts.where(like(sql`lower(products.title)`, containing(word)));
    return published.union(drafts);
  }
}
