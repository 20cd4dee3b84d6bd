import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

/**
 * Tokens whose signature this process has checked, kept with what they say (at most this many, the
 * oldest dropped first): a signed-in visitor sends the same access token with every request until it
 * expires, and its HMAC (jose, through WebCrypto's thread pool) was 5–6 % of the server's time under
 * the mixed load (issue 22). A kept token is still refused once expired; nothing else about a
 * token can change, since its text is what was signed (the user's being active is checked apart,
 * viewer.ts). Only tokens that verified are kept, so a stream of forged ones costs no memory.
 */
const KEPT_TOKENS = 4096;

interface VerifiedToken {
  id: number;
  type: unknown;
  /** Its `exp`, in seconds since the epoch. */
  exp: number;
}

/** Signs and verifies the access and refresh tokens (HS256 JWTs whose subject is the user id). */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly lifetimes: Record<TokenType, number>;
  private readonly verified = new Map<string, VerifiedToken>();
  constructor(secret: string, accessLifetime: number, refreshLifetime: number) {
    this.key = new TextEncoder().encode(secret);
    this.lifetimes = { access: accessLifetime, refresh: refreshLifetime };
  }

  async sign(userId: number, type: TokenType): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + this.lifetimes[type])
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** The user id of a valid token of the given type, or undefined. */
  async verify(token: string, type: TokenType): Promise<number | undefined> {
    const kept = this.verified.get(token);
    if (kept !== undefined) {
      // As jose decides: expired once `exp` is not after now (in whole seconds).
      if (kept.exp > Math.floor(Date.now() / 1000)) return kept.type === type ? kept.id : undefined;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      // Kept only with the expiry every token of ours has, and no `nbf` (which would need checking again).
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (this.verified.size >= KEPT_TOKENS) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { id, type: payload.token_type, exp: payload.exp });
      }
      return payload.token_type === type ? id : undefined;
    } catch {
      return undefined;
    }
  }
}
