import path from 'node:path';
import { MEDIA_VARIANT_WIDTHS, mediaVariantName } from '@storefront/contracts';
import type { PriceOnRequestChoice } from '@storefront/contracts/admin';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import { mediaUrlFor, pickFrom, type Translated } from '../../lib/translate.ts';
import { hasVariants } from '../media/variants.ts';
import type { CatalogueCache } from '../store/catalogue-cache.ts';
import { pageUrl } from '../web/page-head.ts';

/**
 * The products every feed serves, read and described once for Torob and Emalls alike: which
 * products a feed holds (published ones; only the priced ones when the owner leaves price-on-request
 * products out), their pages in each order a feed offers (slices of id lists read from the indexes of
 * migration 0016-feeds once per catalogue version), and each product as the engines want it: its Persian
 * page, its price in Toman, its category, its largest images, its properties.
 */

/**
 * A product with a price the feeds can give in Toman: not on request, in Rial or Toman, at least 10.
 * Written exactly as migration 0016's partial indexes are, so that both databases use them.
 */
const FEED_PRICED = sql.raw<SqlBool>(
  `published = 1 AND price_on_request = 0 AND start_price >= 10 AND upper(currency_type) IN ('IRR', 'IRT')`,
);

export type FeedOrder = 'date_added_desc' | 'date_updated_desc' | 'product_id_desc';

/** A product as the feeds describe it (each feed writes it in its own shape). */
export interface FeedProduct {
  id: number;
  /** The Persian title (the catalogue's fallback language). */
  title: string;
  /** The English title, when it has one. */
  subtitle: string | undefined;
  /** Its storefront page in Persian, absolute. */
  url: string;
  /** In Toman; 0 when it cannot be bought at a price now (on request, no Toman price, none in stock). */
  price: number;
  available: boolean;
  /** Its collection's and first subcollection's titles (in Persian), the broader first; empty when in none. */
  categories: string[];
  /** Absolute; the main image first, each at its largest variant. */
  images: string[];
  /** Its properties in Persian, name → value. */
  spec: Record<string, string>;
  shortDescription: string;
  dateAdded: string;
  dateUpdated: string;
}

/** Texts are cut to the engines' limits (Torob's product API v3: title 500, short_desc 500, category 200). */
export const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const FA = { lang: 'fa', fallback: 'fa' };

/** A product's price in Toman from its row; undefined when it has none the feeds can give (see FEED_PRICED). */
export function tomanPrice(row: {
  price_on_request: number;
  start_price: number;
  currency_type: string;
}): number | undefined {
  if (row.price_on_request === 1 || !(row.start_price >= 10)) return undefined;
  const currency = row.currency_type.toUpperCase();
  if (currency === 'IRR') return Math.round(row.start_price / 10);
  if (currency === 'IRT') return Math.round(row.start_price);
  return undefined;
}

/** The largest variant of an image of the store's media (WebP); the image itself when it has none. */
export function largestImage(ref: string, base: string): string {
  if (/^https?:\/\//i.test(ref) || !hasVariants(ref)) return mediaUrlFor(base)(ref);
  const hash = path.basename(ref, path.extname(ref));
  const widest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1]!;
  return `${base}/media/${mediaVariantName(hash, widest, 'webp')}`;
}

