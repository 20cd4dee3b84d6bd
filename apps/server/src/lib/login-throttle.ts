import type { RateLimit } from '../config.ts';

/**
 * Counts failed sign-ins, to throttle password guessing without handing a stranger a way to lock a
 * customer out. The account is the phone as login reads it (contracts' `normalizePhone`, the same
 * function that normalises the login body), so every spelling of one phone (`09121234567`,
 * `+989121234567`, `00989121234567`, `0912-123-4567`, Persian digits) is one account here.
 *
 * Two counts of failures in fixed windows (docs/server.md, "Sign-in throttling"):
 * - per address and account (`pair`): after `pair.max` failures from one address on one account,
 *   that address may not try that account again until the window ends (429 with Retry-After).
 *   A success from the address clears its count. Other addresses are not affected.
 * - per account, from every address (`account`): past `account.max` failures, every further attempt
 *   on the account is slowed (answered after a delay that grows with the failures, up to
 *   `maxDelayMs`), never refused, so that the owner who knows the password still gets in while a
 *   distributed guesser gets few guesses per second.
 * The address-wide limit (`login` in RATE_LIMITS) is kept by @fastify/rate-limit before this.
 *
 * The counts live in this process, bounded to `maxKeys` entries (oldest first out).
 */
export interface LoginThrottleOptions {
  pair: RateLimit;
  account: RateLimit;
  /** Delay of the first attempt past the account's ceiling; doubles every `account.max` failures. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxKeys?: number;
}

interface Window {
  failures: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export type LoginVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly pairs = new Map<string, Window>();
  private readonly accounts = new Map<string, Window>();
  private readonly options: Required<LoginThrottleOptions>;
  constructor(options: LoginThrottleOptions) {
    this.options = { baseDelayMs: 500, maxDelayMs: 8000, maxKeys: 100_000, ...options };
  }

  /** Whether `address` may try `account` now, and after what delay. */
  check(address: string, account: string, now = Date.now()): LoginVerdict {
    const pair = this.live(this.pairs, `${address} ${account}`, now);
    if (pair && pair.failures >= this.options.pair.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((pair.resetAt - now) / 1000)) };
    }
    const total = this.live(this.accounts, account, now);
    const { max } = this.options.account;
    if (!total || total.failures < max) return { allowed: true, delayMs: 0 };
    const doublings = Math.min(16, Math.floor((total.failures - max) / max));
    return {
      allowed: true,
      delayMs: Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** doublings),
    };
  }

  failed(address: string, account: string, now = Date.now()): void {
    this.count(this.pairs, `${address} ${account}`, this.options.pair, now);
    this.count(this.accounts, account, this.options.account, now);
  }

  /** A successful sign-in clears the address's count for the account (not the account's total). */
  succeeded(address: string, account: string): void {
    this.pairs.delete(`${address} ${account}`);
  }

  private live(map: Map<string, Window>, key: string, now: number): Window | undefined {
    const entry = map.get(key);
    if (entry && entry.resetAt <= now) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private count(map: Map<string, Window>, key: string, limit: RateLimit, now: number): void {
    const entry = this.live(map, key, now);
    if (entry) {
      entry.failures += 1;
      return;
    }
    map.set(key, { failures: 1, resetAt: now + limit.windowSeconds * 1000 });
    while (map.size > this.options.maxKeys) {
      const oldest = map.keys().next();
      if (oldest.done) break;
      map.delete(oldest.value);
    }
  }
}
