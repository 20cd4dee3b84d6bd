import crypto from 'node:crypto';

/**
 * Torob's feed token (torob/Torob-Sync, torob_api_token_guide.md): every request carries
 * `X-Torob-Token`, a JWT signed by Torob with Ed25519 (`alg: EdDSA`), and `X-Torob-Token-Version: 1`.
 * It is good when its signature verifies against Torob's public key, now is between its `nbf` and
 * `exp`, and its `aud` is the host the request was sent to, port included (a token Torob made for
 * another shop is refused here). Node's own crypto verifies Ed25519: no JWT library.
 */

/** The key Torob publishes for its tokens (torob_api_token_guide.md §2); TOROB_PUBLIC_KEY replaces it. */
export const TOROB_PUBLISHED_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAt6Mu4T0pBORY11W+QeM35UsmLO3vsf+6yKpFDEImFk0=
-----END PUBLIC KEY-----
`;

/** The token version this verification implements. */
export const TOROB_TOKEN_VERSION = '1';

/** Longer headers are refused unread: a real token is a few hundred characters. */
const MAX_TOKEN_LENGTH = 4096;

export type TokenCheck = { ok: true } | { ok: false; reason: string };

const keys = new Map<string, crypto.KeyObject>();

/** The key object of a PEM, made once per process. */
function keyOf(pem: string): crypto.KeyObject {
  let key = keys.get(pem);
  if (!key) {
    key = crypto.createPublicKey(pem);
    keys.set(pem, key);
  }
  return key;
}

function jsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a request's token headers. `host` is the host the request was addressed to (with its port
 * when it has one); `now` in seconds since the epoch. The reason is for Torob's `{"error"}` and the log.
 */
export function verifyTorobToken(
  headers: { token: string | string[] | undefined; version: string | string[] | undefined },
  host: string,
  pem: string,
  now = Date.now() / 1000,
): TokenCheck {
  const { token, version } = headers;
  if (typeof token !== 'string' || token === '') return { ok: false, reason: 'X-Torob-Token is missing' };
  if (version !== TOROB_TOKEN_VERSION)
    return { ok: false, reason: `X-Torob-Token-Version must be ${TOROB_TOKEN_VERSION}` };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'token is malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p)))
    return { ok: false, reason: 'token is malformed' };
  const [head, body, signature] = parts as [string, string, string];
  const header = jsonPart(head);
  const payload = jsonPart(body);
  if (!isObject(header) || !isObject(payload)) return { ok: false, reason: 'token is malformed' };
  // Only Ed25519: a token naming another algorithm (none, HS256 with the public key as secret) is refused.
  if (header.alg !== 'EdDSA') return { ok: false, reason: 'token algorithm must be EdDSA' };
  const signed = crypto.verify(
    null,
    Buffer.from(`${head}.${body}`),
    keyOf(pem),
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { ok: false, reason: 'token signature is invalid' };
  if (typeof payload.exp !== 'number') return { ok: false, reason: 'token has no exp' };
  if (now > payload.exp) return { ok: false, reason: 'token has expired' };
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || now < payload.nbf))
    return { ok: false, reason: 'token is not valid yet' };
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.some((aud) => typeof aud === 'string' && aud.toLowerCase() === host.toLowerCase()))
    return { ok: false, reason: `token audience does not match ${host}` };
  return { ok: true };
}
