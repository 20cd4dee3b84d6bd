import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/connection.ts';
import {
  aboutUsOf,
  bannerOf,
  collectionOf,
  industryOf,
  postOf,
  productOf,
  subcollectionOf,
  tagOf,
} from './entities.ts';
import {
  CATALOGUE_FORMAT,
  type BannerImage,
  type Catalogue,
  type ProductImage,
  type TranslatedText,
} from './format.ts';
import { isRemoteImage } from './media.ts';
import { Settings } from '../settings/repository.ts';

/**
 * Reads the whole catalogue out of the database in the interchange format. Local images are
 * copied next to the output under `images/`; remote ones keep their URL.
 */
export async function exportCatalogue(
  database: Database,
  outFile: string,
  mediaDir: string,
): Promise<Catalogue> {
  const { db } = database;
  const outDir = path.dirname(path.resolve(outFile));
  const imagesDir = path.join(outDir, 'images');
  const languages = new Set<string>(['fa']);
  const text = (value: string): TranslatedText => {
    const parsed = JSON.parse(value) as TranslatedText;
    for (const key of Object.keys(parsed)) languages.add(key);
    return parsed;
  };
  const copied = new Set<string>();
  const image = async (ref: string): Promise<string> => {
    if (isRemoteImage(ref)) return ref;
    if (!copied.has(ref)) {
      await fs.promises.mkdir(imagesDir, { recursive: true });
      await fs.promises.copyFile(path.join(mediaDir, ref), path.join(imagesDir, ref));
      copied.add(ref);
    }
    return `images/${ref}`;
  };

  const [
    collections,
    subcollections,
    industries,
    tags,
    products,
    productSubs,
    productTags,
    posts,
    banners,
    about,
    reviews,
  ] = await Promise.all([
    db.selectFrom('collections').selectAll().orderBy('id').execute(),
    db
      .selectFrom('subcollections')
      .selectAll()
      .orderBy('collection_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('industries').selectAll().orderBy('id').execute(),
    db.selectFrom('tags').selectAll().orderBy('id').execute(),
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db
      .selectFrom('product_subcollections')
      .selectAll()
      .orderBy('product_id')
      .orderBy('subcollection_id')
      .execute(),
    db.selectFrom('product_tags').selectAll().orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('posts').selectAll().orderBy('id').execute(),
    db.selectFrom('banners').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('about_us').selectAll().orderBy('id').executeTakeFirst(),
    // Published reviews only: held and hidden ones are moderation state, not the catalogue's.
    db
      .selectFrom('reviews')
      .selectAll()
      .where('status', '=', 'published')
      .orderBy('creation_date')
      .orderBy('id')
      .execute(),
  ]);

  const subsOf = new Map<number, number[]>();
  for (const r of productSubs) pushTo(subsOf, r.product_id, r.subcollection_id);
  const tagsOf = new Map<number, number[]>();
  for (const r of productTags) pushTo(tagsOf, r.product_id, r.tag_id);

  // The business's identity (`store`), when the imported file had one.
  const store = await new Settings(db).storeIdentity();
  if (store) {
    for (const value of [store.name, store.description, store.address, store.hours]) {
      if (value) text(JSON.stringify(value));
    }
    if (store.logo !== undefined) store.logo = await image(store.logo);
    if (store.favicon !== undefined) store.favicon = await image(store.favicon);
  }

  const translatedOf = (t: TranslatedText) => text(JSON.stringify(t));
  const catalogue: Catalogue = {
    format: CATALOGUE_FORMAT,
    languages: [],
    ...(store ? { store } : {}),
    collections: collections.map((c) => {
      const entity = collectionOf(c);
      translatedOf(entity.title);
      return entity;
    }),
    subcollections: subcollections.map((s) => {
      // The file's order is the order within each collection.
      const { position: _position, ...entity } = subcollectionOf(s);
      translatedOf(entity.title);
      return entity;
    }),
    industries: industries.map((i) => {
      const entity = industryOf(i);
      translatedOf(entity.title);
      return entity;
    }),
    tags: tags.map((t) => {
      const entity = tagOf(t);
      translatedOf(entity.title);
      return entity;
    }),
    products: [],
    posts: [],
    banners: [],
    reviews: reviews.map((r) => ({
      product: r.product_id,
      name: r.name,
      email: r.email,
      content: r.content,
      creation_date: r.creation_date,
    })),
  };
  for (const row of products) {
    const p = productOf(row, subsOf.get(row.id) ?? [], tagsOf.get(row.id) ?? []);
    for (const t of [p.title, p.short_description, p.preview_description, p.description]) translatedOf(t);
    for (const prop of p.properties) {
      translatedOf(prop.key);
      translatedOf(prop.value);
    }
    p.images = await Promise.all(
      p.images.map(async (img): Promise<ProductImage> => {
        if (typeof img === 'string') return image(img);
        if (img.alt) translatedOf(img.alt);
        return { ...img, src: await image(img.src) };
      }),
    );
    catalogue.products.push(p);
  }
  for (const row of posts) {
    const p = postOf(row);
    for (const t of [p.title, p.content, p.specific_content]) translatedOf(t);
    p.images = await Promise.all(p.images.map(image));
    catalogue.posts.push(p);
  }
  for (const row of banners) {
    const { id, image: stored, link } = bannerOf(row);
    let bannerImage: BannerImage;
    if (typeof stored === 'string') bannerImage = await image(stored);
    else {
      const entries = await Promise.all(
        Object.entries(stored).map(async ([lang, img]) => {
          languages.add(lang);
          return [lang, await image(img)] as const;
        }),
      );
      bannerImage = Object.fromEntries(entries) as BannerImage;
    }
    catalogue.banners.push({ id, image: bannerImage, ...(link === undefined ? {} : { link }) });
  }
  if (about) {
    const { content, team } = aboutUsOf(about);
    translatedOf(content);
    catalogue.about_us = { content };
    // The team in its order; a store without one writes none.
    if (team.length > 0) {
      catalogue.about_us.team = await Promise.all(
        team.map(async ({ photo, ...member }) => {
          for (const t of [member.name, member.role, member.description]) translatedOf(t);
          if (!photo) return member;
          if (photo.alt) translatedOf(photo.alt);
          return { ...member, photo: { ...photo, src: await image(photo.src) } };
        }),
      );
    }
  }
  catalogue.languages = [...languages];

  await fs.promises.mkdir(outDir, { recursive: true });
  const temp = `${outFile}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, `${JSON.stringify(catalogue, null, 2)}\n`);
  await fs.promises.rename(temp, outFile);
  return catalogue;
}

function pushTo(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
