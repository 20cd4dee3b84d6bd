import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/connection.ts';
import type { StoredImage } from '../../db/tables/products.ts';
import {
  CATALOGUE_FORMAT,
  STORE_KEY,
  type BannerImage,
  type Catalogue,
  type ProductImage,
  type StoreIdentity,
  type TranslatedText,
} from './format.ts';
import { isRemoteImage } from './media.ts';

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
    db.selectFrom('subcollections').selectAll().orderBy('id').execute(),
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
    db.selectFrom('reviews').selectAll().orderBy('creation_date').orderBy('id').execute(),
  ]);

  const subsOf = new Map<number, number[]>();
  for (const r of productSubs) pushTo(subsOf, r.product_id, r.subcollection_id);
  const tagsOf = new Map<number, number[]>();
  for (const r of productTags) pushTo(tagsOf, r.product_id, r.tag_id);

  // The business's identity (`store`), when the imported file had one.
  const identity = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', STORE_KEY)
    .executeTakeFirst();
  const store = identity ? (JSON.parse(identity.value) as StoreIdentity) : undefined;
  if (store) {
    for (const value of [store.name, store.description, store.address, store.hours]) {
      if (value) text(JSON.stringify(value));
    }
    if (store.logo !== undefined) store.logo = await image(store.logo);
    if (store.favicon !== undefined) store.favicon = await image(store.favicon);
  }

  const catalogue: Catalogue = {
    format: CATALOGUE_FORMAT,
    languages: [],
    ...(store ? { store } : {}),
    collections: collections.map((c) => ({ id: c.id, title: text(c.title), footer: c.footer === 1 })),
    subcollections: subcollections.map((s) => ({
      id: s.id,
      collection: s.collection_id,
      title: text(s.title),
    })),
    industries: industries.map((i) => ({
      id: i.id,
      title: text(i.title),
      website: i.website,
      phone: i.phone,
    })),
    tags: tags.map((t) => ({ id: t.id, title: text(t.title) })),
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
  for (const p of products) {
    catalogue.products.push({
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
      subcollections: subsOf.get(p.id) ?? [],
      tags: tagsOf.get(p.id) ?? [],
      properties: (JSON.parse(p.properties) as { key: TranslatedText; value: TranslatedText }[]).map(
        (prop) => ({
          key: text(JSON.stringify(prop.key)),
          value: text(JSON.stringify(prop.value)),
        }),
      ),
      images: await Promise.all(
        (JSON.parse(p.images) as StoredImage[]).map(async (img): Promise<ProductImage> =>
          typeof img === 'string'
            ? image(img)
            : {
                src: await image(img.src),
                ...(img.alt ? { alt: text(JSON.stringify(img.alt)) } : {}),
              },
        ),
      ),
      recommend: p.recommend === 1,
      tejarat_khareji: p.tejarat_khareji === 1,
      tejarat_dakheli: p.tejarat_dakheli === 1,
      khadamat_tejarat: p.khadamat_tejarat === 1,
      amouzesh_tejarat: p.amouzesh_tejarat === 1,
      creation_date: p.creation_date,
    });
  }
  for (const p of posts) {
    catalogue.posts.push({
      id: p.id,
      title: text(p.title),
      content: text(p.content),
      specific_content: text(p.specific_content),
      creation_date: p.creation_date,
      images: await Promise.all((JSON.parse(p.images) as string[]).map(image)),
    });
  }
  for (const b of banners) {
    const perLanguage =
      b.images_by_language === null
        ? undefined
        : (JSON.parse(b.images_by_language) as Record<string, string>);
    let bannerImage: BannerImage = await image(b.image);
    if (perLanguage) {
      const entries = await Promise.all(
        Object.entries(perLanguage).map(async ([lang, img]) => {
          languages.add(lang);
          return [lang, await image(img)] as const;
        }),
      );
      bannerImage = { fa: bannerImage, ...Object.fromEntries(entries) };
    }
    catalogue.banners.push({ id: b.id, image: bannerImage });
  }
  if (about) catalogue.about_us = { content: text(about.content) };
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
