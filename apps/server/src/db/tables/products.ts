import type { Generated } from 'kysely';
import type { TranslatedJson } from './catalogue.ts';

export interface ProductsTable {
  id: Generated<number>;
  title: TranslatedJson;
  short_description: TranslatedJson;
  preview_description: TranslatedJson;
  description: TranslatedJson;
  inventory: number;
  start_price: number;
  end_price: number;
  currency_type: string;
  /** 1: the price is given on request (the prices above are then unused). */
  price_on_request: number;
  /** 0: kept (and exported) but never served to the storefront. */
  published: number;
  industry_id: number | null;
  collection_id: number | null;
  /** JSON array of StoredImage: media paths (relative to the media folder) or absolute https URLs. */
  images: string;
  /** JSON array of {key: T, value: T}. */
  properties: string;
  recommend: number;
  tejarat_khareji: number;
  tejarat_dakheli: number;
  khadamat_tejarat: number;
  amouzesh_tejarat: number;
  creation_date: string;
  /** When the row last changed (ISO 8601 UTC; set by modules/catalogue/writes.ts): Torob's date_updated. */
  updated_at: Generated<string>;
  /** Normalised title, short description, tags and supplier in every language: what search matches. */
  search_doc: string;
  /** JSON array of tag ids in display order (a read copy of product_tags). */
  tag_ids: string;
  /** JSON array of subcollection ids (a read copy of product_subcollections). */
  subcollection_ids: string;
}

/** A product image as stored: its reference, or its reference with a translated alt text. */
export type StoredImage = string | { src: string; alt?: Record<string, string> };

export interface ProductSubcollectionsTable {
  product_id: number;
  subcollection_id: number;
}

export interface ProductTagsTable {
  product_id: number;
  tag_id: number;
  position: number;
}

/** A published product's JSON in one language, UTF-8 (modules/catalogue/product-view.ts, renderProduct). */
export interface ProductJsonTable {
  product_id: number;
  lang: string;
  body: Buffer;
}
