import { z } from 'zod';
import { coded } from './errors.ts';
import { EMAIL_MAX, EMAIL_PATTERN } from './fields.ts';

/** storefront-catalogue/1: the JSON in which a whole store is imported and exported. */
export const CATALOGUE_FORMAT = 'storefront-catalogue/1';
/** The `meta` key under which the catalogue's `store` (the business's identity) is kept, as JSON. */
export const STORE_KEY = 'store';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const MAX_INT = 2_147_483_647;
const id = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .positive({ message: 'must be a positive integer' })
  .max(MAX_INT, { message: `must be at most ${MAX_INT}` });
/** A translated text: one key per language code; fa is required. */
const translated = z
  .object({ fa: z.string({ message: 'a Persian (fa) text is required' }) })
  .catchall(z.string({ message: 'must be a string' }));
const flag = z.boolean({ message: 'must be true or false' });
const date = z
  .string({ message: 'must be an ISO 8601 date string' })
  .regex(ISO_WITH_ZONE, { message: 'must be an ISO 8601 date with a zone, e.g. 2024-05-01T10:00:00Z' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'is not a real date' });
const image = z.string({ message: 'must be a string' }).min(1, { message: 'must not be empty' });
/** A product image: a path, or `{src, alt}` with a translated alt text. */
const productImage = z.union([image, z.strictObject({ src: image, alt: translated.optional() })], {
  message: 'must be an image path or an object {"src": path, "alt": {"fa": …}}',
});
/** A banner image: one path, or one path per language (`{"fa": …, "en": …}`, fa required). */
const bannerImage = z.union(
  [image, z.object({ fa: image }, { message: 'a Persian (fa) image is required' }).catchall(image)],
  { message: 'must be an image path or an object of paths per language {"fa": …, "en": …}' },
);
const ids = z.array(id);

const url = z
  .string()
  .refine((v) => /^https?:\/\/\S+$/i.test(v), coded('url_invalid', 'must be an http(s) URL'));

/** The business's identity (header, footer, titles, structured data); every part optional. */
const storeSchema = z.strictObject({
  name: translated.optional(),
  description: translated.optional(),
  logo: image.optional(),
  favicon: image.optional(),
  phones: z.array(z.string().min(1).max(40, { message: 'must be at most 40 characters' })).optional(),
  email: z
    .string()
    .max(EMAIL_MAX)
    .refine((v) => EMAIL_PATTERN.test(v), coded('email_invalid', 'must be an email address'))
    .optional(),
  address: translated.optional(),
  map_url: url.optional(),
  hours: translated.optional(),
  social: z
    .strictObject({
      instagram: url.optional(),
      telegram: url.optional(),
      whatsapp: url.optional(),
      bale: url.optional(),
      eitaa: url.optional(),
      aparat: url.optional(),
      linkedin: url.optional(),
      youtube: url.optional(),
    })
    .optional(),
  price_display: z.enum(['IRR', 'IRT'], { message: 'must be "IRR" or "IRT"' }).optional(),
});

export const languagesSchema = z
  .array(z.string().regex(/^[a-z]{2,3}$/, { message: 'must be a language code such as fa or en' }))
  .min(1)
  .refine((langs) => langs.includes('fa'), { message: 'must include fa' });

/** One entity of each kind, as the file and the write module (modules/catalogue/writes.ts) take it. */
export const collectionSchema = z.strictObject({ id, title: translated, footer: flag.optional() });

export const subcollectionSchema = z.strictObject({ id, collection: id, title: translated });

export const industrySchema = z.strictObject({
  id,
  title: translated,
  website: z
    .string()
    .refine(
      (v) => v === '' || /^https?:\/\/\S+$/i.test(v),
      coded('url_invalid', 'must be an http(s) URL or empty'),
    )
    .optional(),
  phone: z.string().max(40, { message: 'must be at most 40 characters' }).nullable().optional(),
});

export const tagSchema = z.strictObject({ id, title: translated });

