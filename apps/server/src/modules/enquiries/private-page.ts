import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { requestLanguage } from '../../lib/language.ts';
import { followKey } from './follow-link.ts';

/**
 * What every page under `/app/e/{token}` shares (the follow page, modules/enquiries/follow-page.ts,
 * and the quote's page and PDF, modules/documents/routes.ts): the enquiry a token opens, the headers
 * of a page whose URL is its key, the language a page without an enquiry speaks, and the quote
 * number of a path.
 */

export type PrivateLanguage = 'fa' | 'en';

export const isPrivateLanguage = (value: string | null | undefined): value is PrivateLanguage =>
  value === 'fa' || value === 'en';

/** What the page reads of an enquiry. */
export interface FollowedEnquiry {
  id: number;
  product_id: number | null;
  product_title: string;
  description: string;
  language: string;
  created_at: string;
  status: string;
  phone: string;
}

/**
 * The enquiry a token opens: a random token by its hash, a signed one (valid, unexpired) by the id
 * it carries; undefined for anything else. For every route under /app/e/{token} (the quote's page
 * and PDF too).
 */
export async function followedEnquiry(
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<FollowedEnquiry | undefined> {
  const key = followKey(secret, token);
  if (!key) return undefined;
  const query = db
    .selectFrom('enquiries')
    .select([
      'id',
      'product_id',
      'product_title',
      'description',
      'language',
      'created_at',
      'status',
      'phone',
    ]);
  return 'hash' in key
    ? query.where('follow_hash', '=', key.hash).executeTakeFirst()
    : query.where('id', '=', key.id).executeTakeFirst();
}

/** The headers of a page whose URL is its key: nothing may keep it, index it or pass it on in a Referer. */
export function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Referrer-Policy', 'no-referrer');
}

/** The `lng` the link names, when it names one of the pages' languages. */
export function askedLanguage(request: FastifyRequest): PrivateLanguage | undefined {
  const lng = new URL(request.url, 'http://localhost').searchParams.get('lng')?.slice(0, 2).toLowerCase();
  return isPrivateLanguage(lng) ? lng : undefined;
}

const SERVED = new Set<string>(['fa', 'en']);

/**
 * The language of a page with no enquiry to take it from (a 404): the link's, else the visitor's
 * (cookie, browser), else the store's default when it is fa or en, else fa.
 */
export function visitorLanguage(request: FastifyRequest, defaultLanguage: string): PrivateLanguage {
  const fallback = isPrivateLanguage(defaultLanguage) ? defaultLanguage : 'fa';
  const asked = askedLanguage(request) ?? requestLanguage(request.raw, SERVED, fallback);
  return isPrivateLanguage(asked) ? asked : 'fa';
}

/** A quote number as the path has it: 1 to 9 digits, else nothing (no version has it). */
export function quoteNumber(raw: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}
