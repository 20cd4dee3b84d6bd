import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { UsersRepository } from './repository.ts';
import { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    users: UsersRepository;
    /** The signed-in user's id, or undefined for a visitor (absent, `null` or invalid token). */
    viewerId(request: FastifyRequest): Promise<number | undefined>;
    /** The signed-in user's id; answers 401 without a valid token of an active user. */
    requireUser(request: FastifyRequest): Promise<number>;
  }
}

const NOT_PROVIDED = 'Authentication credentials were not provided.';
const NOT_VALID = 'Given token not valid for any token type';

/**
 * The bearer token of a request; undefined for none (the storefront sends the literal `null`). A
 * request without one is a visitor's; one with a token is a signed-in user's only once it verifies.
 */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || match[1] === 'null' || match[1] === 'undefined') return undefined;
  return match[1];
}

const viewerCache = new WeakMap<FastifyRequest, Promise<number | undefined>>();

/** Decorates the app with the token service, the users repository and the viewer helpers. */
export function registerAuth(app: FastifyInstance): void {
  const { config } = app;
  const tokens = new TokenService(
    resolveJwtSecret(config.jwtSecret, config.dataDir),
    config.jwtAccessLifetime,
    config.jwtRefreshLifetime,
  );
  app.decorate('tokens', tokens);
  app.decorate('users', new UsersRepository(app.database.db));

  app.decorate('viewerId', (request: FastifyRequest) => {
    let cached = viewerCache.get(request);
    if (!cached) {
      const token = bearer(request);
      cached = token ? tokens.verify(token, 'access') : Promise.resolve(undefined);
      viewerCache.set(request, cached);
    }
    return cached;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!bearer(request)) {
      throw new HttpError(
        401,
        header && !/^(Bearer\s+)?null$/i.test(header.trim()) ? NOT_VALID : NOT_PROVIDED,
      );
    }
    const id = await app.viewerId(request);
    if (id === undefined || !(await app.users.isActive(id))) throw new HttpError(401, NOT_VALID);
    return id;
  });
}
