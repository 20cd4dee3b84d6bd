import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  CATALOGUE_FORMAT,
  aboutUsSchema,
  bannerSchema,
  catalogueSchema,
  collectionSchema,
  industrySchema,
  jsonPath,
  languagesSchema,
  postSchema,
  productSchema,
  reviewSchema,
  storeSchema,
  subcollectionSchema,
  tagSchema,
  type Catalogue,
} from './format.ts';
import type { CatalogueEvent } from './reader.ts';

export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif', '.svg']);
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ValidationResult =
  { ok: true; catalogue: Catalogue; images: Map<string, string> } | { ok: false; errors: string[] };

/** The schema of each top-level key (arrays: of one element). */
const SECTIONS = {
  format: z.literal(CATALOGUE_FORMAT, { message: `must be "${CATALOGUE_FORMAT}"` }),
  store: storeSchema,
  languages: languagesSchema,
  collections: collectionSchema,
  subcollections: subcollectionSchema,
  industries: industrySchema,
  tags: tagSchema,
  products: productSchema,
  posts: postSchema,
  banners: bannerSchema,
  about_us: aboutUsSchema,
  reviews: reviewSchema,
} as const;
type SectionKey = keyof typeof SECTIONS;
/** Kinds with ids, in the order their errors are reported. */
const KINDS = [
  'collections',
  'subcollections',
  'industries',
  'tags',
  'products',
  'posts',
  'banners',
] as const;
type Kind = (typeof KINDS)[number];
/** The sections that are lists: the kinds with ids, and the reviews. */
const ARRAYS = new Set<SectionKey>([...KINDS, 'reviews']);
const OPTIONAL = new Set<SectionKey>(['store', 'about_us']);
/** Languages found in translated texts before `languages` was read: paths kept per language, at most this many. */
const DEFERRED_PATHS = 100;

interface ProductRefs {
  index: number;
  industry: number | null;
  collection: number | null;
  subcollections: number[];
  tags: number[];
}

/**
 * Checks a catalogue as it is read, one section or one streamed item at a time: structure (each
 * element against its schema), unique ids, references between entities, translated texts in the
 * file's languages only, and that every image exists inside the catalogue's folder. Memory holds the
 * ids, products' references and image paths, never the products. Every error names its JSON path;
 * the order is that of the whole-file check it replaces: structure first (and alone when there is
 * any), then duplicate ids, references, languages, images.
 */
export class CatalogueChecker {
  /** Each local image value → its absolute file (for copying into the media folder). */
  readonly images = new Map<string, string>();
  private readonly root: string;
  private readonly structure: string[] = [];
  private readonly duplicates = new Map<Kind, string[]>();
  private readonly languageErrors: string[] = [];
  private readonly imageErrors = new Map<string, string[]>();
  private readonly seen = new Set<string>();
  private readonly ids = new Map<Kind, Map<number, number>>(KINDS.map((k) => [k, new Map()]));
  private languages: Set<string> | undefined;
  private readonly deferredLanguages = new Map<string, { paths: string[]; more: number }>();
  private readonly subcollectionRefs: { index: number; collection: number }[] = [];
  private readonly productRefs: ProductRefs[] = [];
  private readonly reviewRefs: { index: number; product: number }[] = [];
  private readonly imageChecks = new Map<string, string | null>();

  constructor(baseDir: string) {
    this.root = path.resolve(baseDir);
  }

  /** Checks one event; returns the parsed value of a section or an item when it is valid. */
  take(event: CatalogueEvent): unknown {
    if (event.type === 'start' || event.type === 'end') {
      if (event.type === 'start') this.seenKey(event.key);
      return undefined;
    }
    if (event.type === 'section') {
      if (!this.seenKey(event.key)) return undefined;
      const key = event.key as SectionKey;
      if (ARRAYS.has(key)) {
        if (!Array.isArray(event.value)) {
          this.structure.push(`${key}: Invalid input: expected array, received ${typeName(event.value)}`);
          return undefined;
        }
        return event.value.map((value, index) => this.element(key, index, value));
      }
      const parsed = SECTIONS[key].safeParse(event.value);
      if (!parsed.success) {
        this.structureErrors(parsed.error, [key]);
        return undefined;
      }
      if (key === 'languages') this.setLanguages(parsed.data as string[]);
      else if (key !== 'format') this.checkTexts(parsed.data, key);
      if (key === 'about_us') {
        const about = parsed.data as z.infer<typeof aboutUsSchema>;
        about.team?.forEach((member, i) => {
          if (member.photo) this.checkImage(member.photo.src, `about_us.team[${i}].photo.src`, 'about_us');
        });
      }
      if (key === 'store') {
        const store = parsed.data as z.infer<typeof storeSchema>;
        if (store.logo !== undefined) this.checkImage(store.logo, 'store.logo', 'store');
        if (store.favicon !== undefined) this.checkImage(store.favicon, 'store.favicon', 'store');
      }
      return parsed.data;
    }
    return this.element(event.key as SectionKey, event.index, event.value);
  }

