import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { Settings } from '../settings/repository.ts';
import { type Catalogue, type ProductInput, type ReviewInput } from './format.ts';
import { isRemoteImage, mediaNameOf, storeMediaFile } from './media.ts';
import { readCatalogueEvents, type CatalogueEvent } from './reader.ts';
import { CatalogueChecker, catalogueEventsOf } from './validate.ts';
import { writeCatalogue, type WriteSummary } from './writes.ts';

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
  /** true when the store already held what the file holds: nothing was written, the version is kept. */
  unchanged: boolean;
  /** Rows added, changed and removed per kind (undefined when the file was the last one imported). */
  changes: WriteSummary | undefined;
}

/** What an import reports while it runs: the phase, and how far into the file it is. */
export interface ImportProgress {
  phase: 'check' | 'write';
  bytes: number;
  total: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Called after a changing import has committed (the server passes its cache's invalidate). */
  onCommitted?: (version: string) => void;
}

/** Where an import reads from: a file, or a catalogue held in memory. */
interface CatalogueSource {
  baseDir: string;
  total: number;
  /** The source's events; `onBytes` is given its bytes as they are read (a file's, for its hash). */
  events(phase: ImportProgress['phase'], onBytes?: (chunk: Buffer) => void): AsyncIterable<CatalogueEvent>;
  /** A hash of the source's bytes, for the fingerprint of an unchanged re-import. */
  hash(): Promise<string>;
  /** Whether `events` gives its bytes to `onBytes` (a file, which may change between readings). */
  hashesReading: boolean;
}

/**
 * Imports a catalogue file: the store's catalogue becomes the file's. The file is read twice, as a
 * stream (memory holds ids and the small sections, never all products): once to check it (an invalid
 * file changes nothing and every error is reported), once to write it through the write module in
 * one transaction, batch by batch, writing only what differs from what is stored and removing what
 * the file no longer holds. Accounts, orders, likes of products still there and other tables outside
 * the catalogue are kept.
 */
export async function importCatalogueFile(
  database: Database,
  file: string,
  mediaDir: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    await fs.promises.access(file, fs.constants.R_OK);
  } catch (error) {
    throw new CatalogueError([
      `(file): cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    ]);
  }
  const total = stat.size;
  return importFrom(
    database,
    {
      baseDir: path.dirname(path.resolve(file)),
      total,
      events: (phase, onBytes) =>
        readCatalogueEvents(file, (bytes) => options.onProgress?.({ phase, bytes, total }), onBytes),
      hash: () => hashFile(file),
      hashesReading: true,
    },
    mediaDir,
    options,
  );
}

/** Imports a catalogue held in memory (tests, tools), exactly as a file with that content. */
export async function importCatalogue(
  database: Database,
  raw: unknown,
  baseDir: string,
  mediaDir: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new CatalogueError(['(root): the file must hold one JSON object']);
  }
  const text = JSON.stringify(raw);
  return importFrom(
    database,
    {
      baseDir,
      total: text.length,

      events: async function* () {
        yield* catalogueEventsOf(raw);
      },
      hash: () => Promise.resolve(crypto.createHash('sha256').update(text).digest('hex')),
      hashesReading: false,
    },
    mediaDir,
    options,
  );
}

/** The last import's fingerprint (the `catalogueFingerprint` setting): its source's hash, its images' media names, its counts. */
interface Fingerprint {
  source: string;
  images: [string, string][];
  summary: Omit<ImportSummary, 'unchanged' | 'changes'>;
}

/** Products written per statement batch during an import. */
const PRODUCT_BATCH = 500;

async function importFrom(
  database: Database,
  source: CatalogueSource,
  mediaDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  // The same bytes with the same images as the last import: nothing to do (not even reading it).
  const sourceHash = await source.hash();
  const last = await readFingerprint(database);
  if (last?.source === sourceHash && (await sameImages(last.images, source.baseDir))) {
    return { ...last.summary, unchanged: true, changes: undefined };
  }

  // 1. Check the whole file, keeping only the small sections and the ids.
  const checked = await checkSource(source);
  const { sections, products, images } = checked;

  // 2. Images into the media folder, named by their content: safe before the transaction (an
  // abandoned import leaves only unreferenced files that a later import of the same images reuses).
  const mediaRefs = new Map<string, string>();
  for (const [value, file] of images) mediaRefs.set(value, await storeMediaFile(file, mediaDir));
  const imageRef = (value: string) => (isRemoteImage(value) ? value : (mediaRefs.get(value) ?? value));

  const summary: Fingerprint['summary'] = {
    collections: sections.collections.length,
    subcollections: sections.subcollections.length,
    industries: sections.industries.length,
    tags: sections.tags.length,
    products,
    posts: sections.posts.length,
    banners: sections.banners.length,
    reviews: checked.reviews.length,
    images: mediaRefs.size,
  };
  const fingerprint: Fingerprint = { source: sourceHash, images: [...mediaRefs].sort(), summary };

  // 3. Write: the store becomes the file, in one transaction, touching only what differs.
  const languages = JSON.stringify(sections.languages);
  const previousLanguages = await new Settings(database.db).text('catalogueLanguages');
  // Into a store without products, indexes are built after the rows (CatalogueWriter.deferIndexes).
  const firstProducts =
    products > 0 &&
    (await database.db.selectFrom('products').select('id').limit(1).executeTakeFirst()) === undefined;
  const result = await writeCatalogue(
    database,
    async (writer) => {
      await writer.setStore(sections.store ?? null);
      await writer.put('collection', sections.collections);
      // A collection's subcollections are shown in the file's order.
      const within = new Map<number, number>();
      await writer.put(
        'subcollection',
        sections.subcollections.map((sub) => {
          const position = within.get(sub.collection) ?? 0;
          within.set(sub.collection, position + 1);
          return { ...sub, position };
        }),
      );
      await writer.put('industry', sections.industries);
      await writer.put('tag', sections.tags);
      if (firstProducts) await writer.deferIndexes();
      const productIds = new Set<number>();
      let batch: ProductInput[] = [];
      // The products were checked in the first reading; this one hashes what it reads, so that a
      // file changed in between is refused (below) instead of written unchecked.
      const written = crypto.createHash('sha256');
      await readEvents(
        source.events('write', (chunk) => written.update(chunk)),
        async (event) => {
          if (event.type !== 'item' || event.key !== 'products') return;
          const product = event.value as ProductInput;
          productIds.add(product.id);
          batch.push(product);
          if (batch.length >= PRODUCT_BATCH) {
            await writer.put('product', batch);
            batch = [];
          }
        },
      );
      await writer.put('product', batch);
      if (source.hashesReading && written.digest('hex') !== sourceHash) {
        throw new CatalogueError([`(file): the file changed while it was imported; nothing was written`]);
      }
      await writer.buildDeferred();
      // Products are shown in the file's languages: when those changed, every product is rendered again.
      if (previousLanguages !== undefined && previousLanguages !== languages) await writer.renderAll();
      await writer.put('post', sections.posts);
      await writer.put(
        'banner',
        sections.banners.map((banner, position) => ({ ...banner, position })),
      );
      await writer.setAboutUs(sections.about_us ?? null);
      await writer.setReviews(checked.reviews);
      checked.reviews = [];
      // What the file no longer holds goes, dependants first.
      await writer.removeAllBut('product', productIds);
      await writer.removeAllBut('post', new Set(sections.posts.map((p) => p.id)));
      await writer.removeAllBut('banner', new Set(sections.banners.map((b) => b.id)));
      await writer.removeAllBut('tag', new Set(sections.tags.map((t) => t.id)));
      await writer.removeAllBut('industry', new Set(sections.industries.map((i) => i.id)));
      await writer.removeAllBut('subcollection', new Set(sections.subcollections.map((s) => s.id)));
      await writer.removeAllBut('collection', new Set(sections.collections.map((c) => c.id)));
    },
    {
      imageRef,
      languages: sections.languages,
      bulk: true,
      settings: { catalogueFingerprint: JSON.stringify(fingerprint), catalogueLanguages: languages },
      ...(options.onCommitted ? { onCommitted: options.onCommitted } : {}),
    },
  );
  // PostgreSQL plans from its statistics: after an import that changed many rows, stale ones chose
  // plans hundreds of times slower (pages of products at 88 req/s instead of 656 at 100,000
  // products) until autovacuum came by.
  if (result.changed && database.dialect === 'postgres') {
    await sql`ANALYZE products, product_json, product_tags, product_subcollections, name_keys, reviews`.execute(
      database.db,
    );
  }
  return { ...summary, unchanged: !result.changed, changes: result.counts };
}

/**
 * The first reading: checks the whole source and returns what the writing needs of it (the small
 * sections, the reviews, the images, the number of products). The checker's ids and references of
 * 100,000 products go with it, before the writing starts.
 */
async function checkSource(source: CatalogueSource): Promise<{
  sections: Omit<Catalogue, 'products' | 'reviews'>;
  reviews: ReviewInput[];
  images: Map<string, string>;
  products: number;
}> {
  const checker = new CatalogueChecker(source.baseDir);
  const small: Partial<Record<string, unknown>> = {};
  let products = 0;
  const reviews: ReviewInput[] = [];
  await readEvents(source.events('check'), (event) => {
    const value = checker.take(event);
    if (event.type === 'section' && value !== undefined) small[event.key] = value;
    if (event.type === 'item' && event.key === 'products') products++;
    if (event.type === 'item' && event.key === 'reviews' && value !== undefined)
      reviews.push(value as ReviewInput);
  });
  const errors = checker.finish();
  if (errors.length > 0) throw new CatalogueError(errors);
  return {
    sections: small as unknown as Omit<Catalogue, 'products' | 'reviews'>,
    reviews,
    images: checker.images,
    products,
  };
}

async function readEvents(
  events: AsyncIterable<CatalogueEvent>,
  take: (event: CatalogueEvent) => void | Promise<void>,
): Promise<void> {
  try {
    for await (const event of events) await take(event);
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    const message = (error as Error).message ?? String(error);
    throw new CatalogueError([
      message === 'the file must hold one JSON object'
        ? `(root): ${message}`
        : `(file): not valid JSON: ${message}`,
    ]);
  }
}

async function hashFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readFingerprint(database: Database): Promise<Fingerprint | undefined> {
  const text = await new Settings(database.db).text('catalogueFingerprint');
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Fingerprint;
    return typeof value.source === 'string' && Array.isArray(value.images) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether each image of the last import still has the content (so the media name) it had. */
async function sameImages(images: [string, string][], baseDir: string): Promise<boolean> {
  for (const [value, ref] of images) {
    try {
      if ((await mediaNameOf(path.resolve(baseDir, value))) !== ref) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** true once a catalogue has been imported into this store (even an empty one). */
export async function hasCatalogue(db: Kysely<DB>): Promise<boolean> {
  return new Settings(db).anySet(['catalogueVersion', 'catalogueFingerprint']);
}
