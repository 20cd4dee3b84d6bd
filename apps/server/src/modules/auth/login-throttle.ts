import type { RateLimit } from '../../config.ts';
import type { SharedStore } from '../../lib/shared-store.ts';

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
 * The counts live in Redis when the instances share one (REDIS_URL: every instance sees the same
 * counts), else (and while Redis does not answer, with a warning) in this process, bounded to
 * `maxKeys` entries (oldest first out).
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
  private readonly shared: SharedStore | undefined;
  constructor(options: LoginThrottleOptions, shared?: SharedStore) {
    this.options = { baseDelayMs: 500, maxDelayMs: 8000, maxKeys: 100_000, ...options };
    this.shared = shared;
  }

  /** Whether `address` may try `account` now, and after what delay. */
  async check(address: string, account: string, now = Date.now()): Promise<LoginVerdict> {
    const [pair, total] = await this.windows(address, account, now);
    if (pair && pair.failures >= this.options.pair.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((pair.resetAt - now) / 1000)) };
    }
    const { max } = this.options.account;
    if (!total || total.failures < max) return { allowed: true, delayMs: 0 };
    const doublings = Math.min(16, Math.floor((total.failures - max) / max));
    return {
      allowed: true,
      delayMs: Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** doublings),
    };
  }

  async failed(address: string, account: string, now = Date.now()): Promise<void> {
    if (await this.sharedDo((s) => this.sharedFailed(s, address, account))) return;
    this.count(this.pairs, `${address} ${account}`, this.options.pair, now);
    this.count(this.accounts, account, this.options.account, now);
  }

  /** A successful sign-in clears the address's count for the account (not the account's total). */
  async succeeded(address: string, account: string): Promise<void> {
    if (await this.sharedDo((s) => s.delete(pairKey(address, account)))) return;
    this.pairs.delete(`${address} ${account}`);
  }

  private async windows(
    address: string,
    account: string,
    now: number,
  ): Promise<[Window | undefined, Window | undefined]> {
    let shared: [Window | undefined, Window | undefined] | undefined;
    const used = await this.sharedDo(async (s) => {
      const [pair, total] = await Promise.all([
        s.read(pairKey(address, account)),
        s.read(accountKey(account)),
      ]);
      const window = (c: { count: number; ttlMs: number }) =>
        c.count === 0 ? undefined : { failures: c.count, resetAt: now + c.ttlMs };
      shared = [window(pair), window(total)];
    });
    if (used && shared) return shared;
    return [this.live(this.pairs, `${address} ${account}`, now), this.live(this.accounts, account, now)];
  }

  private async sharedFailed(s: SharedStore, address: string, account: string): Promise<void> {
    await Promise.all([
      s.increment(pairKey(address, account), this.options.pair.windowSeconds * 1000),
      s.increment(accountKey(account), this.options.account.windowSeconds * 1000),
    ]);
  }

  /** Runs `work` on the shared store when there is one that answers; false when this process counts. */
  private async sharedDo(work: (store: SharedStore) => Promise<void>): Promise<boolean> {
    const store = this.shared;
    if (!store) return false;
    if (!store.available) {
      store.unavailable();
      return false;
    }
    try {
      await work(store);
      return true;
    } catch (error) {
      store.unavailable(error);
      return false;
    }
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

const pairKey = (address: string, account: string) => `storefront:login:pair:${address} ${account}`;
const accountKey = (account: string) => `storefront:login:account:${account}`;
