import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, DialectName } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { normalizeText, searchDocument } from '../search/normalize.ts';
import { CATALOGUE_CHANNEL } from '../../db/channels.ts';
import { Settings, type SettingName } from '../settings/repository.ts';
import { loadReferenceTables, renderProduct, type ProductRow, type ReferenceTables } from './product-view.ts';
import { productLinks, type EntityKind } from './entities.ts';
import {
  type AboutUsInput,
  type BannerInput,
  type CollectionInput,
  type IndustryInput,
  type PostInput,
  type ProductInput,
  type ReviewInput,
  type StoreIdentity,
  type SubcollectionInput,
  type TagInput,
  type TranslatedText,
} from './format.ts';

/**
 * The one owner of catalogue writes. Every change to collections, subcollections, industries, tags,
 * products, posts, banners, the about-us page, the store's identity and imported reviews goes
 * through a CatalogueWriter inside `writeCatalogue`: one transaction that keeps the link tables,
 * the read copies on the product row (tag and subcollection ids), the search text and index, the
 * exact-title keys and the catalogue version in step, and tells every cache (this process's through
 * `onCommitted`, other instances' through NOTIFY on PostgreSQL) once it has committed. A row that
 * would be written as it already is is not written: a write that changes nothing keeps the version,
 * so every cache stays warm. `catalogue import` is a sequence of these writes; the back office's
 * edits are too.
 */

export type { EntityKind };

/** What an input may leave out when the database is to choose its id. */
type WithOptionalId<T extends { id: number }> = Omit<T, 'id'> & { id?: number | undefined };

export type BannerWrite = BannerInput & { position?: number | undefined };
/** A subcollection with its order within its collection (an import: the file's order). */
export type SubcollectionWrite = SubcollectionInput & { position?: number | undefined };

interface KindInputs {
  collection: CollectionInput;
  subcollection: SubcollectionWrite;
  industry: IndustryInput;
  tag: TagInput;
  product: ProductInput;
  post: PostInput;
  banner: BannerWrite;
}

/** Each kind's table (the back office's lists and locks name them through this too). */
export const TABLE = {
  collection: 'collections',
  subcollection: 'subcollections',
  industry: 'industries',
  tag: 'tags',
  product: 'products',
  post: 'posts',
  banner: 'banners',
} as const satisfies Record<EntityKind, keyof DB>;

type TableOf<K extends EntityKind> = (typeof TABLE)[K];
type RowOf<K extends EntityKind> = Omit<Insertable<DB[TableOf<K>]>, 'id'>;
/** A row of any catalogue table, for the statements that work on every kind alike. */
type AnyRow = Record<string, unknown>;

/** What a write changed, per kind: rows added, changed and removed. */
export interface WriteCounts {
  added: number;
  changed: number;
  removed: number;
}

export type WriteSummary = Record<EntityKind | 'review' | 'about_us' | 'store', WriteCounts>;

const emptyCounts = (): WriteSummary => ({
  collection: { added: 0, changed: 0, removed: 0 },
  subcollection: { added: 0, changed: 0, removed: 0 },
  industry: { added: 0, changed: 0, removed: 0 },
  tag: { added: 0, changed: 0, removed: 0 },
  product: { added: 0, changed: 0, removed: 0 },
  post: { added: 0, changed: 0, removed: 0 },
  banner: { added: 0, changed: 0, removed: 0 },
  review: { added: 0, changed: 0, removed: 0 },
  about_us: { added: 0, changed: 0, removed: 0 },
  store: { added: 0, changed: 0, removed: 0 },
});

const json = (value: unknown) => JSON.stringify(value);
const sanitized = (text: TranslatedText): TranslatedText =>
  Object.fromEntries(
    Object.entries(text).map(([lang, html]) => [lang, sanitizeRichText(html)]),
  ) as TranslatedText;
const isoDate = (value: string) => new Date(value).toISOString();
const NAME_KIND: Partial<Record<EntityKind, DB['name_keys']['kind']>> = {
  collection: 'collection',
  subcollection: 'subcollection',
  industry: 'industry',
  tag: 'tag',
  product: 'product',
};
/** Rows per statement: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 500;

/** The tables whose indexes a first import builds after their rows (`deferIndexes`). */
const DEFERRED_TABLES = ['products', 'product_json', 'product_tags', 'product_subcollections', 'name_keys'];
const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Pre-rendered bodies per statement: fewer than other rows, each is a few kilobytes. */
const JSON_ROWS_PER_STATEMENT = 200;

