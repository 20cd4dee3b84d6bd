import { productSchema, type Product } from '@storefront/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ProductsTable, StoredImage } from '../../db/tables/products.ts';
import { serializerFor } from '../../lib/plugins/serializer.ts';
import { mediaUrlFor, pick, pickFrom, type LocaleContext, type Translated } from '../../lib/translate.ts';
import { productFlags } from './entities.ts';

/**
 * A product as the API shows it: built from its row and the reference tables (live, per request),
 * and pre-rendered as JSON per language when the catalogue is written (modules/catalogue/writes.ts),
 * so that a visitor's page, detail or long list costs reading and copying bytes.
 */

export type ProductRow = Selectable<ProductsTable>;

export interface SupplierData {
  title: Translated;
  website: string;
  phone: string | null;
}

/** The small tables every product refers to, with their texts parsed. */
export interface ReferenceTables {
  collections: Map<number, Translated>;
  subcollections: Map<number, Translated>;
  industries: Map<number, SupplierData>;
  tags: Map<number, Translated>;
}

/** Reads the reference tables (through a transaction too: the write module renders within its own). */
export async function loadReferenceTables(db: Kysely<DB>): Promise<ReferenceTables> {
  const [collections, subcollections, industries, tags] = await Promise.all([
    db.selectFrom('collections').select(['id', 'title']).execute(),
    db.selectFrom('subcollections').select(['id', 'title']).execute(),
    db.selectFrom('industries').select(['id', 'title', 'website', 'phone']).execute(),
    db.selectFrom('tags').select(['id', 'title']).execute(),
  ]);
  const parse = (json: string) => JSON.parse(json) as Translated;
  return {
    collections: new Map(collections.map((r) => [r.id, parse(r.title)])),
    subcollections: new Map(subcollections.map((r) => [r.id, parse(r.title)])),
    industries: new Map(
      industries.map((r) => [r.id, { title: parse(r.title), website: r.website, phone: r.phone }]),
    ),
    tags: new Map(tags.map((r) => [r.id, parse(r.title)])),
  };
}

/** One product as the API writes it (its response schema's serialiser). */
export const writeProduct = serializerFor(productSchema);

export function industryRef(id: number, supplier: SupplierData, ctx: LocaleContext) {
  const hasPhone = supplier.phone !== null && supplier.phone.trim() !== '';
  return {
    id,
    title: pickFrom(supplier.title, ctx),
    website: supplier.website,
    phone: hasPhone && ctx.showPhone ? supplier.phone : null,
    has_phone: hasPhone,
  };
}

/** A product row as the API's product, with its supplier, collection, subcollections and tags. */
export function productFromRow(r: ProductRow, ref: ReferenceTables, ctx: LocaleContext): Product {
  const titled = (id: number, map: Map<number, Translated>) => {
    const title = map.get(id);
    return title === undefined ? undefined : { id, title: pickFrom(title, ctx) };
  };
  const supplier = r.industry_id === null ? undefined : ref.industries.get(r.industry_id);
  return {
    id: r.id,
    title: pick(r.title, ctx),
    short_description: pick(r.short_description, ctx),
    preview_description: pick(r.preview_description, ctx),
    description: pick(r.description, ctx),
    inventory: r.inventory,
    price_range:
      r.price_on_request === 1
        ? null
        : { start_price: r.start_price, end_price: r.end_price, currency_type: r.currency_type },
    industry: supplier === undefined ? null : industryRef(r.industry_id!, supplier, ctx),
    collection: (r.collection_id === null ? undefined : titled(r.collection_id, ref.collections)) ?? null,
    subcollections: (JSON.parse(r.subcollection_ids) as number[])
      .map((id) => titled(id, ref.subcollections))
      .filter((s) => s !== undefined),
    tags: (JSON.parse(r.tag_ids) as number[])
      .map((id) => titled(id, ref.tags))
      .filter((t) => t !== undefined)
      .map((tag) => ({ tag })),
    properties: (JSON.parse(r.properties) as { key: Translated; value: Translated }[]).map((p) => ({
      key: pickFrom(p.key, ctx),
      value: pickFrom(p.value, ctx),
    })),
    images: (JSON.parse(r.images) as StoredImage[]).map((img) =>
      typeof img === 'string'
        ? { image: ctx.media(img), alt: '' }
        : { image: ctx.media(img.src), alt: img.alt ? pickFrom(img.alt, ctx) : '' },
    ),
    ...productFlags(r),
    creation_date: r.creation_date,
  };
}

