import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL) that several instances of the server share for their limits.
 * Commands never wait for a connection that is down (no offline queue, no retry per command): a
 * caller sees `available` false, or a failed command, and falls back to its own process's counts,
 * with a warning in the log (at most one a minute). Redis comes back on its own (ioredis reconnects).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Redis shared by the instances (REDIS_URL); undefined: this process counts on its own. */
    sharedStore: SharedStore | undefined;
  }
}

export class SharedStore {
  readonly redis: Redis;
  private readonly log: FastifyBaseLogger;
  private warnedAt = 0;
  constructor(url: string, log: FastifyBaseLogger) {
    this.log = log;
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: 500,
      lazyConnect: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Connection errors are reported by `unavailable` when they matter, not thrown.
    this.redis.on('error', () => {});
  }

  /** true when commands can be sent now. */
  get available(): boolean {
    return this.redis.status === 'ready';
  }

  /** Logs (at most once a minute) that this instance counts on its own for now. */
  unavailable(error?: unknown): void {
    const now = Date.now();
    if (now - this.warnedAt < 60_000) return;
    this.warnedAt = now;
    this.log.warn(
      { err: error, status: this.redis.status },
      'Redis is unavailable: limits are counted per instance until it answers again',
    );
  }

  /** Adds one to `key` (its window starting at the first count) and answers the count and the ms left. */
  async increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const result = await this.redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
    if (!result) throw new Error('Redis transaction aborted');
    const [[incrError, count], , [ttlError, ttl]] = result as [
      [Error | null, number],
      unknown,
      [Error | null, number],
    ];
    if (incrError ?? ttlError) throw incrError ?? ttlError;
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  /** The count of `key` and the ms left in its window (0 and 0 when there is none). */
  async read(key: string): Promise<{ count: number; ttlMs: number }> {
    const result = await this.redis.multi().get(key).pttl(key).exec();
    if (!result) throw new Error('Redis transaction aborted');
    const [[getError, value], [ttlError, ttl]] = result as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    if (getError ?? ttlError) throw getError ?? ttlError;
    return value === null
      ? { count: 0, ttlMs: 0 }
      : { count: Number(value), ttlMs: Math.max(0, Number(ttl)) };
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
