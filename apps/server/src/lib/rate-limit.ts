import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config.ts';
import { requestError } from './errors.ts';
import { LoginThrottle } from './login-throttle.ts';

/** The limits kept per client address by @fastify/rate-limit (the sign-in's own are LoginThrottle's). */
export type LimitName = Exclude<keyof RateLimits, 'login_user' | 'login_account'>;
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
 * One limiter for each per-address limit of the configuration, kept in @fastify/rate-limit's
 * in-memory store. They run before validation, so invalid requests count too. Sign-in has, besides
 * its per-address limit, the LoginThrottle (failures per address+account and per account), which
 * the login route consults once it has read the account from the body.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits | 'off'): Promise<void> {
  await app.register(rateLimitPlugin, { global: false });
  const make = (name: LimitName): LimitHook => {
    if (limits === 'off') return async () => {};
    const { max, windowSeconds } = limits[name];
    const check = app.createRateLimit({
      max,
      timeWindow: windowSeconds * 1000,
      // One store serves every limiter: the name keeps their counts apart.
      keyGenerator: (request) => `${name}:${request.ip}`,
    });
    return async (request, reply) => {
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
  });
  app.decorate(
    'loginThrottle',
    limits === 'off'
      ? undefined
      : new LoginThrottle({ pair: limits.login_user, account: limits.login_account }),
  );
}
