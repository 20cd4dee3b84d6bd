import {
  BUYER_STATUS_OF,
  errorDetailSchema,
  myEnquiriesSchema,
  type MyEnquiry,
  type QuoteVersionState,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { linkBase } from '../outbox/link-base.ts';
import { followUrl, signedFollowToken } from './follow-link.ts';
import { enquiryReference } from './repository.ts';

/** How many of a user's requests the list shows (the newest). */
export const MY_REQUESTS_MAX = 100;

/** A stored version's state as the buyer sees it: a sent one past its validity has expired. */
export function quoteState(status: string, validUntil: string, now = new Date()): QuoteVersionState {
  if (status === 'sent') return validUntil <= now.toISOString() ? 'expired' : 'sent';
  if (status === 'superseded' || status === 'accepted' || status === 'declined') return status;
  return 'sent';
}

/**
 * A signed-in user's requests, newest first: each with its status in the buyer's words, its newest
 * quote's number and state, and a signed link to its private page (the random token of the SMS is
 * not stored, so this link is made now: it opens the page for SIGNED_FOLLOW_SECONDS).
 */
export async function myEnquiries(
  db: Kysely<DB>,
  userId: number,
  link: (id: number) => string,
): Promise<MyEnquiry[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select(['id', 'product_id', 'product_title', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MY_REQUESTS_MAX)
    .execute();
  const newest = new Map<number, { number: number; state: QuoteVersionState }>();
  if (rows.length > 0) {
    const versions = await db
      .selectFrom('quote_versions')
      .select(['enquiry_id', 'number', 'status', 'valid_until'])
      .where(
        'enquiry_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('enquiry_id')
      .orderBy('number', 'desc')
      .execute();
    const now = new Date();
    for (const version of versions) {
      if (newest.has(version.enquiry_id)) continue;
      newest.set(version.enquiry_id, {
        number: version.number,
        state: quoteState(version.status, version.valid_until, now),
      });
    }
  }
  return rows.map((row) => ({
    id: row.id,
    reference: enquiryReference(row.id),
    product: row.product_id,
    product_title: row.product_title,
    status: BUYER_STATUS_OF[row.status] ?? 'received',
    creation_date: row.created_at,
    follow_url: link(row.id),
    quote: newest.get(row.id) ?? null,
  }));
}

/** GET /{lang}/api/store/enquiries/: the signed-in user's requests (401 without a valid token). */
export const myRequestsRoutes: FastifyPluginAsyncZod<{ lang: string }> = async (app, { lang }) => {
  const secret = resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);
  app.get(
    '/store/enquiries/',
    { schema: { response: { 200: myEnquiriesSchema, 401: errorDetailSchema } } },
    async (request, reply) => {
      const userId = await app.requireUser(request);
      const base = await linkBase(app.database.db, app.config);
      const results = await myEnquiries(app.database.db, userId, (id) =>
        followUrl(base, signedFollowToken(secret, id), lang),
      );
      // A private list with links that open private pages: never kept by a cache.
      void reply.header('cache-control', 'private, no-store');
      return { results };
    },
  );
};