  /** The errors found, once every event has been taken. */
  finish(): string[] {
    for (const key of Object.keys(SECTIONS) as SectionKey[]) {
      if (!this.seen.has(key) && !OPTIONAL.has(key)) {
        this.structure.push(
          `${key}: Invalid input: expected ${key === 'format' ? `"${CATALOGUE_FORMAT}"` : ARRAYS.has(key) || key === 'languages' ? 'array' : 'value'}, received undefined`,
        );
      }
    }
    if (this.structure.length > 0) return this.structure;
    const errors: string[] = KINDS.flatMap((kind) => this.duplicates.get(kind) ?? []);
    const has = (kind: Kind, id: number) => this.ids.get(kind)!.has(id);
    const ref = (where: string, kind: Kind, value: number | null) => {
      if (value !== null && !has(kind, value))
        errors.push(`${where}: ${kind} id ${value} does not exist in this file`);
    };
    for (const s of this.subcollectionRefs)
      ref(`subcollections[${s.index}].collection`, 'collections', s.collection);
    for (const p of this.productRefs) {
      ref(`products[${p.index}].industry`, 'industries', p.industry);
      ref(`products[${p.index}].collection`, 'collections', p.collection);
      p.subcollections.forEach((s, j) =>
        ref(`products[${p.index}].subcollections[${j}]`, 'subcollections', s),
      );
      p.tags.forEach((t, j) => ref(`products[${p.index}].tags[${j}]`, 'tags', t));
      const dupTag = p.tags.find((t, j) => p.tags.indexOf(t) !== j);
      if (dupTag !== undefined) errors.push(`products[${p.index}].tags: tag ${dupTag} is listed twice`);
    }
    for (const r of this.reviewRefs) ref(`reviews[${r.index}].product`, 'products', r.product);
    errors.push(...this.languageErrors);
    for (const [lang, { paths, more }] of this.deferredLanguages) {
      if (this.languages?.has(lang)) continue;
      errors.push(...paths.map((where) => `${where}.${lang}: language "${lang}" is not listed in languages`));
      if (more > 0)
        errors.push(`(and ${more} more texts in language "${lang}", which is not listed in languages)`);
    }
    for (const section of ['products', 'posts', 'store', 'banners', 'about_us'])
      errors.push(...(this.imageErrors.get(section) ?? []));
    return errors;
  }

  /** The ids of a kind read so far. */
  idsOf(kind: Kind): Set<number> {
    return new Set(this.ids.get(kind)!.keys());
  }

  private seenKey(key: string): boolean {
    if (!(key in SECTIONS)) {
      this.structure.push(`(root): unknown key ${JSON.stringify(key)}`);
      return false;
    }
    if (this.seen.has(key)) {
      this.structure.push(`(root): key ${JSON.stringify(key)} appears twice`);
      return false;
    }
    this.seen.add(key);
    return true;
  }

  private element(key: SectionKey, index: number, value: unknown): unknown {
    const parsed = SECTIONS[key].safeParse(value);
    if (!parsed.success) {
      this.structureErrors(parsed.error, [key, index]);
      return undefined;
    }
    const data = parsed.data as Record<string, unknown>;
    const where = `${key}[${index}]`;
    if ((KINDS as readonly string[]).includes(key)) {
      const kind = key as Kind;
      const id = data.id as number;
      const ids = this.ids.get(kind)!;
      const first = ids.get(id);
      if (first !== undefined) {
        const list = this.duplicates.get(kind) ?? [];
        list.push(`${where}.id: duplicate id ${id} (also ${kind}[${first}])`);
        this.duplicates.set(kind, list);
      } else ids.set(id, index);
    }
    this.checkTexts(data, where);
    if (key === 'subcollections')
      this.subcollectionRefs.push({ index, collection: data.collection as number });
    else if (key === 'reviews') this.reviewRefs.push({ index, product: data.product as number });
    else if (key === 'products') {
      const p = parsed.data as z.infer<typeof productSchema>;
      this.productRefs.push({
        index,
        industry: p.industry,
        collection: p.collection,
        subcollections: p.subcollections,
        tags: p.tags,
      });
      p.images.forEach((img, j) =>
        typeof img === 'string'
          ? this.checkImage(img, `${where}.images[${j}]`, 'products')
          : this.checkImage(img.src, `${where}.images[${j}].src`, 'products'),
      );
    } else if (key === 'posts') {
      (data.images as string[]).forEach((img, j) => this.checkImage(img, `${where}.images[${j}]`, 'posts'));
    } else if (key === 'banners') {
      const image = (parsed.data as z.infer<typeof bannerSchema>).image;
      if (typeof image === 'string') this.checkImage(image, `${where}.image`, 'banners');
      else
        for (const [lang, img] of Object.entries(image))
          this.checkImage(img, `${where}.image.${lang}`, 'banners');
    }
    return parsed.data;
  }

