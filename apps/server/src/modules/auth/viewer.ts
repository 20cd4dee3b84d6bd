import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestError } from '../../lib/errors.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { registerPhoneCodes } from './phone-codes.ts';
import { UsersRepository } from './repository.ts';
import { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    users: UsersRepository;
    /**
     * The signed-in user's id, or undefined for a visitor: no token (or `null`), or a token that is
     * not valid (bad signature, expired, a removed or disabled user). For reads, which show a
     * visitor's view then (no supplier phone).
     */
    viewerId(request: FastifyRequest): Promise<number | undefined>;
    /** The signed-in user's id; 401 without a token, or with one that is not a valid token of an active user. */
    requireUser(request: FastifyRequest): Promise<number>;
    /**
     * For writes open to visitors that record who sent them (order requests): undefined without a
     * token; with a token, its active user's id, or 401 `token_not_valid` (the client then knows its
     * token is dead and can send again without it; nothing is stored under a user that is gone).
     */
    optionalUser(request: FastifyRequest): Promise<number | undefined>;
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

/** Decorates the app with the token service, the users repository, one-time codes and the viewer helpers. */
export function registerAuth(app: FastifyInstance): void {
  const { config } = app;
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = new TokenService(secret, config.jwtAccessLifetime, config.jwtRefreshLifetime);
  app.decorate('tokens', tokens);
  app.decorate('users', new UsersRepository(app.database.db));
  registerPhoneCodes(app, secret);

  const users = app.users;
  const activeUser = async (token: string) => {
    const id = await tokens.verify(token, 'access');
    return id !== undefined && (await users.isActive(id)) ? id : undefined;
  };

  app.decorate('viewerId', (request: FastifyRequest) => {
    let cached = viewerCache.get(request);
    if (!cached) {
      const token = bearer(request);
      cached = token ? activeUser(token) : Promise.resolve(undefined);
      viewerCache.set(request, cached);
    }
    return cached;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!bearer(request)) {
      throw header && !/^(Bearer\s+)?null$/i.test(header.trim())
        ? requestError(401, 'token_not_valid', NOT_VALID)
        : requestError(401, 'not_authenticated', NOT_PROVIDED);
    }
    const id = await app.viewerId(request);
    if (id === undefined) throw requestError(401, 'token_not_valid', NOT_VALID);
    return id;
  });

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    if (!bearer(request)) return undefined;
    const id = await app.viewerId(request);
    if (id === undefined) throw requestError(401, 'token_not_valid', NOT_VALID);
    return id;
  });
}
