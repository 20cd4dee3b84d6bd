import {
  NO_ACTIVE_ACCOUNT,
  accessTokenSchema,
  errorDetailSchema,
  fieldErrorsSchema,
  loginBodySchema,
  refreshBodySchema,
  registerBodySchema,
  tokenPairSchema,
  userSchema,
  verifyBodySchema,
} from '@storefront/contracts';
import { setTimeout } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, requestError } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblems } from './password-policy.ts';
import { throttled } from '../../lib/plugins/rate-limit.ts';

const usernameTaken = () =>
  fieldError({
    username: [{ code: 'username_taken', message: 'A user with that username already exists.' }],
  });

const errors = { 400: fieldErrorsSchema, 401: errorDetailSchema, 429: errorDetailSchema };

/** Registration and JWT sign-in under /{lang}/api/auth/. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/users/',
    {
      schema: { body: registerBodySchema, response: { 201: userSchema, ...errors } },
      preValidation: app.limits.register,
    },
    async (request, reply) => {
      const body = request.body;
      const email = (body.email || body['Email address']).toLowerCase();
      const problems = passwordProblems(body.password, body.username);
      if (problems.length > 0) throw fieldError({ password: problems });
      if (await app.users.findByUsername(body.username)) throw usernameTaken();
      const user = await app.users.create(body.username, email, await hashPassword(body.password));
      // Lost a race with an identical registration: the unique index decided.
      if (!user) throw usernameTaken();
      return reply.status(201).send({ id: user.id, username: user.username, email: user.email });
    },
  );

  app.post(
    '/auth/jwt/create/',
    {
      schema: { body: loginBodySchema, response: { 200: tokenPairSchema, ...errors } },
      preValidation: app.limits.login,
    },
    async (request, reply) => {
      // `username` is already the normalised phone (the body schema's normalizePhone): every spelling
      // of one phone is one account for the throttle as for the lookup.
      const { username, password } = request.body;
      const throttle = app.loginThrottle;
      const verdict = await throttle?.check(request.ip, username);
      if (verdict && !verdict.allowed) throw throttled(reply, verdict.retryAfterSeconds);
      if (verdict && verdict.delayMs > 0) await setTimeout(verdict.delayMs);
      const user = await app.users.findByUsername(username);
      // The same work and the same answer for an unknown user and a wrong password.
      const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !valid || user.is_active !== 1) {
        await throttle?.failed(request.ip, username);
        throw requestError(401, 'no_active_account', NO_ACTIVE_ACCOUNT);
      }
      await throttle?.succeeded(request.ip, username);
      return {
        access: await app.tokens.sign(user.id, 'access'),
        refresh: await app.tokens.sign(user.id, 'refresh'),
      };
    },
  );

  app.post(
    '/auth/jwt/refresh/',
    { schema: { body: refreshBodySchema, response: { 200: accessTokenSchema, ...errors } } },
    async (request) => {
      const id = await app.tokens.verify(request.body.refresh, 'refresh');
      if (id === undefined || !(await app.users.isActive(id)))
        throw requestError(401, 'token_not_valid', 'Token is invalid or expired');
      return { access: await app.tokens.sign(id, 'access') };
    },
  );

  app.post(
    '/auth/jwt/verify/',
    { schema: { body: verifyBodySchema, response: { 200: z.object({}), ...errors } } },
    async (request) => {
      const token = request.body.token;
      const id = (await app.tokens.verify(token, 'access')) ?? (await app.tokens.verify(token, 'refresh'));
      // A token of a removed or disabled user is no longer valid.
      if (id === undefined || !(await app.users.isActive(id)))
        throw requestError(401, 'token_not_valid', 'Token is invalid or expired');
      return {};
    },
  );
};
