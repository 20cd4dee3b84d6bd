import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../src/config.ts';

/**
 * Rate limits small enough for a test to reach: each limit allows `max` requests a minute, except
 * those given in `except` (their own number a minute).
 */
export function limitsPerMinute(
  max: number,
  except: Partial<Record<keyof RateLimits, number>> = {},
): RateLimits {
  const names = Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimits)[];
  return Object.fromEntries(
    names.map((name) => [name, { max: except[name] ?? max, windowSeconds: 60 }]),
  ) as unknown as RateLimits;
}