/** A row just written: its input, and the row as it now is in the table. */
interface Written<K extends EntityKind> {
  id: number;
  input: KindInputs[K];
  row: AnyRow & { id: number };
}

function chunks<T>(values: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

export interface WriterOptions {
  /** Maps an image value of the input to the stored reference (import: the media file's name). */
  imageRef?: (value: string) => string;
  /** The languages products are pre-rendered in (default: those of the last import, else fa). */
  languages?: readonly string[];
}

export class CatalogueWriter {
  readonly counts: WriteSummary = emptyCounts();
  private readonly trx: Transaction<DB>;
  private readonly dialect: DialectName;
  private readonly imageRef: (value: string) => string;
  private reference: ReferenceTables | undefined;
  private languages: readonly string[] | undefined;
  /** Products whose copies of other entities (tag/subcollection ids, search text) must be redone. */
  private readonly stale = new Set<number>();
  /** Kinds into which rows were written with ids of their own (PostgreSQL's sequence must follow). */
  private readonly explicitIds = new Set<EntityKind>();
  /** What `deferIndexes` dropped, to be made again. */
  private deferred: { type: 'index' | 'trigger'; name: string; sql: string }[] | undefined;

  /** The same transaction, untyped: for the statements written once for every table. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly any: Kysely<any>;

  constructor(trx: Transaction<DB>, dialect: DialectName, options: WriterOptions = {}) {
    this.trx = trx;
    this.any = trx;
    this.dialect = dialect;
    this.imageRef = options.imageRef ?? ((value) => value);
    this.languages = options.languages;
  }

  /**
   * The write's transaction, for a record that must commit or roll back with the catalogue change
   * (the back office's audit entry). Catalogue tables are written through the methods only.
   */
  get transaction(): Transaction<DB> {
    return this.trx;
  }

  /** Whether anything has been written so far. */
  get changed(): boolean {
    return Object.values(this.counts).some((c) => c.added + c.changed + c.removed > 0);
  }

  // ---- create / update / delete ---------------------------------------------------------------

  /** Creates one entity; the database chooses its id. Returns the id. */
  async create<K extends EntityKind>(kind: K, input: WithOptionalId<KindInputs[K]>): Promise<number> {
    const row = this.stamped(kind, await this.rowOf(kind, input as KindInputs[K]));
    const inserted = await this.any
      .insertInto(TABLE[kind] as string)
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await this.afterRows(kind, [{ id, input: { ...input, id } as KindInputs[K], row: { id, ...row } }], []);
    this.counts[kind].added++;
    return id;
  }

  /**
   * Writes entities with their ids as given: new ids are added, known ones updated where they
   * differ. Returns the ids whose rows were written.
   */
  async put<K extends EntityKind>(kind: K, inputs: readonly KindInputs[K][]): Promise<number[]> {
    const written: number[] = [];
    for (const batch of chunks(inputs)) written.push(...(await this.putBatch(kind, batch)));
    return written;
  }

  /** Updates one entity; false when there is none with its id. */
  async update<K extends EntityKind>(kind: K, input: KindInputs[K]): Promise<boolean> {
    const found = await this.any
      .selectFrom(TABLE[kind] as string)
      .select('id')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!found) return false;
    await this.put(kind, [input]);
    return true;
  }

  /** Deletes entities by id (what refers to them follows: links go, references become null). */
  async remove(kind: EntityKind, ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (const batch of chunks(ids)) {
      // Products that copy something of these entities are redone at the end of the write.
      await this.markDependents(kind, batch);
      const result = await this.any
        .deleteFrom(TABLE[kind] as string)
        .where('id', 'in', batch)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
      const nameKind = NAME_KIND[kind];
      if (nameKind) {
        await this.trx
          .deleteFrom('name_keys')
          .where('kind', '=', nameKind)
          .where('entity_id', 'in', batch)
          .execute();
      }
      if (kind === 'product') {
        for (const id of batch) this.stale.delete(id);
        // Likes of products that are gone go with them.
        await this.trx.deleteFrom('likes').where('product_id', 'in', batch).execute();
      }
    }
    this.counts[kind].removed += removed;
    this.forgetReference(kind);
    return removed;
  }

  /** Deletes every entity of a kind whose id is not in `keep` (an import's entities absent from its file). */
  async removeAllBut(kind: EntityKind, keep: ReadonlySet<number>): Promise<number> {
    const gone: number[] = [];
    const rows = (await this.any
      .selectFrom(TABLE[kind] as string)
      .select('id')
      .execute()) as { id: number }[];
    for (const { id } of rows) if (!keep.has(Number(id))) gone.push(Number(id));
    return gone.length === 0 ? 0 : this.remove(kind, gone);
  }

  /**
   * The about-us page (null: none): its content and its team (in order; photos mapped to media
   * references). A page without a `team` has an empty one.
   */
  async setAboutUs(input: AboutUsInput | null): Promise<void> {
    const existing = await this.trx
      .selectFrom('about_us')
      .select(['content', 'team'])
      .where('id', '=', 1)
      .executeTakeFirst();
    const value = input
      ? {
          content: json(sanitized(input.content)),
          team: json(
            (input.team ?? []).map(({ photo, ...member }) => ({
              ...member,
              ...(photo ? { photo: { ...photo, src: this.imageRef(photo.src) } } : {}),
            })),
          ),
        }
      : undefined;
    if (existing && value && existing.content === value.content && existing.team === value.team) return;
    if (existing && value === undefined) {
      await this.trx.deleteFrom('about_us').execute();
      this.counts.about_us.removed++;
    } else if (existing) {
      await this.trx.updateTable('about_us').set(value!).where('id', '=', 1).execute();
      this.counts.about_us.changed++;
    } else if (value !== undefined) {
      await this.trx
        .insertInto('about_us')
        .values({ id: 1, ...value })
        .execute();
      this.counts.about_us.added++;
    }
  }

  /** The business's identity (null: none), its images mapped to media references. */
  async setStore(input: StoreIdentity | null): Promise<void> {
    const value = input
      ? json({
          ...input,
          ...(input.logo === undefined ? {} : { logo: this.imageRef(input.logo) }),
          ...(input.favicon === undefined ? {} : { favicon: this.imageRef(input.favicon) }),
        })
      : undefined;
    const settings = new Settings(this.trx);
    const existing = await settings.text('storeIdentity');
    if (existing === value) return;
    await settings.put('storeIdentity', value);
    this.counts.store[existing !== undefined ? (value === undefined ? 'removed' : 'changed') : 'added']++;
  }

  /**
   * Makes the imported reviews exactly `reviews`: those already there (same product, name, email,
   * text and date) are kept with their ids, the others added, and reviews not in the list removed.
   * Only published reviews are the catalogue's: reviews held for the store's check or hidden by it
   * (modules/reviews/moderation.ts) are neither exported nor touched by an import.
   */
  async setReviews(reviews: readonly ReviewInput[]): Promise<void> {
    const keyOf = (r: {
      product_id: number;
      name: string;
      email: string;
      content: string;
      creation_date: string;
    }) => json([r.product_id, r.name, r.email, r.content, r.creation_date]);
    const existing = new Map<string, number[]>();
    for (const r of await this.trx
      .selectFrom('reviews')
      .select(['id', 'product_id', 'name', 'email', 'content', 'creation_date'])
      .where('status', '=', 'published')
      .execute()) {
      const key = keyOf(r);
      existing.set(key, [...(existing.get(key) ?? []), r.id]);
    }
    const added: Insertable<DB['reviews']>[] = [];
    for (const r of reviews) {
      const row = {
        product_id: r.product,
        name: r.name,
        email: r.email,
        content: r.content,
        language: null,
        creation_date: isoDate(r.creation_date),
      };
      const ids = existing.get(keyOf(row));
      if (ids && ids.length > 0) ids.pop();
      else added.push(row);
    }
    const removed = [...existing.values()].flat();
    for (const batch of chunks(removed))
      await this.trx.deleteFrom('reviews').where('id', 'in', batch).execute();
    for (const batch of chunks(added)) await this.trx.insertInto('reviews').values(batch).execute();
    this.counts.review.added += added.length;
    this.counts.review.removed += removed.length;
  }

  // ---- the end of a write ---------------------------------------------------------------------

  // ---- many rows at once ----------------------------------------------------------------------

  /**
   * Before writing many products into a store that has none (a first import): SQLite's secondary
   * indexes on the product tables and the triggers that keep the search index in step are dropped,
   * to be made again by `buildDeferred` from the rows (one sort per index and one FTS5 'rebuild'
   * instead of 100,000 B-tree inserts each and a search index grown row by row). Inside the
   * transaction, so a failed write leaves them as they were; readers keep their snapshot meanwhile
   * (WAL). Their definitions are read from the schema, never copied here. PostgreSQL keeps its
   * indexes: dropping one locks the table against every reader until the commit.
   */
  async deferIndexes(): Promise<void> {
    if (this.dialect !== 'sqlite' || this.deferred !== undefined) return;
    const { rows } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
      SELECT type, name, sql FROM sqlite_master
      WHERE sql IS NOT NULL AND tbl_name IN (${sql.join(DEFERRED_TABLES)})
        AND (type = 'index' OR (type = 'trigger' AND sql LIKE '%product_search%'))
      ORDER BY type, name`.execute(this.trx);
    for (const { type, name } of rows) {
      await sql.raw(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} ${quoteName(name)}`).execute(this.trx);
    }
    this.deferred = rows;
  }

  /** Makes again what `deferIndexes` dropped: the indexes, the search index from the rows, its triggers. */
  async buildDeferred(): Promise<void> {
    const deferred = this.deferred;
    if (deferred === undefined) return;
    this.deferred = undefined;
    for (const { sql: definition } of deferred.filter((d) => d.type === 'index'))
      await sql.raw(definition).execute(this.trx);
    await sql`INSERT INTO product_search(product_search) VALUES('rebuild')`.execute(this.trx);
    for (const { sql: definition } of deferred.filter((d) => d.type === 'trigger'))
      await sql.raw(definition).execute(this.trx);
  }

  /** Redoes the copies on products that changed under them, and makes ids handed out later follow. */
  async finish(): Promise<void> {
    await this.buildDeferred();
    if (this.stale.size > 0) await this.refreshProducts([...this.stale]);
    this.stale.clear();
    await this.renderMissing();
    if (this.dialect === 'postgres') {
      for (const kind of this.explicitIds) {
        const table = TABLE[kind];
        await sql`SELECT setval(${`${table}_id_seq`}::regclass, COALESCE((SELECT max(id) FROM ${sql.id(table)}), 0) + 1, false)`.execute(
          this.trx,
        );
      }
    }
  }

  // ---- rows -----------------------------------------------------------------------------------

  private async putBatch<K extends EntityKind>(kind: K, inputs: readonly KindInputs[K][]): Promise<number[]> {
    const table: string = TABLE[kind];
    const ids = inputs.map((i) => i.id);
    const existing = new Map<number, AnyRow>();
    const rows = (await this.any
      .selectFrom(table)
      .selectAll()
      .where('id', 'in', ids)
      .execute()) as (AnyRow & {
      id: number;
    })[];
    for (const row of rows) existing.set(Number(row.id), row);

    const inserts: AnyRow[] = [];
    const updates: { id: number; row: AnyRow }[] = [];
    const written: Written<K>[] = [];
    for (const input of inputs) {
      const row = await this.rowOf(kind, input);
      const before = existing.get(input.id);
      if (!before) {
        const stamped = { id: input.id, ...this.stamped(kind, row) };
        inserts.push(stamped);
        written.push({ id: input.id, input, row: stamped });
      } else if (Object.keys(row).some((column) => !sameValue(row[column], before[column]))) {
        const stamped = this.stamped(kind, row);
        updates.push({ id: input.id, row: stamped });
        written.push({ id: input.id, input, row: { ...before, ...stamped, id: input.id } });
      }
    }
    if (inserts.length > 0) {
      await this.any.insertInto(table).values(inserts).execute();
      this.explicitIds.add(kind);
    }
    for (const { id, row } of updates) {
      await this.any.updateTable(table).set(row).where('id', '=', id).execute();
    }
    await this.afterRows(
      kind,
      written,
      updates.map((u) => u.id),
    );
    this.counts[kind].added += inserts.length;
    this.counts[kind].changed += updates.length;
    return written.map((w) => w.id);
  }

  /** Links, title keys and dependants of rows just written (`updated`: those that existed before). */
  private async afterRows<K extends EntityKind>(
    kind: K,
    written: readonly Written<K>[],
    updated: readonly number[],
  ): Promise<void> {
    if (written.length === 0) return;
    const ids = written.map((w) => w.id);
    const nameKind = NAME_KIND[kind];
    if (nameKind) {
      if (updated.length > 0) {
        await this.trx
          .deleteFrom('name_keys')
          .where('kind', '=', nameKind)
          .where('entity_id', 'in', updated)
          .execute();
      }
      const keys = written.flatMap(({ id, input }) =>
        [
          ...new Set(
            Object.values((input as { title: TranslatedText }).title)
              .map(normalizeText)
              .filter(Boolean),
          ),
        ].map((key) => ({ kind: nameKind, key, entity_id: id })),
      );
      for (const batch of chunks(keys)) await this.trx.insertInto('name_keys').values(batch).execute();
    }
    if (kind === 'product') {
      if (updated.length > 0) {
        await this.trx.deleteFrom('product_tags').where('product_id', 'in', updated).execute();
        await this.trx.deleteFrom('product_subcollections').where('product_id', 'in', updated).execute();
      }
      const products = written as unknown as { id: number; input: ProductInput }[];
      const tags = products.flatMap(({ id, input }) =>
        input.tags.map((tag_id, position) => ({ product_id: id, tag_id, position })),
      );
      const subs = products.flatMap(({ id, input }) =>
        [...new Set(input.subcollections)].map((subcollection_id) => ({ product_id: id, subcollection_id })),
      );
      for (const batch of chunks(tags)) await this.trx.insertInto('product_tags').values(batch).execute();
      for (const batch of chunks(subs))
        await this.trx.insertInto('product_subcollections').values(batch).execute();
      for (const id of ids) this.stale.delete(id);
    }
    // Rendered from the rows just written (reading them back cost as much as the render).
    if (kind === 'product')
      await this.renderRows(
        written.map((w) => w.row as ProductRow),
        updated,
      );
    // Products show the titles (and a supplier's website and phone) of what they refer to.
    if (updated.length > 0) await this.markDependents(kind, updated);
    this.forgetReference(kind);
  }

  private forgetReference(kind: EntityKind): void {
    if (kind === 'tag' || kind === 'industry' || kind === 'collection' || kind === 'subcollection') {
      this.reference = undefined;
    }
  }

  /** Notes the products that copy something of these entities (their ids or titles). */
  private async markDependents(kind: EntityKind, ids: readonly number[]): Promise<void> {
    let rows: { product_id: number }[] = [];
    if (kind === 'tag') {
      rows = await this.trx
        .selectFrom('product_tags')
        .select('product_id')
        .where('tag_id', 'in', ids)
        .execute();
    } else if (kind === 'subcollection') {
      rows = await this.trx
        .selectFrom('product_subcollections')
        .select('product_id')
        .where('subcollection_id', 'in', ids)
        .execute();
    } else if (kind === 'collection') {
      rows = [
        ...(await this.trx
          .selectFrom('product_subcollections')
          .innerJoin('subcollections', 'subcollections.id', 'product_subcollections.subcollection_id')
          .select('product_subcollections.product_id as product_id')
          .where('subcollections.collection_id', 'in', ids)
          .execute()),
        ...(await this.trx
          .selectFrom('products')
          .select('id as product_id')
          .where('collection_id', 'in', ids)
          .execute()),
      ];
    } else if (kind === 'industry') {
      rows = await this.trx
        .selectFrom('products')
        .select('id as product_id')
        .where('industry_id', 'in', ids)
        .execute();
    }
    for (const { product_id } of rows) this.stale.add(product_id);
  }

  /** Rewrites the copies a product keeps of its links and of other entities' titles, where they differ. */
  private async refreshProducts(ids: readonly number[]): Promise<void> {
    for (const batch of chunks(ids)) {
      const [products, { tagsOf, subsOf }] = await Promise.all([
        this.trx
          .selectFrom('products')
          .select([
            'id',
            'title',
            'short_description',
            'industry_id',
            'published',
            'search_doc',
            'tag_ids',
            'subcollection_ids',
          ])
          .where('id', 'in', batch)
          .execute(),
        productLinks(this.trx, batch),
      ]);
      for (const p of products) {
        const tagIds = tagsOf.get(p.id) ?? [];
        const next = {
          tag_ids: json(tagIds),
          subcollection_ids: json(subsOf.get(p.id) ?? []),
          search_doc: await this.searchDocOf({
            title: JSON.parse(p.title) as TranslatedText,
            short_description: JSON.parse(p.short_description) as TranslatedText,
            tags: tagIds,
            industry: p.industry_id,
            published: p.published === 1,
          }),
        };
        if (
          next.tag_ids !== p.tag_ids ||
          next.subcollection_ids !== p.subcollection_ids ||
          next.search_doc !== p.search_doc
        ) {
          await this.trx.updateTable('products').set(next).where('id', '=', p.id).execute();
          this.counts.product.changed++;
        }
      }
      // What they show of other entities may have changed even where their own row did not.
      await this.renderProducts(batch);
    }
  }

  // ---- pre-rendered JSON --------------------------------------------------------------------------

  /** Writes the JSON of these products in every rendered language (none for an unpublished one). */
  async renderProducts(ids: readonly number[]): Promise<void> {
    for (const batch of chunks(ids)) {
      const rows = await this.trx.selectFrom('products').selectAll().where('id', 'in', batch).execute();
      await this.renderRows(rows, batch);
    }
  }

  /**
   * Writes the JSON of these product rows (as stored), replacing that of the products in `replace`
   * (a product added in this write has none to replace).
   */
  private async renderRows(rows: readonly ProductRow[], replace: readonly number[]): Promise<void> {
    if (rows.length === 0) return;
    const reference = await this.referenceTables();
    const languages = await this.renderLanguages();
    for (const batch of chunks(replace))
      await this.trx.deleteFrom('product_json').where('product_id', 'in', batch).execute();
    for (const part of chunks(rows, Math.max(1, Math.floor(JSON_ROWS_PER_STATEMENT / languages.length)))) {
      const bodies: { product_id: number; lang: string; body: Buffer }[] = [];
      for (const row of part) {
        for (const lang of languages) {
          const body = renderProduct(row, reference, lang);
          if (body !== undefined) bodies.push({ product_id: row.id, lang, body: Buffer.from(body) });
        }
      }
      if (bodies.length > 0) await this.trx.insertInto('product_json').values(bodies).execute();
    }
  }

  /** Renders every product (the languages changed). */
  async renderAll(): Promise<void> {
    const ids = (await this.trx.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
    await this.renderProducts(ids);
  }

  /** Renders the published products that have no JSON yet (a store written before it was kept). */
  private async renderMissing(): Promise<void> {
    const missing = await this.trx
      .selectFrom('products')
      .select('id')
      .where('published', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('product_json')
              .select('product_id')
              .where('product_json.lang', '=', 'fa')
              .whereRef('product_json.product_id', '=', 'products.id'),
          ),
        ),
      )
      .execute();
    await this.renderProducts(missing.map((r) => r.id));
  }

  private async renderLanguages(): Promise<readonly string[]> {
    if (this.languages === undefined) {
      this.languages = (await new Settings(this.trx).catalogueLanguages()) ?? ['fa'];
    }
    return this.languages;
  }

  /** The reference tables as this transaction sees them (read again after any of them is written). */
  private async referenceTables(): Promise<ReferenceTables> {
    this.reference ??= await loadReferenceTables(this.trx);
    return this.reference;
  }

  /** What search matches for a product: its title, short description, tags and supplier, in every language. */
  private async searchDocOf(p: {
    title: TranslatedText;
    short_description: TranslatedText;
    tags: readonly number[];
    industry: number | null;
    published: boolean;
  }): Promise<string> {
    // An unpublished product is never found: nothing for the search index to match.
    if (!p.published) return '';
    const { tags, industries } = await this.referenceTables();
    return searchDocument(
      [
        p.title,
        p.short_description,
        ...p.tags.map((t) => tags.get(t)),
        p.industry === null ? undefined : industries.get(p.industry)?.title,
      ].flatMap((text) => (text ? Object.values(text) : [])),
    );
  }

  /**
   * A product's row with the time it was written (`updated_at`, which Torob's feed pages by), added
   * after the comparison with the stored row, so that a write that changes nothing keeps it.
   */
  private stamped(kind: EntityKind, row: AnyRow): AnyRow {
    return kind === 'product' ? { ...row, updated_at: new Date().toISOString() } : row;
  }

  private async rowOf<K extends EntityKind>(kind: K, input: KindInputs[K]): Promise<AnyRow> {
    switch (kind) {
      case 'collection': {
        const x = input as CollectionInput;
        return { title: json(x.title), footer: x.footer ? 1 : 0 } satisfies RowOf<'collection'>;
      }
      case 'subcollection': {
        const x = input as SubcollectionWrite;
        return {
          collection_id: x.collection,
          position: x.position ?? 0,
          title: json(x.title),
          search_doc: searchDocument(Object.values(x.title)),
        } satisfies RowOf<'subcollection'>;
      }
      case 'industry': {
        const x = input as IndustryInput;
        return {
          title: json(x.title),
          website: x.website ?? '',
          phone: x.phone?.trim() ? x.phone.trim() : null,
          search_doc: searchDocument(Object.values(x.title)),
        } satisfies RowOf<'industry'>;
      }
      case 'tag': {
        const x = input as TagInput;
        return { title: json(x.title) } satisfies RowOf<'tag'>;
      }
      case 'product': {
        const p = input as ProductInput;
        return {
          title: json(p.title),
          short_description: json(p.short_description),
          preview_description: json(p.preview_description),
          description: json(sanitized(p.description)),
          inventory: p.inventory,
          start_price: p.price_range?.start_price ?? 0,
          end_price: p.price_range?.end_price ?? 0,
          currency_type: p.price_range?.currency_type ?? '',
          price_on_request: p.price_range === null ? 1 : 0,
          published: p.published === false ? 0 : 1,
          industry_id: p.industry,
          collection_id: p.collection,
          images: json(
            p.images.map((img): StoredImage =>
              // Stored as a plain reference unless there is an alt text to keep with it.
              typeof img === 'string'
                ? this.imageRef(img)
                : img.alt
                  ? { src: this.imageRef(img.src), alt: img.alt }
                  : this.imageRef(img.src),
            ),
          ),
          properties: json(p.properties),
          recommend: p.recommend ? 1 : 0,
          tejarat_khareji: p.tejarat_khareji ? 1 : 0,
          tejarat_dakheli: p.tejarat_dakheli ? 1 : 0,
          khadamat_tejarat: p.khadamat_tejarat ? 1 : 0,
          amouzesh_tejarat: p.amouzesh_tejarat ? 1 : 0,
          creation_date: isoDate(p.creation_date),
          tag_ids: json(p.tags),
          subcollection_ids: json([...new Set(p.subcollections)].sort((a, b) => a - b)),
          search_doc: await this.searchDocOf({
            title: p.title,
            short_description: p.short_description,
            tags: p.tags,
            industry: p.industry,
            published: p.published !== false,
          }),
        } satisfies RowOf<'product'>;
      }
      case 'post': {
        const p = input as PostInput;
        return {
          title: json(p.title),
          content: json(p.content),
          specific_content: json(sanitized(p.specific_content)),
          creation_date: isoDate(p.creation_date),
          images: json(p.images.map((img) => this.imageRef(img))),
        } satisfies RowOf<'post'>;
      }
      case 'banner': {
        const b = input as BannerWrite;
        const position = b.position ?? 0;
        return (
          typeof b.image === 'string'
            ? { image: this.imageRef(b.image), images_by_language: null, position, link: b.link ?? null }
            : {
                image: this.imageRef(b.image.fa),
                images_by_language: json(
                  Object.fromEntries(
                    Object.entries(b.image).map(([lang, img]) => [lang, this.imageRef(img)]),
                  ),
                ),
                position,
                link: b.link ?? null,
              }
        ) satisfies RowOf<'banner'>;
      }
    }
    throw new Error(`unknown entity kind ${String(kind)}`);
  }
}

