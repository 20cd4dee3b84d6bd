import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type InsertObject, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { normalizeText, searchDocument } from '../../lib/persian.ts';
import { CATALOGUE_CHANNEL, catalogueChanged } from '../store/catalogue-version.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import { STORE_KEY, type Catalogue, type TranslatedText } from './format.ts';
import { isRemoteImage, storeMediaFile } from './media.ts';
import { validateCatalogue } from './validate.ts';

export class CatalogueError extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(
      `The catalogue is not valid (${errors.length} error${errors.length === 1 ? '' : 's'}):\n${errors.map((e) => `  ${e}`).join('\n')}`,
    );
    this.name = 'CatalogueError';
    this.errors = errors;
  }
}

export interface ImportSummary {
  collections: number;
  subcollections: number;
  industries: number;
  tags: number;
  products: number;
  posts: number;
  banners: number;
  reviews: number;
  images: number;
  /** true when the file (and its images) were those of the last import: nothing was written. */
  unchanged: boolean;
}

/** Reads and parses a catalogue file, throwing a CatalogueError for an unreadable or non-JSON file. */
export async function readCatalogueFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogueError([
      `(file): cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    ]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CatalogueError([`(file): not valid JSON: ${(error as Error).message}`]);
  }
}

/**
 * Imports a catalogue file into the database, replacing the catalogue (collections, industries,
 * tags, products, posts, banners, about-us, reviews) in one transaction. Accounts, orders and
 * other tables outside the catalogue are kept. An invalid file changes nothing.
 */
export async function importCatalogueFile(
  database: Database,
  file: string,
  mediaDir: string,
): Promise<ImportSummary> {
  const raw = await readCatalogueFile(file);
  return importCatalogue(database, raw, path.dirname(path.resolve(file)), mediaDir);
}

export async function importCatalogue(
  database: Database,
  raw: unknown,
  baseDir: string,
  mediaDir: string,
): Promise<ImportSummary> {
  const result = validateCatalogue(raw, baseDir);
  if (!result.ok) throw new CatalogueError(result.errors);
  const { catalogue, images } = result;

  // Content-addressed copies: safe to make before the transaction (an abandoned import leaves
  // only unreferenced files that a later import of the same images reuses).
  const mediaRefs = new Map<string, string>();
  for (const [value, file] of images) mediaRefs.set(value, await storeMediaFile(file, mediaDir));
  const imageRef = (value: string) => (isRemoteImage(value) ? value : (mediaRefs.get(value) ?? value));

  // The same file with the same images as the last import changes nothing: not even the version
  // (every cache stays warm) nor the reviews customers wrote since.
  const fingerprint = crypto
    .createHash('sha256')
    .update(JSON.stringify(catalogue))
    .update(JSON.stringify([...mediaRefs].sort()))
    .digest('hex');
  const last = await database.db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', FINGERPRINT_KEY)
    .executeTakeFirst();
  if (last?.value === fingerprint) return summaryOf(catalogue, mediaRefs.size, true);

  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('meta').where('key', '=', FINGERPRINT_KEY).execute();
    await trx.insertInto('meta').values({ key: FINGERPRINT_KEY, value: fingerprint }).execute();
    await clearCatalogue(trx);
    await writeCatalogue(trx, catalogue, imageRef);
    // Likes of products that are gone go with them; likes of products still there stay.
    await trx
      .deleteFrom('likes')
      .where('product_id', 'not in', trx.selectFrom('products').select('id'))
      .execute();
    if (database.dialect === 'sqlite') {
      await sql`INSERT INTO product_search(product_search) VALUES('rebuild')`.execute(trx);
    }
    // The business's identity, with its images in the media folder (none: no identity).
    await trx.deleteFrom('meta').where('key', '=', STORE_KEY).execute();
    if (catalogue.store) {
      const { logo, favicon } = catalogue.store;
      const identity = {
        ...catalogue.store,
        ...(logo === undefined ? {} : { logo: imageRef(logo) }),
        ...(favicon === undefined ? {} : { favicon: imageRef(favicon) }),
      };
      await trx
        .insertInto('meta')
        .values({ key: STORE_KEY, value: JSON.stringify(identity) })
        .execute();
    }
    // Also the catalogue's version: read caches reload when it changes.
    const value = `${new Date().toISOString()} ${crypto.randomUUID()}`;
    await trx.deleteFrom('meta').where('key', '=', 'catalogue_imported_at').execute();
    await trx.insertInto('meta').values({ key: 'catalogue_imported_at', value }).execute();
    // Every other instance on this PostgreSQL hears of it when the transaction commits.
    if (database.dialect === 'postgres') {
      await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${value})`.execute(trx);
    }
  });

  catalogueChanged(database.db);
  return summaryOf(catalogue, mediaRefs.size, false);
}

/** The `meta` key of the last imported file's fingerprint (its content and its images'). */
const FINGERPRINT_KEY = 'catalogue_fingerprint';

function summaryOf(catalogue: Catalogue, images: number, unchanged: boolean): ImportSummary {
  return {
    collections: catalogue.collections.length,
    subcollections: catalogue.subcollections.length,
    industries: catalogue.industries.length,
    tags: catalogue.tags.length,
    products: catalogue.products.length,
    posts: catalogue.posts.length,
    banners: catalogue.banners.length,
    reviews: catalogue.reviews.length,
    images,
    unchanged,
  };
}

