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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordProblems } from '../../lib/password-policy.ts';

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
      if (problems.length > 0) throw new HttpError(400, { password: problems });
      if (await app.users.findByUsername(body.username)) {
        throw new HttpError(400, { username: ['A user with that username already exists.'] });
      }
      const user = await app.users.create(body.username, email, await hashPassword(body.password));
      // Lost a race with an identical registration: the unique index decided.
      if (!user) throw new HttpError(400, { username: ['A user with that username already exists.'] });
      return reply.status(201).send({ id: user.id, username: user.username, email: user.email });
    },
  );

  app.post(
    '/auth/jwt/create/',
    {
      schema: { body: loginBodySchema, response: { 200: tokenPairSchema, ...errors } },
      preValidation: [app.limits.login, app.limits.login_user],
    },
    async (request) => {
      const { username, password } = request.body;
      const user = await app.users.findByUsername(username);
      // The same work and the same answer for an unknown user and a wrong password.
      const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !valid || user.is_active !== 1) throw new HttpError(401, NO_ACTIVE_ACCOUNT);
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
        throw new HttpError(401, 'Token is invalid or expired');
      return { access: await app.tokens.sign(id, 'access') };
    },
  );

  app.post(
    '/auth/jwt/verify/',
    { schema: { body: verifyBodySchema, response: { 200: z.object({}), ...errors } } },
    async (request) => {
      const token = request.body.token;
      const valid =
        (await app.tokens.verify(token, 'access')) !== undefined ||
        (await app.tokens.verify(token, 'refresh')) !== undefined;
      if (!valid) throw new HttpError(401, 'Token is invalid or expired');
      return {};
    },
  );
};
