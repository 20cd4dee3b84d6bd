import {
  NO_ACTIVE_ACCOUNT,
  accessTokenSchema,
  activateBodySchema,
  authOptionsSchema,
  codeLoginBodySchema,
  codeSentSchema,
  cooldownSchema,
  CODE_COOLDOWN_SECONDS,
  CODE_LENGTH,
  errorDetailSchema,
  fieldErrorsSchema,
  loginBodySchema,
  passwordResetBodySchema,
  refreshBodySchema,
  registerBodySchema,
  registeredUserSchema,
  sendCodeBodySchema,
  tokenPairSchema,
  verifyBodySchema,
  type CodePurpose,
} from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, detailedError, fieldError, requestError } from '../../lib/errors.ts';
import { languageOfTag } from '../../lib/language.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblems } from './password-policy.ts';
import { PhoneCodes } from './phone-codes.ts';
import type { UserRow } from './repository.ts';
import { throttled } from '../../lib/plugins/rate-limit.ts';

const usernameTaken = () =>
  fieldError({
    username: [{ code: 'username_taken', message: 'A user with that username already exists.' }],
  });

const codeInvalid = () =>
  requestError(
    400,
    'code_invalid',
    'The code is not valid: it is wrong, used or expired. Ask for a new one.',
  );

const errors = { 400: fieldErrorsSchema, 401: errorDetailSchema, 429: errorDetailSchema };
const codeErrors = {
  400: z.union([fieldErrorsSchema, errorDetailSchema]),
  429: z.union([cooldownSchema, errorDetailSchema]),
};

/** A 429 for a phone's code limits: the body says how long to wait, as the Retry-After header does. */
function codeRefused(reply: FastifyReply, code: 'code_cooldown' | 'throttled', seconds: number): HttpError {
  reply.header('retry-after', String(seconds));
  const detail =
    code === 'code_cooldown'
      ? `A code was sent to this phone a moment ago. Ask again in ${seconds} seconds.`
      : `Too many codes were asked for this phone. Ask again in ${seconds} seconds.`;
  return detailedError(429, code, detail, { retry_after: seconds });
}

/**
 * Which accounts a code of each purpose is sent to: registering, an account that waits for its code;
 * signing in, an active account that proved its phone; a reset, any active account (the reset proves
 * the phone too, so it also finishes a registration).
 */
function eligible(user: UserRow | undefined, purpose: CodePurpose): user is UserRow {
  if (!user || user.is_active !== 1) return false;
  if (purpose === 'register') return user.verification_pending === 1;
  if (purpose === 'login') return user.verification_pending !== 1;
  return true;
}