/** true once a catalogue has been imported into this store (even an empty one). */
export async function hasCatalogue(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('meta')
    .select('key')
    .where('key', '=', 'catalogue_imported_at')
    .executeTakeFirst();
  return row !== undefined;
}

async function clearCatalogue(trx: Transaction<DB>): Promise<void> {
  // Children first; link tables and reviews also cascade from products.
  for (const table of [
    'reviews',
    'product_tags',
    'product_subcollections',
    'products',
    'subcollections',
    'collections',
    'industries',
    'tags',
    'posts',
    'banners',
    'about_us',
    'name_keys',
  ] as const) {
    await trx.deleteFrom(table).execute();
  }
}

const json = (value: unknown) => JSON.stringify(value);
const sanitized = (text: TranslatedText): TranslatedText =>
  Object.fromEntries(
    Object.entries(text).map(([lang, html]) => [lang, sanitizeRichText(html)]),
  ) as TranslatedText;
const isoDate = (value: string) => new Date(value).toISOString();

async function insertChunked<T extends keyof DB>(
  trx: Transaction<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed by the parameter.
    const chunk = rows.slice(i, i + size) as InsertObject<DB, T>[];
    await trx.insertInto(table).values(chunk).execute();
  }
}

async function writeCatalogue(
  trx: Transaction<DB>,
  c: Catalogue,
  imageRef: (value: string) => string,
): Promise<void> {
  const tagTitles = new Map(c.tags.map((t) => [t.id, t.title]));
  const industryTitles = new Map(c.industries.map((i) => [i.id, i.title]));
  const nameKeys: { kind: DB['name_keys']['kind']; key: string; entity_id: number }[] = [];
  const addKeys = (kind: DB['name_keys']['kind'], id: number, title: TranslatedText) => {
    for (const key of new Set(Object.values(title).map(normalizeText).filter(Boolean))) {
      nameKeys.push({ kind, key, entity_id: id });
    }
  };

  await insertChunked(
    trx,
    'collections',
    c.collections.map((x) => {
      addKeys('collection', x.id, x.title);
      return { id: x.id, title: json(x.title), footer: x.footer ? 1 : 0 };
    }),
  );
  await insertChunked(
    trx,
    'subcollections',
    c.subcollections.map((x) => {
      addKeys('subcollection', x.id, x.title);
      return {
        id: x.id,
        collection_id: x.collection,
        title: json(x.title),
        search_doc: searchDocument(Object.values(x.title)),
      };
    }),
  );
  await insertChunked(
    trx,
    'industries',
    c.industries.map((x) => {
      addKeys('industry', x.id, x.title);
      const phone = x.phone?.trim() ? x.phone.trim() : null;
      return {
        id: x.id,
        title: json(x.title),
        website: x.website ?? '',
        phone,
        search_doc: searchDocument(Object.values(x.title)),
      };
    }),
  );
  await insertChunked(
    trx,
    'tags',
    c.tags.map((x) => {
      addKeys('tag', x.id, x.title);
      return { id: x.id, title: json(x.title) };
    }),
  );
  await insertChunked(
    trx,
    'products',
    c.products.map((p) => {
      addKeys('product', p.id, p.title);
      return {
        id: p.id,
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
              ? imageRef(img)
              : img.alt
                ? { src: imageRef(img.src), alt: img.alt }
                : imageRef(img.src),
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
        // An unpublished product is never found: nothing for the search index to match.
        search_doc:
          p.published === false
            ? ''
            : searchDocument(
                [
                  p.title,
                  p.short_description,
                  ...p.tags.map((t) => tagTitles.get(t)),
                  p.industry === null ? undefined : industryTitles.get(p.industry),
                ].flatMap((text) => (text ? Object.values(text) : [])),
              ),
      };
    }),
  );
  await insertChunked(
    trx,
    'product_subcollections',
    c.products.flatMap((p) =>
      [...new Set(p.subcollections)].map((s) => ({ product_id: p.id, subcollection_id: s })),
    ),
  );
  await insertChunked(
    trx,
    'product_tags',
    c.products.flatMap((p) => p.tags.map((t, position) => ({ product_id: p.id, tag_id: t, position }))),
  );
  await insertChunked(
    trx,
    'posts',
    c.posts.map((p) => ({
      id: p.id,
      title: json(p.title),
      content: json(p.content),
      specific_content: json(sanitized(p.specific_content)),
      creation_date: isoDate(p.creation_date),
      images: json(p.images.map(imageRef)),
    })),
  );
  await insertChunked(
    trx,
    'banners',
    c.banners.map((b, position) =>
      typeof b.image === 'string'
        ? { id: b.id, image: imageRef(b.image), images_by_language: null, position }
        : {
            id: b.id,
            image: imageRef(b.image.fa),
            images_by_language: json(
              Object.fromEntries(Object.entries(b.image).map(([lang, img]) => [lang, imageRef(img)])),
            ),
            position,
          },
    ),
  );
  if (c.about_us) {
    await trx
      .insertInto('about_us')
      .values({ id: 1, content: json(sanitized(c.about_us.content)) })
      .execute();
  }
  await insertChunked(
    trx,
    'reviews',
    c.reviews.map((r) => ({
      product_id: r.product,
      name: r.name,
      email: r.email,
      content: r.content,
      language: null,
      creation_date: isoDate(r.creation_date),
    })),
  );
  await insertChunked(trx, 'name_keys', nameKeys);
}
