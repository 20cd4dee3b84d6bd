import fs from 'node:fs';
import path from 'node:path';
import { catalogueSchema, jsonPath, type Catalogue } from './format.ts';

export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif', '.svg']);
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ValidationResult =
  { ok: true; catalogue: Catalogue; images: Map<string, string> } | { ok: false; errors: string[] };

/**
 * Checks a whole catalogue file: its structure, unique ids, references between entities,
 * translated texts, and that every image exists inside the catalogue's folder. Every error names
 * its JSON path. `images` maps each local image value to its absolute file path.
 */
export function validateCatalogue(raw: unknown, baseDir: string): ValidationResult {
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => {
        if (issue.code === 'unrecognized_keys') {
          return `${jsonPath(issue.path)}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
        }
        return `${jsonPath(issue.path)}: ${issue.message}`;
      }),
    };
  }
  const catalogue = parsed.data;
  const errors: string[] = [];
  const languages = new Set(catalogue.languages);

  // Unique ids per kind.
  const idSets = new Map<string, Set<number>>();
  for (const kind of [
    'collections',
    'subcollections',
    'industries',
    'tags',
    'products',
    'posts',
    'banners',
  ] as const) {
    const seen = new Map<number, number>();
    catalogue[kind].forEach((item, index) => {
      const first = seen.get(item.id);
      if (first !== undefined)
        errors.push(`${kind}[${index}].id: duplicate id ${item.id} (also ${kind}[${first}])`);
      else seen.set(item.id, index);
    });
    idSets.set(kind, new Set(seen.keys()));
  }
  const has = (kind: string, value: number) => idSets.get(kind)?.has(value) ?? false;
  const ref = (where: string, kind: string, value: number | null) => {
    if (value !== null && !has(kind, value))
      errors.push(`${where}: ${kind} id ${value} does not exist in this file`);
  };

  catalogue.subcollections.forEach((s, i) =>
    ref(`subcollections[${i}].collection`, 'collections', s.collection),
  );
  catalogue.products.forEach((p, i) => {
    ref(`products[${i}].industry`, 'industries', p.industry);
    ref(`products[${i}].collection`, 'collections', p.collection);
    p.subcollections.forEach((s, j) => ref(`products[${i}].subcollections[${j}]`, 'subcollections', s));
    p.tags.forEach((t, j) => ref(`products[${i}].tags[${j}]`, 'tags', t));
    const dupTag = p.tags.find((t, j) => p.tags.indexOf(t) !== j);
    if (dupTag !== undefined) errors.push(`products[${i}].tags: tag ${dupTag} is listed twice`);
  });
  catalogue.reviews.forEach((r, i) => ref(`reviews[${i}].product`, 'products', r.product));

  // Translated texts use only the file's languages.
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.fa === 'string') {
        for (const key of Object.keys(record)) {
          if (!languages.has(key))
            errors.push(`${where}.${key}: language "${key}" is not listed in languages`);
        }
        return;
      }
      for (const [k, v] of Object.entries(record)) walk(v, where === '' ? k : `${where}.${k}`);
    }
  };
  walk({ ...catalogue, languages: undefined, format: undefined }, '');

  // Images: https URLs as they are; anything else a file inside the catalogue's folder.
  const images = new Map<string, string>();
  const root = path.resolve(baseDir);
  const checkImage = (value: string, where: string) => {
    if (/^https:\/\//i.test(value)) {
      try {
        new URL(value);
      } catch {
        errors.push(`${where}: "${value}" is not a valid URL`);
      }
      return;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || path.isAbsolute(value) || value.startsWith('/')) {
      errors.push(`${where}: "${value}" must be a path relative to the catalogue file or an https:// URL`);
      return;
    }
    const file = path.resolve(root, value);
    if (file !== root && !file.startsWith(root + path.sep)) {
      errors.push(`${where}: "${value}" points outside the catalogue's folder`);
      return;
    }
    if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      errors.push(`${where}: "${value}" is not an image (${[...IMAGE_EXTENSIONS].join(', ')})`);
      return;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      errors.push(`${where}: image file "${value}" was not found`);
      return;
    }
    if (!stat.isFile()) errors.push(`${where}: "${value}" is not a file`);
    else if (stat.size > MAX_IMAGE_BYTES) errors.push(`${where}: "${value}" is larger than 10 MB`);
    else images.set(value, file);
  };
  catalogue.products.forEach((p, i) =>
    p.images.forEach((img, j) =>
      typeof img === 'string'
        ? checkImage(img, `products[${i}].images[${j}]`)
        : checkImage(img.src, `products[${i}].images[${j}].src`),
    ),
  );
  catalogue.posts.forEach((p, i) =>
    p.images.forEach((img, j) => checkImage(img, `posts[${i}].images[${j}]`)),
  );
  if (catalogue.store?.logo !== undefined) checkImage(catalogue.store.logo, 'store.logo');
  if (catalogue.store?.favicon !== undefined) checkImage(catalogue.store.favicon, 'store.favicon');
  catalogue.banners.forEach((b, i) => {
    if (typeof b.image === 'string') checkImage(b.image, `banners[${i}].image`);
    else for (const [lang, img] of Object.entries(b.image)) checkImage(img, `banners[${i}].image.${lang}`);
  });

  return errors.length > 0 ? { ok: false, errors } : { ok: true, catalogue, images };
}