// ---- pre-rendered JSON --------------------------------------------------------------------------

/** The language a pre-rendered product falls back to for a text it lacks (the catalogue's rule). */
export const RENDER_FALLBACK = 'fa';
/**
 * Stands for the media base URL (which depends on the request) in pre-rendered JSON. A JSON
 * serialiser writes the control character U+0001 as the six characters `\u0001`; a text of the
 * catalogue holding that character is never pre-rendered, so the escape found in a body, when not
 * itself escaped (preceded by an odd number of backslashes), is always this mark.
 */
const MEDIA_MARK = '\u0001';
const renderMedia = mediaUrlFor(MEDIA_MARK);

/** Whether a request's answers may be made from pre-rendered JSON: a visitor's, with the catalogue's fallback. */
export function usesRendered(ctx: LocaleContext): boolean {
  return !ctx.showPhone && ctx.fallback === RENDER_FALLBACK && ctx.mediaBase !== undefined;
}

/**
 * A published product's JSON in `lang` as a visitor's request would get it, with the media base left
 * as a mark; undefined when the product is not published or its texts hold the mark's character.
 */
export function renderProduct(row: ProductRow, ref: ReferenceTables, lang: string): string | undefined {
  if (row.published !== 1) return undefined;
  const product = productFromRow(row, ref, {
    lang,
    fallback: RENDER_FALLBACK,
    media: renderMedia,
    showPhone: false,
  });
  const json = writeProduct(product);
  // The mark's escape appears once per local image; more means a text held the character itself.
  const marks = json.split('\\u0001').length - 1;
  const localImages = product.images.filter((img) => img.image.startsWith(MEDIA_MARK)).length;
  return marks === localImages ? json : undefined;
}

const MARK_BYTES = Buffer.from('\\u0001');
const BACKSLASH = 0x5c;

/**
 * The media base as it goes inside a JSON string (escaped as the serialiser escapes a URL: the base
 * comes from the request's Host header, which may hold anything).
 */
export function mediaBaseBytes(base: string): Buffer {
  return Buffer.from(JSON.stringify(base).slice(1, -1));
}

/**
 * A pre-rendered product's JSON (UTF-8) with the request's media base (`mediaBaseBytes`) in place of the mark, as
 * pieces to be sent one after another (no copy of the body).
 */
export function withMediaBase(json: Buffer, base: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = json.indexOf(MARK_BYTES); at !== -1; at = json.indexOf(MARK_BYTES, at + MARK_BYTES.length)) {
    // An escape of the mark is preceded by an even number of backslashes (none, in practice).
    let slashes = 0;
    while (at - slashes - 1 >= 0 && json[at - slashes - 1] === BACKSLASH) slashes++;
    if (slashes % 2 === 1) continue;
    pieces.push(json.subarray(from, at), base);
    from = at + MARK_BYTES.length;
  }
  pieces.push(from === 0 ? json : json.subarray(from));
  return pieces;
}

const COMMA = Buffer.from(',');

/** The pieces of several JSON values joined with commas (the inside of a JSON array). */
export function joinedPieces(items: readonly Buffer[][]): Buffer[] {
  const out: Buffer[] = [];
  items.forEach((pieces, index) => {
    if (index > 0) out.push(COMMA);
    out.push(...pieces);
  });
  return out;
}
