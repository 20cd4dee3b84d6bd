import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

/** Signs and verifies the access and refresh tokens (HS256 JWTs whose subject is the user id). */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly lifetimes: Record<TokenType, number>;
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (payload.token_type !== type || !Number.isSafeInteger(id) || id <= 0) return undefined;
      return id;
    } catch {
      return undefined;
    }
  }
}
