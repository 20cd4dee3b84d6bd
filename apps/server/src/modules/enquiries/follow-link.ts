import { createHash, randomBytes } from 'node:crypto';

/**
 * An enquiry's private follow link (`/app/e/{token}`, issue 24 and the quote loop): a random token
 * given to the visitor (by SMS, email and on screen) and never stored; the enquiry keeps its SHA-256
 * (`enquiries.follow_hash`), so a leaked database does not open anyone's thread.
 */

/** A new token: 24 random bytes, base64url (32 characters). */
export function newFollowToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What `enquiries.follow_hash` holds for a token. */
export function followHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a path segment can be a token (checked before any lookup). */
export function isFollowToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** The follow page's URL on a base, in the request's language. */
export function followUrl(baseUrl: string, token: string, language: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/app/e/${token}?lng=${language === 'en' ? 'en' : 'fa'}`;
}
