import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An enquiry's private follow link (`/app/e/{token}`, issue 24 and the quote loop). Two kinds of
 * token open it:
 *
 * - the **random** token given to the visitor once (by SMS, email and on screen after sending) and
 *   never stored: the enquiry keeps its SHA-256 (`enquiries.follow_hash`), so a leaked database does
 *   not open anyone's thread;
 * - a **signed** token, for the links the store makes later (a signed-in user's "my requests", the
 *   notice of a reply or a quote): `s` + base64url(enquiry id, expiry, HMAC-SHA256 truncated to 128
 *   bits) under the server's secret. It opens the same page until it expires; nothing is stored.
 */

const TOKEN_BYTES = 24;
/** Random bytes drawn 256 tokens at a time (one call into the CSPRNG instead of one per order). */
const POOL_TOKENS = 256;
let pool = Buffer.alloc(0);
let used = 0;

/** A new random token: 24 random bytes, base64url (32 characters). */
export function newFollowToken(): string {
  if (used + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * POOL_TOKENS);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + TOKEN_BYTES);
  // Each token's bytes are used once; zeroed, so that the buffer keeps no token handed out.
  pool.fill(0, used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

/** What `enquiries.follow_hash` holds for a token. */
export function followHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const RANDOM_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const SIGNED_TOKEN = /^s[A-Za-z0-9_-]{32}$/;

/** Whether a path segment can be a token, random or signed (checked before any lookup). */
export function isFollowToken(value: string): boolean {
  return RANDOM_TOKEN.test(value) || SIGNED_TOKEN.test(value);
}

/** How long a signed link opens its page: 90 days (a notice's link stays useful through a long negotiation). */
export const SIGNED_FOLLOW_SECONDS = 90 * 24 * 3600;

function mac(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', `follow-link:${secret}`).update(payload).digest().subarray(0, 16);
}

/** A signed token for an enquiry, valid until `expiresAt` (default: SIGNED_FOLLOW_SECONDS from now). */
export function signedFollowToken(
  secret: string,
  enquiryId: number,
  expiresAt = new Date(Date.now() + SIGNED_FOLLOW_SECONDS * 1000),
): string {
  const payload = Buffer.alloc(8);
  payload.writeUInt32BE(enquiryId >>> 0, 0);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000) >>> 0, 4);
  return `s${Buffer.concat([payload, mac(secret, payload)]).toString('base64url')}`;
}

/** What a token names: the hash to look up (random), an enquiry id (signed and valid), or nothing. */
export type FollowKey = { hash: string } | { id: number } | undefined;

export function followKey(secret: string, token: string, now = Date.now()): FollowKey {
  if (RANDOM_TOKEN.test(token)) return { hash: followHash(token) };
  if (!SIGNED_TOKEN.test(token)) return undefined;
  const raw = Buffer.from(token.slice(1), 'base64url');
  if (raw.length !== 24) return undefined;
  const payload = raw.subarray(0, 8);
  if (!timingSafeEqual(raw.subarray(8), mac(secret, payload))) return undefined;
  if (payload.readUInt32BE(4) * 1000 <= now) return undefined;
  return { id: payload.readUInt32BE(0) };
}

/** The follow page's URL on a base, in the request's language. */
export function followUrl(baseUrl: string, token: string, language: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/app/e/${token}?lng=${language === 'en' ? 'en' : 'fa'}`;
}