/** Registration, JWT sign-in and one-time codes (issue 24) under /{lang}/api/auth/. */
export const authRoutes: FastifyPluginAsyncZod<{ lang?: string; prefix?: string }> = async (app, options) => {
  // The language of the texts this instance sends (the SMS's template): the prefix's, /{lang}/api.
  const language =
    options.lang ??
    languageOfTag(/^\/([^/]+)\/api/.exec(options.prefix ?? '')?.[1] ?? '') ??
    app.config.defaultLanguage;
  const db = app.database.db;

  const tokensFor = async (id: number) => ({
    access: await app.tokens.sign(id, 'access'),
    refresh: await app.tokens.sign(id, 'refresh'),
  });

  /** The per-address limit of codes (`code_address`), with the seconds to wait in the body too. */
  const codeAddressLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.limits.code_address(request, reply);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      const seconds = Number(reply.getHeader('retry-after')) || CODE_COOLDOWN_SECONDS;
      throw detailedError(429, 'throttled', error.message, { retry_after: seconds });
    }
  };

  /** Counts a code asked for `phone`; 429 when the phone's cool-down or window refuses it. */
  const takePhoneLimit = async (reply: FastifyReply, phone: string) => {
    const verdict = await app.phoneCodes.limits.take(phone);
    if (!verdict.allowed) throw codeRefused(reply, verdict.code, verdict.retryAfterSeconds);
  };

  const notConfigured = () =>
    requestError(409, 'sms_not_configured', 'Codes cannot be sent: SMS is not set up on this store.');

  app.get('/auth/options/', { schema: { response: { 200: authOptionsSchema } } }, async () => ({
    sms_codes: await app.channels.codesEnabled(),
    code_length: CODE_LENGTH,
    cooldown_seconds: CODE_COOLDOWN_SECONDS,
  }));

  app.post(
    '/auth/users/',
    {
      schema: { body: registerBodySchema, response: { 201: registeredUserSchema, ...errors, ...codeErrors } },
      preValidation: app.limits.register,
    },
    async (request, reply) => {
      const body = request.body;
      const username = body.username;
      const email = (body.email || body['Email address']).toLowerCase();
      const problems = passwordProblems(body.password, username);
      if (problems.length > 0) throw fieldError({ password: problems });
      const existing = await app.users.findByUsername(username);
      // An account that never proved its phone does not hold it: registering again replaces it, so
      // nobody can keep a stranger's number by registering it first.
      if (existing && existing.verification_pending !== 1) throw usernameTaken();
      const codes = await app.channels.codesEnabled();
      if (codes) {
        await codeAddressLimit(request, reply);
        await takePhoneLimit(reply, username);
      }
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction().execute(async (trx) => {
        const row = existing
          ? await app.users.replacePending(existing.id, email, passwordHash, codes, trx)
          : await app.users.create(username, email, passwordHash, { pending: codes, db: trx });
        // Lost a race with another registration (or an activation): the unique index decided.
        if (!row) throw usernameTaken();
        if (codes) await app.phoneCodes.issue(trx, username, 'register', language);
        return row;
      });
      if (!codes) return reply.status(201).send({ id: user.id, username: user.username, email: user.email });
      app.outbox.kick();
      return reply.status(201).send({
        id: user.id,
        username: user.username,
        email: user.email,
        verification: PhoneCodes.sent(),
      });
    },
  );

  app.post(
    '/auth/codes/',
    {
      schema: {
        body: sendCodeBodySchema,
        response: { 202: codeSentSchema, 409: errorDetailSchema, ...codeErrors },
      },
      preValidation: codeAddressLimit,
    },
    async (request, reply) => {
      const { username, purpose } = request.body;
      if (!(await app.channels.codesEnabled())) throw notConfigured();
      await takePhoneLimit(reply, username);
      // The same answer and the same limits whether or not a code is sent: nobody learns here who
      // has an account. A code is sent only where it can be used.
      const user = await app.users.findByUsername(username);
      if (eligible(user, purpose)) {
        await db.transaction().execute((trx) => app.phoneCodes.issue(trx, username, purpose, language));
        app.outbox.kick();
      }
      return reply.status(202).send(PhoneCodes.sent());
    },
  );

  app.post(
    '/auth/users/activate/',
    {
      schema: { body: activateBodySchema, response: { 200: tokenPairSchema, ...codeErrors } },
      preValidation: app.limits.login,
    },
    async (request) => {
      const { username, otp: code } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        if (!(await app.phoneCodes.consume(trx, username, 'register', code))) return undefined;
        const user = await app.users.findByUsername(username, trx);
        if (!eligible(user, 'register')) return undefined;
        await app.users.verified(user.id, trx);
        return user.id;
      });
      if (id === undefined) throw codeInvalid();
      return tokensFor(id);
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
      // Said only to whoever knows the password: the registration is not finished until the code
      // texted to the phone comes back (the dialog offers to send a new one).
      if (user.verification_pending === 1) {
        throw requestError(
          401,
          'phone_not_verified',
          'This phone number is not verified yet. Enter the code sent to it to finish registering.',
        );
      }
      return tokensFor(user.id);
    },
  );

  app.post(
    '/auth/jwt/code/',
    {
      schema: {
        body: codeLoginBodySchema,
        response: { 200: tokenPairSchema, ...codeErrors, 429: errorDetailSchema },
      },
      preValidation: app.limits.login,
    },
    async (request, reply) => {
      const { username, otp: code } = request.body;
      // A code is a password that lasts three minutes: its tries count as sign-in failures too.
      const throttle = app.loginThrottle;
      const verdict = await throttle?.check(request.ip, username);
      if (verdict && !verdict.allowed) throw throttled(reply, verdict.retryAfterSeconds);
      if (verdict && verdict.delayMs > 0) await setTimeout(verdict.delayMs);
      const id = await db.transaction().execute(async (trx) => {
        if (!(await app.phoneCodes.consume(trx, username, 'login', code))) return undefined;
        const user = await app.users.findByUsername(username, trx);
        return eligible(user, 'login') ? user.id : undefined;
      });
      if (id === undefined) {
        await throttle?.failed(request.ip, username);
        throw codeInvalid();
      }
      await throttle?.succeeded(request.ip, username);
      return tokensFor(id);
    },
  );

  app.post(
    '/auth/password/reset/',
    {
      schema: { body: passwordResetBodySchema, response: { 200: tokenPairSchema, ...codeErrors } },
      preValidation: app.limits.login,
    },
    async (request) => {
      const { username, otp: code, password } = request.body;
      // Checked before the code is spent, so that a weak password can be fixed with the same code.
      const problems = passwordProblems(password, username);
      if (problems.length > 0) throw fieldError({ password: problems });
      // No live code, no hashing: a wrong phone costs the server nothing.
      if (!(await app.phoneCodes.hasLive(db, username, 'reset'))) throw codeInvalid();
      const passwordHash = await hashPassword(password);
      const id = await db.transaction().execute(async (trx) => {
        if (!(await app.phoneCodes.consume(trx, username, 'reset', code))) return undefined;
        const user = await app.users.findByUsername(username, trx);
        if (!eligible(user, 'reset')) return undefined;
        await app.users.resetPassword(user.id, passwordHash, trx);
        return user.id;
      });
      if (id === undefined) throw codeInvalid();
      return tokensFor(id);
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
