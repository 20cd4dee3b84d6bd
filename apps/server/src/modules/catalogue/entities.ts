import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import type {
  AboutUsInput,
  BannerImage,
  BannerInput,
  CollectionInput,
  IndustryInput,
  PostInput,
  ProductImage,
  ProductInput,
  SubcollectionInput,
  TagInput,
  TeamMemberInput,
  TranslatedText,
} from './format.ts';

/** Entity kinds with their own rows and ids. */
export type EntityKind = 'collection' | 'subcollection' | 'industry' | 'tag' | 'product' | 'post' | 'banner';

/**
 * Rows read back as the catalogue format's entities: what `catalogue export` writes to a file and
 * what the back office edits (images as stored: media references or remote URLs). The inverse of the
 * write module's `rowOf`.
 */

const text = (value: string) => JSON.parse(value) as TranslatedText;

export function collectionOf(c: Selectable<DB['collections']>): CollectionInput {
  return { id: c.id, title: text(c.title), footer: c.footer === 1 };
}

/** With its order within its collection (a file has it as the file's order, not as a field). */
export function subcollectionOf(
  s: Selectable<DB['subcollections']>,
): SubcollectionInput & { position: number } {
  return { id: s.id, collection: s.collection_id, title: text(s.title), position: s.position };
}

export function industryOf(i: Selectable<DB['industries']>): IndustryInput {
  return { id: i.id, title: text(i.title), website: i.website, phone: i.phone };
}

export function tagOf(t: Selectable<DB['tags']>): TagInput {
  return { id: t.id, title: text(t.title) };
}

/** A product's yes/no fields (stored as 0 or 1), in the format's order. */
export function productFlags(
  p: Pick<
    Selectable<DB['products']>,
    'recommend' | 'tejarat_khareji' | 'tejarat_dakheli' | 'khadamat_tejarat' | 'amouzesh_tejarat'
  >,
) {
  return {
    recommend: p.recommend === 1,
    tejarat_khareji: p.tejarat_khareji === 1,
    tejarat_dakheli: p.tejarat_dakheli === 1,
    khadamat_tejarat: p.khadamat_tejarat === 1,
    amouzesh_tejarat: p.amouzesh_tejarat === 1,
  };
}
export function productOf(
  p: Selectable<DB['products']>,
  subcollections: number[],
  tags: number[],
): ProductInput {
  return {
    id: p.id,
    title: text(p.title),
    short_description: text(p.short_description),
    preview_description: text(p.preview_description),
    description: text(p.description),
    inventory: p.inventory,
    price_range:
      p.price_on_request === 1
        ? null
        : { start_price: p.start_price, end_price: p.end_price, currency_type: p.currency_type },
    ...(p.published === 1 ? {} : { published: false }),
    industry: p.industry_id,
    collection: p.collection_id,
    subcollections,
    tags,
    properties: JSON.parse(p.properties) as { key: TranslatedText; value: TranslatedText }[],
    images: (JSON.parse(p.images) as StoredImage[]).map((img): ProductImage =>
      typeof img === 'string'
        ? img
        : { src: img.src, ...(img.alt ? { alt: img.alt as TranslatedText } : {}) },
    ),
    ...productFlags(p),
    creation_date: p.creation_date,
  };
}

export function postOf(p: Selectable<DB['posts']>): PostInput {
  return {
    id: p.id,
    title: text(p.title),
    content: text(p.content),
    specific_content: text(p.specific_content),
    creation_date: p.creation_date,
    images: JSON.parse(p.images) as string[],
  };
}

export function bannerOf(b: Selectable<DB['banners']>): BannerInput & { position: number } {
  const perLanguage =
    b.images_by_language === null ? undefined : (JSON.parse(b.images_by_language) as Record<string, string>);
  const image: BannerImage = perLanguage ? { fa: b.image, ...perLanguage } : b.image;
  return { id: b.id, image, ...(b.link === null ? {} : { link: b.link }), position: b.position };
}

/**
 * The about-us page as the format has it: its content and its team (always listed, empty when the
 * store has none); the back office edits this, an export leaves out an empty team.
 */
export function aboutUsOf(a: Pick<Selectable<DB['about_us']>, 'content' | 'team'>): Required<AboutUsInput> {
  return { content: text(a.content), team: JSON.parse(a.team) as TeamMemberInput[] };
}

/** The kinds read from one row of their own table. */
type RowKind = 'collections' | 'subcollections' | 'industries' | 'tags' | 'posts' | 'banners';

/** The row of `table` with that id, as `of` reads it; undefined when there is none. */
async function byId<T extends RowKind, R>(
  db: Kysely<DB>,
  table: T,
  id: number,
  of: (row: Selectable<DB[T]>) => R,
): Promise<R | undefined> {
  const row = (await db
    .selectFrom(table as RowKind)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Selectable<DB[T]> | undefined;
  return row && of(row);
}

/** One entity by kind and id, as the format has it; undefined when there is none. */
export async function readEntity(
  db: Kysely<DB>,
  kind: EntityKind,
  id: number,
): Promise<{ id: number } | undefined> {
  if (kind === 'product') return readProduct(db, id);
  const read = {
    collection: () => byId(db, 'collections', id, collectionOf),
    subcollection: () => byId(db, 'subcollections', id, subcollectionOf),
    industry: () => byId(db, 'industries', id, industryOf),
    tag: () => byId(db, 'tags', id, tagOf),
    post: () => byId(db, 'posts', id, postOf),
    banner: () => byId(db, 'banners', id, bannerOf),
  };
  return read[kind]();
}

/** A product with its subcollections and its tags (in their order). */
async function readProduct(db: Kysely<DB>, id: number): Promise<ProductInput | undefined> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { tagsOf, subsOf } = await productLinks(db, [id]);
  return productOf(row, subsOf.get(id) ?? [], tagsOf.get(id) ?? []);
}

/** The tags (in their order) and the subcollections (by id) of these products, by product id. */
export async function productLinks(
  db: Kysely<DB>,
  ids: number[],
): Promise<{ tagsOf: Map<number, number[]>; subsOf: Map<number, number[]> }> {
  const [tags, subs] = await Promise.all([
    db
      .selectFrom('product_tags')
      .select(['product_id', 'tag_id'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_subcollections')
      .select(['product_id', 'subcollection_id'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('subcollection_id')
      .execute(),
  ]);
  return {
    tagsOf: groupIds(tags.map((t) => [t.product_id, t.tag_id])),
    subsOf: groupIds(subs.map((s) => [s.product_id, s.subcollection_id])),
  };
}

function groupIds(pairs: [number, number][]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [key, value] of pairs) {
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  }
  return out;
}

/**
 * The version of an entity as read: a hash of its content. Any change (from the back office, an
 * import, another instance) gives another version, so a save that names a stale one is refused.
 */
export function versionOf(entity: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(entity)).digest('base64url').slice(0, 22);
}