export const productSchema = z.strictObject({
  id,
  title: translated,
  short_description: translated,
  preview_description: translated,
  description: translated,
  inventory: z
    .number()
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must not be negative' })
    .max(MAX_INT, { message: `must be at most ${MAX_INT}` }),
  // null: the price is given on request (services, bulk goods).
  price_range: z
    .strictObject({
      start_price: z.number().min(0, { message: 'must not be negative' }),
      end_price: z.number().min(0, { message: 'must not be negative' }),
      currency_type: z.string().min(1).max(10),
    })
    .refine((p) => p.end_price >= p.start_price, {
      message: 'end_price must not be below start_price',
      path: ['end_price'],
    })
    .nullable(),
  // false: kept and exported, never served to the storefront.
  published: flag.optional(),
  industry: id.nullable(),
  collection: id.nullable(),
  subcollections: ids,
  tags: ids,
  properties: z.array(z.strictObject({ key: translated, value: translated })),
  images: z.array(productImage),
  recommend: flag,
  tejarat_khareji: flag,
  tejarat_dakheli: flag,
  khadamat_tejarat: flag,
  amouzesh_tejarat: flag,
  creation_date: date,
});

export const postSchema = z.strictObject({
  id,
  title: translated,
  content: translated,
  specific_content: translated,
  creation_date: date,
  images: z.array(image),
});

/** Where a banner leads: an http(s) URL, or a path of this store such as `/app/products`. */
const bannerLink = z
  .string()
  .max(2000, { message: 'must be at most 2000 characters' })
  .refine(
    (v) => /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
    coded('url_invalid', 'must be an http(s) URL or a path starting with /'),
  );

export const bannerSchema = z.strictObject({
  id,
  image: bannerImage,
  link: bannerLink.nullable().optional(),
});

export const reviewSchema = z.strictObject({
  product: id,
  name: z.string().min(1).max(100, { message: 'must be at most 100 characters' }),
  email: z
    .string()
    .max(EMAIL_MAX)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), coded('email_invalid', 'must be an email address')),
  content: z.string().min(1).max(500, { message: 'must be at most 500 characters' }),
  creation_date: date,
});
/** A team member's photo: a path with an optional translated alt text (as a product image's object). */
const teamPhoto = z.strictObject(
  { src: image, alt: translated.optional() },
  { message: 'must be an object {"src": path, "alt": {"fa": …}}' },
);
/** One person of the about-us page's team carousel (shown in the file's order). */
export const teamMemberSchema = z.strictObject({
  name: translated,
  role: translated,
  description: translated,
  photo: teamPhoto.optional(),
});
/** Most team members a store shows (the carousel shows up to four at a time). */
export const MAX_TEAM_MEMBERS = 100;
export const aboutUsSchema = z.strictObject({
  content: translated,
  team: z
    .array(teamMemberSchema)
    .max(MAX_TEAM_MEMBERS, { message: `must list at most ${MAX_TEAM_MEMBERS} members` })
    .optional(),
});
export { storeSchema };

export const catalogueSchema = z.strictObject({
  format: z.literal(CATALOGUE_FORMAT, { message: `must be "${CATALOGUE_FORMAT}"` }),
  store: storeSchema.optional(),
  languages: languagesSchema,
  collections: z.array(collectionSchema),
  subcollections: z.array(subcollectionSchema),
  industries: z.array(industrySchema),
  tags: z.array(tagSchema),
  products: z.array(productSchema),
  posts: z.array(postSchema),
  banners: z.array(bannerSchema),
  about_us: aboutUsSchema.optional(),
  reviews: z.array(reviewSchema),
});

export type Catalogue = z.infer<typeof catalogueSchema>;
export type CollectionInput = z.infer<typeof collectionSchema>;
export type SubcollectionInput = z.infer<typeof subcollectionSchema>;
export type IndustryInput = z.infer<typeof industrySchema>;
export type TagInput = z.infer<typeof tagSchema>;
export type ProductInput = z.infer<typeof productSchema>;
export type PostInput = z.infer<typeof postSchema>;
export type BannerInput = z.infer<typeof bannerSchema>;
export type AboutUsInput = z.infer<typeof aboutUsSchema>;
export type TeamMemberInput = z.infer<typeof teamMemberSchema>;
export type ReviewInput = z.infer<typeof reviewSchema>;
export type TranslatedText = z.infer<typeof translated>;
export type ProductImage = z.infer<typeof productImage>;
export type BannerImage = z.infer<typeof bannerImage>;
export type StoreIdentity = z.infer<typeof storeSchema>;

/** `products[12].industry` from a zod issue path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(root)' : out;
}