/** The id of one of the store's products from its page's URL (`…/app/product/{id}`); undefined otherwise. */
export function productIdOfUrl(value: string): number | undefined {
  let pathname: string;
  try {
    pathname = new URL(value).pathname;
  } catch {
    return undefined;
  }
  const match = /^\/app\/product\/(\d{1,9})\/?$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** A product id written as the feeds' `page_unique` (digits only, no leading zero); undefined otherwise. */
export function productIdOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

const COLUMNS = [
  'id',
  'title',
  'short_description',
  'inventory',
  'start_price',
  'currency_type',
  'price_on_request',
  'collection_id',
  'subcollection_ids',
  'images',
  'properties',
  'creation_date',
  'updated_at',
] as const;

export class FeedCatalogue {
  private readonly db: Kysely<DB>;
  private readonly cache: CatalogueCache;

  constructor(db: Kysely<DB>, cache: CatalogueCache) {
    this.db = db;
    this.cache = cache;
  }

  /** The ids of the products a feed holds under the owner's choice: every published one, or the priced ones. */
  private held(choice: PriceOnRequestChoice) {
    const ids = this.db.selectFrom('products').select('id');
    return choice === 'omit' ? ids.where(FEED_PRICED) : ids.where('published', '=', 1);
  }

  /**
   * Every id the feed holds in `order`, read once per catalogue version (from the indexes of
   * migration 0016) and kept (CatalogueCache's id lists): each page, at any depth, is then a slice,
   * whatever plan a database would choose for a deep OFFSET. `updated_at` changes only with a
   * catalogue write, which changes the version.
   */
  private async list(choice: PriceOnRequestChoice, order: FeedOrder): Promise<Int32Array> {
    const version = await this.cache.version();
    return this.cache.idList(`feeds ${choice} ${order}`, version, async () => {
      let query = this.held(choice);
      if (order === 'date_added_desc') query = query.orderBy('creation_date', 'desc');
      else if (order === 'date_updated_desc') query = query.orderBy('updated_at', 'desc');
      const rows = await query.orderBy('id', 'desc').execute();
      return Int32Array.from(rows, (r) => Number(r.id));
    });
  }

  /** How many products the feed holds. */
  async count(choice: PriceOnRequestChoice): Promise<number> {
    return (await this.list(choice, 'product_id_desc')).length;
  }

  /** One page of ids, newest first in `order`. */
  async pageIds(
    choice: PriceOnRequestChoice,
    order: FeedOrder,
    offset: number,
    limit: number,
  ): Promise<number[]> {
    return Array.from((await this.list(choice, order)).subarray(offset, offset + limit));
  }

  /**
   * Up to `limit` ids below `before` (from the newest when undefined), by id descending: a position
   * found by id (binary search), so a walk by cursor neither skips nor repeats when products are added
   * or removed between its pages.
   */
  async idsBefore(
    choice: PriceOnRequestChoice,
    before: number | undefined,
    limit: number,
  ): Promise<number[]> {
    const ids = await this.list(choice, 'product_id_desc');
    let low = 0;
    if (before !== undefined) {
      let high = ids.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (ids[middle]! >= before) low = middle + 1;
        else high = middle;
      }
    }
    return Array.from(ids.subarray(low, low + limit));
  }

  /** The products among `ids` that the feed holds, in the order of `ids` (each once). */
  async products(ids: readonly number[], choice: PriceOnRequestChoice, base: string): Promise<FeedProduct[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const byId = new Map<number, FeedProduct>();
    const { collections, subcollections } = await this.cache.referenceData();
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('products')
        .select(COLUMNS)
        .where('published', '=', 1)
        .where('id', 'in', part)
        .execute();
      for (const row of rows) {
        const toman = tomanPrice(row);
        if (toman === undefined && choice === 'omit') continue;
        const available = toman !== undefined && row.inventory > 0;
        const title = (json: string) => JSON.parse(json) as Translated;
        const collection = row.collection_id === null ? undefined : collections.get(row.collection_id);
        const subcollection = (JSON.parse(row.subcollection_ids) as number[])
          .map((id) => subcollections.get(id))
          .find((t) => t !== undefined);
        const categories = [collection, subcollection]
          .filter((t): t is Translated => t !== undefined)
          .map((t) => pickFrom(t, FA))
          .filter((t) => t !== '');
        const spec: Record<string, string> = {};
        for (const p of JSON.parse(row.properties) as { key: Translated; value: Translated }[]) {
          const key = pickFrom(p.key, FA).trim();
          if (key !== '' && !(key in spec)) spec[key] = pickFrom(p.value, FA);
        }
        const names = title(row.title);
        const english = names.en?.trim();
        byId.set(row.id, {
          id: row.id,
          title: cut(pickFrom(names, FA), 500),
          subtitle: english ? cut(english, 500) : undefined,
          url: pageUrl(base, `product/${row.id}`, 'fa'),
          // Torob: "use 0 for unavailable products"; never 0 with availability true (shown as free).
          price: available && toman !== undefined ? toman : 0,
          available,
          categories,
          images: (JSON.parse(row.images) as StoredImage[]).map((img) =>
            largestImage(typeof img === 'string' ? img : img.src, base),
          ),
          spec,
          shortDescription: cut(pickFrom(title(row.short_description), FA), 500),
          dateAdded: row.creation_date,
          dateUpdated: row.updated_at || row.creation_date,
        });
      }
    }
    return unique.map((id) => byId.get(id)).filter((p): p is FeedProduct => p !== undefined);
  }
}
