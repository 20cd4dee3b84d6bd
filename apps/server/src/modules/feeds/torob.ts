import type { FeedForm, PriceOnRequestChoice } from '@storefront/contracts/admin';
import {
  cut,
  productIdOf,
  productIdOfUrl,
  type FeedCatalogue,
  type FeedOrder,
  type FeedProduct,
} from './products.ts';

/**
 * Torob's product API v3 (torob/Torob-Sync, product_api_v3.md): the request's forms, the answer and
 * each product's fields. The request is exactly one of
 *   {"page_urls": […]} · {"page_uniques": […]} — a lookup (every product that is still served, each once);
 *   {"page": N, "sort": "date_added_desc" | "date_updated_desc"} — pages of exactly PAGE_SIZE but the last;
 *   {"sort": "product_id_desc", "cursor": C} — the same pages by id, each naming the next one's cursor.
 * There are no defaults (Torob's rule): a body missing a part, holding two forms, or anything else
 * is 400 {"error"} naming what is wrong.
 *
 * Cursor mode, which the published v3 document does not describe yet, is done as the issue asks and
 * kept simple: the first page is asked with the cursor absent, null or ""; `next_cursor` is an opaque
 * text (here the page's number and its last id) to send back as `cursor`, and null on the last page.
 * A page mode and lookup answer `next_cursor: null`. Pages by id skip nothing: a product added while
 * Torob walks them has a higher id and waits for the next walk; one removed is simply not met.
 */

export const PAGE_SIZE = 100;
export const API_VERSION = 'torob_api_v3' as const;

export type TorobRequest =
  | { form: 'page_urls' | 'page_uniques'; ids: number[] }
  | { form: 'page'; page: number; sort: Exclude<FeedOrder, 'product_id_desc'> }
  | { form: 'cursor'; after: { page: number; id: number } | undefined };

/** A request that is not one of the forms: its `error` for Torob, and its form when one was recognised. */
export interface TorobRequestError {
  error: string;
  form: FeedForm | null;
}

const PAGE_SORTS = ['date_added_desc', 'date_updated_desc'] as const;
const KEYS = ['page_urls', 'page_uniques', 'page', 'sort', 'cursor'];
/** More entries than this in one lookup are refused (the body limit allows about this many URLs). */
const MAX_LOOKUP = 1000;

/** Reads a cursor this feed gave (`{page}.{id}`); undefined when it is not one. */
function parseCursor(cursor: string): { page: number; id: number } | undefined {
  const match = /^([1-9]\d{0,6})\.([1-9]\d{0,8})$/.exec(cursor);
  return match ? { page: Number(match[1]), id: Number(match[2]) } : undefined;
}

/** The request's form, or what is wrong with it. */
export function parseTorobRequest(body: unknown): TorobRequest | TorobRequestError {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'request body must be a JSON object', form: null };
  const b = body as Record<string, unknown>;
  const present = KEYS.filter((key) => b[key] !== undefined);
  const unknown = Object.keys(b).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) return { error: `unknown parameter ${unknown[0]!.slice(0, 50)}`, form: null };
  if (present.length === 0) return { error: 'request body is empty', form: null };

  for (const form of ['page_urls', 'page_uniques'] as const) {
    if (b[form] === undefined) continue;
    if (present.length > 1) return { error: `${form} cannot be combined with other parameters`, form };
    const list = b[form];
    if (!Array.isArray(list) || list.length === 0) return { error: `${form} must be a non-empty list`, form };
    if (list.length > MAX_LOOKUP) return { error: `${form} may hold at most ${MAX_LOOKUP} items`, form };
    if (!list.every((item) => typeof item === 'string'))
      return { error: `${form} must be a list of strings`, form };
    // An entry that names no product of this store is one that is not served: it is left out, not an error.
    const ids = (list as string[])
      .map((item) => (form === 'page_urls' ? productIdOfUrl(item) : productIdOf(item)))
      .filter((id): id is number => id !== undefined);
    return { form, ids };
  }

  const { page, sort, cursor } = b;
  if (sort === undefined) return { error: 'sort parameter is not provided', form: null };
  if (sort === 'product_id_desc') {
    if (page !== undefined) return { error: 'product_id_desc is paged by cursor, not page', form: 'cursor' };
    if (cursor === null || cursor === '' || cursor === undefined) return { form: 'cursor', after: undefined };
    const after = typeof cursor === 'string' ? parseCursor(cursor) : undefined;
    if (!after) return { error: 'cursor is not valid', form: 'cursor' };
    return { form: 'cursor', after };
  }
  if (!(PAGE_SORTS as readonly unknown[]).includes(sort))
    return { error: `sort must be one of ${[...PAGE_SORTS, 'product_id_desc'].join(', ')}`, form: null };
  if (cursor !== undefined) return { error: 'cursor goes with sort product_id_desc only', form: 'page' };
  if (page === undefined) return { error: 'page parameter is not provided', form: 'page' };
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1)
    return { error: 'page must be an integer starting from 1', form: 'page' };
  return { form: 'page', page, sort: sort as (typeof PAGE_SORTS)[number] };
}

/** One product in Torob's fields. */
function torobProduct(p: FeedProduct) {
  return {
    page_unique: String(p.id),
    page_url: p.url,
    title: p.title,
    ...(p.subtitle === undefined ? {} : { subtitle: p.subtitle }),
    current_price: p.price,
    availability: p.available,
    ...(p.categories.length === 0 ? {} : { category_name: cut(p.categories.join(' › '), 200) }),
    image_links: p.images,
    spec: p.spec,
    short_desc: p.shortDescription,
    date_added: p.dateAdded,
    date_updated: p.dateUpdated,
  };
}

export type TorobProduct = ReturnType<typeof torobProduct>;

export interface TorobAnswer {
  api_version: typeof API_VERSION;
  current_page: number;
  total: number;
  max_pages: number;
  next_cursor: string | null;
  products: TorobProduct[];
}

/** The answer to a valid request. */
export async function torobAnswer(
  request: TorobRequest,
  catalogue: FeedCatalogue,
  choice: PriceOnRequestChoice,
  base: string,
): Promise<TorobAnswer> {
  const answer = (
    current: number,
    total: number,
    next: string | null,
    products: FeedProduct[],
  ): TorobAnswer => ({
    api_version: API_VERSION,
    current_page: current,
    total,
    // At least 1, as Torob's own example of an empty lookup answers.
    max_pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    next_cursor: next,
    products: products.map(torobProduct),
  });
  if (request.form === 'page_urls' || request.form === 'page_uniques') {
    const products = await catalogue.products(request.ids, choice, base);
    return { ...answer(1, products.length, null, products), max_pages: 1 };
  }
  const total = await catalogue.count(choice);
  if (request.form === 'page') {
    const offset = (request.page - 1) * PAGE_SIZE;
    // A page past the end is empty without asking the database to skip that far.
    const ids = offset >= total ? [] : await catalogue.pageIds(choice, request.sort, offset, PAGE_SIZE);
    return answer(request.page, total, null, await catalogue.products(ids, choice, base));
  }
  // One more id than a page tells whether another page follows.
  const after = request.form === 'cursor' ? request.after : undefined;
  const ids = await catalogue.idsBefore(choice, after?.id, PAGE_SIZE + 1);
  const page = ids.slice(0, PAGE_SIZE);
  const current = after ? after.page + 1 : 1;
  const next = ids.length > PAGE_SIZE ? `${current}.${page[page.length - 1]!}` : null;
  return answer(current, total, next, await catalogue.products(page, choice, base));
}