/** Column values as the two drivers give them back (numbers may come back as strings from pg's numeric). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : false;
}

export interface WriteOptions extends WriterOptions {
  /** Called once the transaction has committed with a change: this process's caches drop the old version. */
  onCommitted?: (version: string) => void;
  /** Settings to write in the same transaction (an import's fingerprint and languages). */
  settings?: Partial<Record<SettingName, string>>;
  /** Many rows will be written (an import): SQLite's settings for it, for its duration (`bulkPragmas`). */
  bulk?: boolean;
}

export interface WriteResult<T> {
  value: T;
  counts: WriteSummary;
  /** The catalogue version after the write; unchanged when nothing was written. */
  changed: boolean;
}

/**
 * Runs `write` in one transaction. When it changed anything, the catalogue version is replaced in
 * the same transaction (and announced on PostgreSQL with NOTIFY, delivered at commit); when it
 * throws, nothing of it stays.
 */
export async function writeCatalogue<T>(
  database: Database,
  write: (writer: CatalogueWriter) => Promise<T>,
  options: WriteOptions = {},
): Promise<WriteResult<T>> {
  const restore = options.bulk ? await bulkPragmas(database) : undefined;
  try {
    return await writeInTransaction(database, write, options);
  } finally {
    await restore?.();
  }
}

