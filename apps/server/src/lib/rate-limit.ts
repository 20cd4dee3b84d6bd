import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config.ts';
import { HttpError } from './errors.ts';
import { normalizeText } from './persian.ts';

export type LimitName = keyof RateLimits;
export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** One shared limiter per kind of write, used by every language's routes (as preValidation hooks). */
    limits: Record<LimitName, LimitHook>;
  }
}

const clientKey = (request: FastifyRequest) => request.ip;
const usernameKey = (request: FastifyRequest) => {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? normalizeText(username).replace(/[\s\-+]/g, '') : '';
};

/**
 * One limiter for each limit of the configuration, kept in @fastify/rate-limit's in-memory store:
 * per client address, and for sign-in also per username. They run before validation, so invalid
 * requests count too. Over the limit a client gets 429 `{"detail": …}` with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits | 'off'): Promise<void> {
  await app.register(rateLimitPlugin, { global: false });
  const make = (name: LimitName): LimitHook => {
    if (limits === 'off') return async () => {};
    const { max, windowSeconds } = limits[name];
    const key = name === 'login_user' ? usernameKey : clientKey;
    const check = app.createRateLimit({
      max,
      timeWindow: windowSeconds * 1000,
      // One store serves every limiter: the name keeps their counts apart.
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(
        429,
        `Request was throttled. Expected available in ${result.ttlInSeconds} seconds.`,
      );
    };
  };
  app.decorate('limits', {
    login: make('login'),
    login_user: make('login_user'),
    register: make('register'),
    review: make('review'),
    order: make('order'),
    newsletter: make('newsletter'),
  });
}
