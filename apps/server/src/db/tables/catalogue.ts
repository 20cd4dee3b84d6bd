import type { Generated } from 'kysely';
/**
 * Translated texts are stored as JSON objects keyed by language code ({"fa": "…", "en": "…"}) in
 * text columns, so adding a language is configuration plus translation files, not a schema change.
 * Flags are 0/1 integers and dates ISO 8601 UTC strings on both dialects.
 */
export type TranslatedJson = string;

export interface CollectionsTable {
  id: Generated<number>;
  title: TranslatedJson;
  footer: number;
}

export interface SubcollectionsTable {
  id: Generated<number>;
  collection_id: number;
  /** Order within the collection (then id). */
  position: Generated<number>;
  title: TranslatedJson;
  search_doc: string;
}

export interface IndustriesTable {
  id: Generated<number>;
  title: TranslatedJson;
  website: string;
  phone: string | null;
  search_doc: string;
}

export interface TagsTable {
  id: Generated<number>;
  title: TranslatedJson;
}