async function writeInTransaction<T>(
  database: Database,
  write: (writer: CatalogueWriter) => Promise<T>,
  options: WriteOptions,
): Promise<WriteResult<T>> {
  let version: string | undefined;
  const result = await database.db.transaction().execute(async (trx) => {
    const writer = new CatalogueWriter(trx, database.dialect, options);
    const value = await write(writer);
    await writer.finish();
    const settings = new Settings(trx);
    for (const [name, value] of Object.entries(options.settings ?? {}) as [SettingName, string][]) {
      await settings.put(name, value);
    }
    if (writer.changed) {
      version = `${new Date().toISOString()} ${crypto.randomUUID()}`;
      await settings.put('catalogueVersion', version);
      // Every other instance on this PostgreSQL hears of it when the transaction commits.
      if (database.dialect === 'postgres') {
        await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${version})`.execute(trx);
      }
    }
    return { value, counts: writer.counts, changed: writer.changed };
  });
  if (version !== undefined) {
    database.catalogueWrites.emit('committed', version);
    options.onCommitted?.(version);
  }
  return result;
}

/**
 * SQLite's settings for a write of many rows, for its duration only (they are the connection's): a
 * page cache large enough for the B-trees being filled (the default 2 MB spilled dirty pages to the
 * WAL again and again). `synchronous` stays: in WAL mode a commit is not synced anyway, and OFF
 * would only skip the sync of the checkpoint that makes the imported catalogue durable; temporary
 * sorts stay in files (in memory they cost the 100,000-product import 10 MB of RSS and no time).
 * Returns what puts them back.
 */
async function bulkPragmas(database: Database): Promise<(() => Promise<void>) | undefined> {
  if (database.dialect !== 'sqlite') return undefined;
  const pragma = async (name: string, value?: string | number) =>
    (await sql.raw(value === undefined ? `PRAGMA ${name}` : `PRAGMA ${name} = ${value}`).execute(database.db))
      .rows[0] as Record<string, string | number> | undefined;
  const before: [string, string | number][] = [];
  for (const [name, value] of BULK_PRAGMAS) {
    const current = await pragma(name);
    if (current !== undefined) before.push([name, Object.values(current)[0]!]);
    await pragma(name, value);
  }
  return async () => {
    for (const [name, value] of before) await pragma(name, value);
  };
}

/**
 * cache_size in KiB when negative: 16 MB. The 100,000-product import peaked at 471-486 MB of RSS
 * with it; with 64 MB at 600 MB (that run profiled, which costs memory too): the bound is 500 MB.
 */
const BULK_PRAGMAS: [string, string | number][] = [['cache_size', -16384]];
