import type { Generated } from 'kysely';

/** One request a price-comparison feed answered (modules/feeds/request-log.ts keeps the latest 100 per feed). */
export interface FeedRequestsTable {
  id: Generated<number>;
  /** torob | emalls */
  feed: string;
  /** ISO 8601 UTC. */
  at: string;
  /** The request's form (page, cursor, page_urls…); null when it was refused before its body was read. */
  form: string | null;
  /** The HTTP status it was answered with. */
  status: number;
  ip: Generated<string>;
}
