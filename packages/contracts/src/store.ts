import { z } from 'zod';
import { coded } from './errors.ts';
import {
  INTEGER_MESSAGE,
  listQuerySchema,
  queryBooleanSchema,
  queryIntegerSchema,
  searchTermSchema,
  titleFilterSchema,
} from './common.ts';

export const imageSchema = z.object({ image: z.string() });
/** A product image: its URL and its alt text in the request's language ('' when none was given). */
export const productImageSchema = z.object({ image: z.string(), alt: z.string() });

export const collectionRefSchema = z.object({ id: z.number().int(), title: z.string() });
export const collectionSchema = collectionRefSchema;
export type Collection = z.infer<typeof collectionSchema>;

export const priceRangeSchema = z.object({
  start_price: z.number(),
  end_price: z.number(),
  currency_type: z.string(),
});

/**
 * The supplier of a product. The phone number is for signed-in users only: `phone` carries it
 * when the request has a valid token and is null for a visitor (or when there is none), while
 * `has_phone` always says whether the supplier submitted one, so the storefront can show
 * asterisks or 'no phone submitted'.
 */
export const industryRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  website: z.string(),
  phone: z.string().nullable(),
  has_phone: z.boolean(),
});

export const tagLinkSchema = z.object({ tag: z.object({ id: z.number().int(), title: z.string() }) });
export const propertySchema = z.object({ key: z.string(), value: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  short_description: z.string(),
  preview_description: z.string(),
  description: z.string(),
  inventory: z.number().int(),
  /** null: the price is given on request (no price is shown or offered). */
  price_range: priceRangeSchema.nullable(),
  industry: industryRefSchema.nullable(),
  collection: collectionRefSchema.nullable(),
  subcollections: z.array(collectionRefSchema),
  tags: z.array(tagLinkSchema),
  properties: z.array(propertySchema),
  images: z.array(productImageSchema),
  recommend: z.boolean(),
  tejarat_khareji: z.boolean(),
  tejarat_dakheli: z.boolean(),
  khadamat_tejarat: z.boolean(),
  amouzesh_tejarat: z.boolean(),
  creation_date: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const subcollectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  collection: collectionRefSchema,
  products: z.array(productSchema),
});
export type Subcollection = z.infer<typeof subcollectionSchema>;

export const industrySchema = industryRefSchema.extend({ industry_products: z.array(productSchema) });
export type Industry = z.infer<typeof industrySchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  /** Where the banner leads (an http(s) URL or a path of the store), or null. */
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** Plain text: about the first 200 characters of `content`, cut at a word (the news list and clients that show a teaser). */
  preview_description: z.string(),
  specific_content: z.string(),
  creation_date: z.string(),
  images: z.array(imageSchema),
});
export type Post = z.infer<typeof postSchema>;

/** One member of the store's team, in the request's language; `photo` null: initials are drawn. */
export const teamMemberSchema = z.object({
  name: z.string(),
  role: z.string(),
  description: z.string(),
  photo: productImageSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET store/about-us/: the page's items (spec: the first item's content), with the store's team (in order; may be empty). */
export const aboutUsSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  team: z.array(teamMemberSchema),
});

/** Social networks a store may link to, in the order the footer shows them. */
export const socialNetworks = [
  'instagram',
  'telegram',
  'whatsapp',
  'bale',
  'eitaa',
  'aparat',
  'linkedin',
  'youtube',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/**
 * GET store/identity/: the business's identity in the request's language (header, footer, titles):
 * what the owner set in the back office or the catalogue's `store` block. Every part may be empty.
 */
export const storeIdentitySchema = z.object({
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  phones: z.array(z.string()),
  email: z.string(),
  address: z.string(),
  map_url: z.string(),
  hours: z.string(),
  social: z.array(z.object({ network: z.enum(socialNetworks), url: z.string() })),
  /** How Rial prices are shown: in Rial or in Toman (a tenth). */
  price_display: z.enum(['IRR', 'IRT']),
});
export type StoreIdentityView = z.infer<typeof storeIdentitySchema>;
export type AboutUs = z.infer<typeof aboutUsSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  creation_date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
/** POST store/products/{id}/reviews/ (201): the review, and whether it shows now or after a check. */
export const reviewCreatedSchema = reviewSchema.extend({ status: z.enum(['published', 'held']) });
export type ReviewCreated = z.infer<typeof reviewCreatedSchema>;

// ---- request schemas -------------------------------------------------------------------------

/**
 * Ids are stored as 32-bit integers (PostgreSQL's `integer`). An id written as an integer outside
 * that range names nothing, so it becomes NO_ID (0, never an id: ids are positive, and -1 is the
 * general order request), which every route answers with its 404; a database never sees it.
 */
export const NO_ID = 0;
export const MAX_ID = 2_147_483_647;
export const idParamsSchema = z.object({
  id: z
    .string()
    .refine((value) => /^-?\d+$/.test(value), coded('integer_invalid', INTEGER_MESSAGE))
    .transform((value) => {
      const id = Number(value);
      return Number.isSafeInteger(id) && Math.abs(id) <= MAX_ID ? id : NO_ID;
    }),
});

export const collectionsQuerySchema = listQuerySchema.extend({ footer: queryBooleanSchema.optional() });

export const searchListQuerySchema = listQuerySchema.extend({ search: searchTermSchema.optional() });

/**
 * Products: `recommend` (the client sends `True/`), `search` (every word must match the title,
 * short description, a tag or the supplier), and the exact-title filters of the filtered search page.
 */
export const productsQuerySchema = listQuerySchema.extend({
  recommend: queryBooleanSchema.optional(),
  search: searchTermSchema.optional(),
  industry: titleFilterSchema.optional(),
  product: titleFilterSchema.optional(),
  collection: titleFilterSchema.optional(),
  subcollection: titleFilterSchema.optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export { queryIntegerSchema };
