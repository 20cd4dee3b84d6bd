import crypto from 'node:crypto';
import type { PriceOnRequestChoice } from '@storefront/contracts/admin';
import { cut, productIdOf, productIdOfUrl, type FeedCatalogue, type FeedProduct } from './products.ts';

/**
 * Emalls' extractor, in the shape its official WooCommerce plugin ("Emalls Extraction API – Official"
 * 1.2.0) serves at POST /wp-json/emalls_ext/v1/products: parameters `token`, `page`, `limit`,
 * `products` (ids, comma-separated), `slugs` (comma-separated), in the body (JSON or a form) or the
 * query string; the answer `{count, max_pages, products, Version, metadata}`, products newest id
 * first, each with the plugin's fields (`spec` a list of one name → value object, `availability`
 * "instock" or "outofstock").
 *
 * Unlike the plugin, which asks emalls.ir whether each new token is good, the token is checked here,
 * in constant time, against the one the owner set in the back office: no call out for each request,
 * and a feed that works while emalls.ir does not answer. Whether Emalls sends a shop a token it can
 * know beforehand, and whether it reads a path other than the plugin's, is not confirmed by any
 * document Emalls publishes (docs/server.md, "Feeds").
 */

/** The plugin version whose shape this mirrors; Emalls reads `Version`. */
export const EMALLS_PLUGIN_VERSION = '1.2.0';
export const EMALLS_DEFAULT_LIMIT = 100;
/** More per page than this is served as this many (the answer's max_pages follows). */
export const EMALLS_MAX_LIMIT = 100;
const MAX_LOOKUP = 1000;

export type EmallsRequest =
  { form: 'page'; page: number; limit: number } | { form: 'products' | 'slugs'; ids: number[] };

/** PHP's intval of a parameter, as the plugin reads `page` and `limit`: NaN when it is no number. */
function intval(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') return Number.parseInt(value.trim(), 10);
  return Number.NaN;
}

/** A comma-separated list parameter (a JSON list is taken too), its entries trimmed, the empty ones dropped. */
function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : [value];
  return items
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, MAX_LOOKUP);
}

/** A product named by a slug: its page's URL, its path, or its last path segment (the id). */
function productIdOfSlug(slug: string): number | undefined {
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // Not percent-encoded text: read as it is.
  }
  const byUrl = productIdOfUrl(text);
  if (byUrl !== undefined) return byUrl;
  const last =
    text
      .replace(/[/?#].*$|\/+$/g, '')
      .split('/')
      .pop() ?? '';
  return productIdOf(last) ?? productIdOf(/\/(\d+)\/?(?:[?#].*)?$/.exec(text)?.[1]);
}

/** The parameters of a request, from its query string and its body (the body wins, as in WordPress). */
export function emallsParameters(query: unknown, body: unknown): Record<string, unknown> {
  const plain = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return { ...plain(query), ...plain(body) };
}

/** The request's form. Like the plugin, nothing is refused: what cannot be read is its default. */
export function parseEmallsRequest(params: Record<string, unknown>): EmallsRequest {
  const products = listOf(params.products);
  if (products.length > 0) {
    return {
      form: 'products',
      ids: products.map(productIdOf).filter((id): id is number => id !== undefined),
    };
  }
  const slugs = listOf(params.slugs);
  if (slugs.length > 0) {
    return { form: 'slugs', ids: slugs.map(productIdOfSlug).filter((id): id is number => id !== undefined) };
  }
  const page = intval(params.page);
  const limit = intval(params.limit);
  return {
    form: 'page',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    limit:
      Number.isSafeInteger(limit) && limit >= 1 ? Math.min(limit, EMALLS_MAX_LIMIT) : EMALLS_DEFAULT_LIMIT,
  };
}

/** Whether the token sent is the owner's: compared in constant time (digests of equal length). */
export function emallsTokenMatches(sent: unknown, expected: string | undefined): boolean {
  if (expected === undefined || typeof sent !== 'string' || sent === '') return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(sent), digest(expected));
}

/** A date as PHP's DATE_ATOM writes it (seconds, offset): how the plugin sends its dates. */
function atom(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function emallsProduct(p: FeedProduct) {
  return {
    page_unique: p.id,
    title: p.title,
    subtitle: p.subtitle ?? '',
    parent_id: 0,
    current_price: p.price,
    old_price: p.price,
    availability: p.available ? 'instock' : 'outofstock',
    // The plugin names one category, the product's deepest.
    category_name: cut(p.categories[p.categories.length - 1] ?? '', 200),
    image_links: p.images,
    image_link: p.images[0] ?? null,
    page_url: p.url,
    short_desc: p.shortDescription,
    spec: Object.keys(p.spec).length > 0 ? [p.spec] : [],
    date_added: atom(p.dateAdded),
    date_updated: atom(p.dateUpdated),
    product_type: 'simple',
    registry: '',
    guarantee: '',
  };
}

/** What the answer says about the software that wrote it (the plugin tells its WordPress's versions). */
export const EMALLS_METADATA = {
  plugin_version: EMALLS_PLUGIN_VERSION,
  platform: 'storefront',
  wordpress_version: null,
  php_version: null,
  woocommerce_version: null,
  libsodium_version: null,
};

export async function emallsAnswer(
  request: EmallsRequest,
  catalogue: FeedCatalogue,
  choice: PriceOnRequestChoice,
  base: string,
) {
  let count: number;
  let maxPages: number;
  let products: FeedProduct[];
  if (request.form === 'page') {
    count = await catalogue.count(choice);
    maxPages = Math.ceil(count / request.limit);
    const offset = (request.page - 1) * request.limit;
    const ids =
      offset >= count ? [] : await catalogue.pageIds(choice, 'product_id_desc', offset, request.limit);
    products = await catalogue.products(ids, choice, base);
  } else {
    products = await catalogue.products(request.ids, choice, base);
    count = products.length;
    maxPages = 1;
  }
  return {
    count,
    max_pages: maxPages,
    products: products.map(emallsProduct),
    Version: EMALLS_PLUGIN_VERSION,
    metadata: EMALLS_METADATA,
  };
}
