import { CODE_COOLDOWN_SECONDS } from '@storefront/contracts';
import type { RateLimit } from '../../config.ts';
import type { SharedStore } from '../../lib/shared-store.ts';

/**
 * How often a one-time code may be sent to one phone, whoever asks (the per-address limit,
 * `code_address`, is @fastify/rate-limit's, before the route): nobody may use the store to bomb a
 * stranger's phone with texts.
 *
 * - The cool-down: one code per CODE_COOLDOWN_SECONDS to a phone, whatever its purpose. It is kept
 *   even with RATE_LIMITS=off, because it protects the phone's owner rather than the server.
 * - The window (`code_phone` in RATE_LIMITS): at most `max` codes to a phone per window; off with
 *   RATE_LIMITS=off.
 *
 * Both are counted when the code is asked for, whether or not an account has the phone (the answer
 * must not tell), in Redis when the instances share one (REDIS_URL), else (and while Redis does not
 * answer, with a warning) in this process, bounded to `maxKeys` entries per count (oldest first out).
 */
export type CodeVerdict =
  { allowed: true } | { allowed: false; code: 'code_cooldown' | 'throttled'; retryAfterSeconds: number };

interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface CodeLimitsOptions {
  /** The per-phone window; undefined when RATE_LIMITS=off (the cool-down stays). */
  phone: RateLimit | undefined;
  cooldownSeconds?: number;
  maxKeys?: number;
  /** The prefix of the keys in Redis (a test may keep its own). */
  keyPrefix?: string;
}

export class CodeLimits {
  private readonly cooldowns = new Map<string, Window>();
  private readonly windows = new Map<string, Window>();
  private readonly phone: RateLimit | undefined;
  private readonly cooldownMs: number;
  private readonly maxKeys: number;
  private readonly prefix: string;
  private readonly shared: SharedStore | undefined;

  constructor(options: CodeLimitsOptions, shared?: SharedStore) {
    this.phone = options.phone;
    this.cooldownMs = (options.cooldownSeconds ?? CODE_COOLDOWN_SECONDS) * 1000;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.prefix = options.keyPrefix ?? 'storefront:code:';
    this.shared = shared;
  }

  /**
   * Counts one code asked for `phone` now and says whether it may be sent. A refused ask during the
   * cool-down does not count toward the window (nothing was sent), and never lengthens the cool-down.
   */
  async take(phone: string, now = Date.now()): Promise<CodeVerdict> {
    const cooldown = await this.increment('cooldown', phone, this.cooldownMs, now);
    if (cooldown.count > 1) return refused('code_cooldown', cooldown.ttlMs);
    if (!this.phone) return { allowed: true };
    const window = await this.increment('phone', phone, this.phone.windowSeconds * 1000, now);
    if (window.count > this.phone.max) return refused('throttled', window.ttlMs);
    return { allowed: true };
  }

  /** The Redis keys of a phone (for tests that share a Redis with other runs). */
  keysOf(phone: string): string[] {
    return [`${this.prefix}cooldown:${phone}`, `${this.prefix}phone:${phone}`];
  }

  private async increment(
    count: 'cooldown' | 'phone',
    phone: string,
    windowMs: number,
    now: number,
  ): Promise<{ count: number; ttlMs: number }> {
    const store = this.shared;
    if (store) {
      if (store.available) {
        try {
          return await store.increment(`${this.prefix}${count}:${phone}`, windowMs);
        } catch (error) {
          store.unavailable(error);
        }
      } else {
        store.unavailable();
      }
    }
    return this.local(count === 'cooldown' ? this.cooldowns : this.windows, phone, windowMs, now);
  }

  private local(
    map: Map<string, Window>,
    key: string,
    windowMs: number,
    now: number,
  ): { count: number; ttlMs: number } {
    let entry = map.get(key);
    if (entry && entry.resetAt <= now) {
      map.delete(key);
      entry = undefined;
    }
    if (entry) {
      entry.count += 1;
    } else {
      entry = { count: 1, resetAt: now + windowMs };
      map.set(key, entry);
      while (map.size > this.maxKeys) {
        const oldest = map.keys().next();
        if (oldest.done) break;
        map.delete(oldest.value);
      }
    }
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }
}

function refused(code: 'code_cooldown' | 'throttled', ttlMs: number): CodeVerdict {
  return { allowed: false, code, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
}