  private structureErrors(error: z.ZodError, prefix: (string | number)[]): void {
    for (const issue of error.issues) {
      const where = jsonPath([...prefix, ...issue.path]);
      this.structure.push(
        issue.code === 'unrecognized_keys'
          ? `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
          : `${where}: ${issue.message}`,
      );
    }
  }

  private setLanguages(languages: string[]): void {
    this.languages = new Set(languages);
  }

  /** Translated texts (objects with a string `fa`) use only the file's languages. */
  private checkTexts(value: unknown, where: string): void {
    if (Array.isArray(value)) value.forEach((v, i) => this.checkTexts(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.fa === 'string') {
        for (const lang of Object.keys(record)) {
          if (this.languages) {
            if (!this.languages.has(lang))
              this.languageErrors.push(`${where}.${lang}: language "${lang}" is not listed in languages`);
          } else if (lang !== 'fa') {
            const deferred = this.deferredLanguages.get(lang) ?? { paths: [], more: 0 };
            if (deferred.paths.length < DEFERRED_PATHS) deferred.paths.push(where);
            else deferred.more++;
            this.deferredLanguages.set(lang, deferred);
          }
        }
        return;
      }
      for (const [k, v] of Object.entries(record)) this.checkTexts(v, `${where}.${k}`);
    }
  }

  /** https URLs as they are; anything else a file inside the catalogue's folder (checked once per value). */
  private checkImage(value: string, where: string, section: string): void {
    let problem = this.imageChecks.get(value);
    if (problem === undefined) {
      problem = this.imageProblem(value);
      this.imageChecks.set(value, problem);
    }
    if (problem !== null) {
      const list = this.imageErrors.get(section) ?? [];
      list.push(`${where}: ${problem}`);
      this.imageErrors.set(section, list);
    }
  }

  private imageProblem(value: string): string | null {
    if (/^https:\/\//i.test(value)) {
      try {
        new URL(value);
        return null;
      } catch {
        return `"${value}" is not a valid URL`;
      }
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || path.isAbsolute(value) || value.startsWith('/')) {
      return `"${value}" must be a path relative to the catalogue file or an https:// URL`;
    }
    const file = path.resolve(this.root, value);
    if (file !== this.root && !file.startsWith(this.root + path.sep)) {
      return `"${value}" points outside the catalogue's folder`;
    }
    if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      return `"${value}" is not an image (${[...IMAGE_EXTENSIONS].join(', ')})`;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return `image file "${value}" was not found`;
    }
    if (!stat.isFile()) return `"${value}" is not a file`;
    if (stat.size > MAX_IMAGE_BYTES) return `"${value}" is larger than 10 MB`;
    this.images.set(value, file);
    return null;
  }
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The events of a catalogue held in memory, as the file reader would give them. */
export function* catalogueEventsOf(raw: unknown): Generator<CatalogueEvent> {
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if ((key === 'products' || key === 'reviews') && Array.isArray(value)) {
      yield { type: 'start', key };
      for (let index = 0; index < value.length; index++)
        yield { type: 'item', key, index, value: value[index] };
      yield { type: 'end', key };
    } else yield { type: 'section', key, value };
  }
}

/**
 * Checks a whole catalogue held in memory (tests, tools): the same checks, in the same order, as
 * an import of a file makes while reading it.
 */
export function validateCatalogue(raw: unknown, baseDir: string): ValidationResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: [`(root): Invalid input: expected object, received ${typeName(raw)}`] };
  }
  const checker = new CatalogueChecker(baseDir);
  for (const event of catalogueEventsOf(raw)) checker.take(event);
  const errors = checker.finish();
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, catalogue: catalogueSchema.parse(raw), images: checker.images };
}
