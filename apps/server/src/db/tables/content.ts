import type { Generated } from 'kysely';
import type { TranslatedJson } from './catalogue.ts';

export interface PostsTable {
  id: Generated<number>;
  title: TranslatedJson;
  content: TranslatedJson;
  specific_content: TranslatedJson;
  creation_date: string;
  images: string;
}

export interface BannersTable {
  id: Generated<number>;
  /** The image (the Persian one when there is one per language). */
  image: string;
  /** JSON {lang: image} when each language has its own image; null otherwise. */
  images_by_language: string | null;
  position: number;
  /** Where the banner leads: an http(s) URL or a path of the store (`/app/…`); null: nowhere. */
  link: string | null;
}

export interface AboutUsTable {
  id: number;
  content: TranslatedJson;
  /** JSON array of team members (catalogue format's `about_us.team`, photos as media references). */
  team: Generated<string>;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  email: string;
  content: string;
  language: string | null;
  creation_date: string;
  /** published | held (waiting for moderation) | hidden: only published ones reach the storefront. */
  status: Generated<string>;
}

/** Normalised titles for exact-title filters: (kind, key) → entity id. */
export interface NameKeysTable {
  kind: 'collection' | 'subcollection' | 'industry' | 'product' | 'tag';
  key: string;
  entity_id: number;
}

export interface MetaTable {
  key: string;
  value: string;
}
