import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../config.ts';
import { requestError } from '../errors.ts';
import { LoginThrottle } from '../../modules/auth/login-throttle.ts';
import type { SharedStore } from '../shared-store.ts';

/** The limits kept per client address by @fastify/rate-limit (the sign-in's own are LoginThrottle's). */
/** (`code_phone` is counted per phone by modules/auth/phone-codes.ts, not per address.) */
export type LimitName = Exclude<keyof RateLimits, 'login_user' | 'login_account' | 'code_phone'>;
export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** One shared limiter per kind of write, used by every language's routes (as preValidation hooks). */
    limits: Record<LimitName, LimitHook>;
    /** Failed sign-ins per address+account and per account; undefined when RATE_LIMITS=off. */
    loginThrottle: LoginThrottle | undefined;
  }
}

/** The answer to a client over a limit: 429 `{"detail", "code": "throttled"}` with Retry-After. */
export function throttled(reply: FastifyReply, seconds: number): Error {
  reply.header('retry-after', String(seconds));
  return requestError(429, 'throttled', `Request was throttled. Expected available in ${seconds} seconds.`);
}

/**
 * One limiter for each per-address limit of the configuration (@fastify/rate-limit). With a shared
 * store (REDIS_URL) the counts are kept in Redis by the library's Redis store, so several instances
 * count together; while Redis does not answer, each instance counts on its own (the library's memory
 * store, registered beside it) and says so in its log. They run before validation, so invalid
 * requests count too. Sign-in has, besides its per-address limit, the LoginThrottle (failures per
 * address+account and per account), which the login route consults once it has read the account.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits | 'off',
  shared?: SharedStore,
): Promise<void> {
  // Each store in a context of its own: the plugin decorates the instance it is registered on.
  const creators: {
    local?: FastifyInstance['createRateLimit'];
    shared?: FastifyInstance['createRateLimit'];
  } = {};
  await app.register(async (child) => {
    await child.register(rateLimitPlugin, { global: false });
    creators.local = child.createRateLimit.bind(child);
  });
  if (shared) {
    await app.register(async (child) => {
      await child.register(rateLimitPlugin, {
        global: false,
        redis: shared.redis,
        nameSpace: 'storefront:limit:',
        skipOnError: true,
      });
      creators.shared = child.createRateLimit.bind(child);
    });
  }
  const make = (name: LimitName): LimitHook => {
    if (limits === 'off') return async () => {};
    const { max, windowSeconds } = limits[name];
    const options = {
      max,
      timeWindow: windowSeconds * 1000,
      // One store serves every limiter: the name keeps their counts apart.
      keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
    };
    const local = creators.local!(options);
    const remote = creators.shared?.(options);
    return async (request, reply) => {
      let check = local;
      if (remote && shared) {
        if (shared.available) check = remote;
        else shared.unavailable();
      }
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw throttled(reply, result.ttlInSeconds);
    };
  };
  app.decorate('limits', {
    login: make('login'),
    register: make('register'),
    review: make('review'),
    order: make('order'),
    newsletter: make('newsletter'),
    code_address: make('code_address'),
    thread: make('thread'),
  });
  app.decorate(
    'loginThrottle',
    limits === 'off'
      ? undefined
      : new LoginThrottle({ pair: limits.login_user, account: limits.login_account }, shared),
  );
}
