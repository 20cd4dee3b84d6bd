import { rememberStaffOrigin } from '../outbox/link-base.ts';
import crypto from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import {
  acceptInviteBodySchema,
  inviteSchema,
  passwordBodySchema,
  recoveryCodesSchema,
  sessionInfoSchema,
  sessionSchema,
  setupBodySchema,
  setupStatusSchema,
  signInBodySchema,
  totpCodeBodySchema,
  totpSetupSchema,
  type StaffRole,
} from '@storefront/contracts/admin';
import { errorDetailSchema } from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as OTPAuth from 'otpauth';
import { z } from 'zod';
import { fieldError, requestError } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { throttled } from '../../lib/plugins/rate-limit.ts';
import { ALL_ROLES, clearSessionCookie, setSessionCookie, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { staffView, tokenHash, type StaffRepository, type StaffRow } from './staff-repository.ts';
import { adminErrors } from './route-schemas.ts';

/**
 * Staff sign-in and their own account under /admin/api: first-owner setup by one-time link, sign-in
 * (password, then the TOTP code when the account has two-factor sign-in), the session, sign-out
 * (here or everywhere), the list of sessions, TOTP enrolment with recovery codes, accepting an
 * invitation.
 */

const errors = { ...adminErrors, 429: errorDetailSchema };
const RECOVERY_CODES = 10;

export function totpOf(row: Pick<StaffRow, 'email'>, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Storefront',
    label: row.email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

const emailTaken = () =>
  fieldError({
    email: [{ code: 'email_taken', message: 'A staff account with this email already exists.' }],
  });

export const adminAuthRoutes: FastifyPluginAsyncZod<{ staff: StaffRepository }> = async (app, { staff }) => {
  const startSession = async (request: FastifyRequest, reply: FastifyReply, row: StaffRow) => {
    // The origin staff use: the base of links in notification mail when PUBLIC_URL is not set.
    if (!app.config.publicUrl)
      await rememberStaffOrigin(app.database.db, `${request.protocol}://${request.host}`);
    const token = await staff.startSession(row.id, request.ip, request.headers['user-agent'] ?? '');
    setSessionCookie(request, reply, token);
    const session = await staff.session(token);
    if (!session) throw new Error('the new session is not there');
    return { staff: staffView(session.staff), csrf_token: session.csrf_token };
  };

  app.get(
    '/setup',
    { config: { roles: 'public' }, schema: { response: { 200: setupStatusSchema } } },
    async () => ({ needed: (await staff.count()) === 0 }),
  );

  app.post(
    '/setup',
    {
      config: { roles: 'public' },
      schema: { body: setupBodySchema, response: { 201: sessionSchema, ...errors } },
      preValidation: app.limits.login,
    },
    async (request, reply) => {
      const { token, email, name, password } = request.body;
      const link = await staff.link(token, 'setup');
      if (!link || (await staff.count()) > 0) {
        throw requestError(404, 'link_not_valid', 'This setup link is not valid any more.');
      }
      if (!(await staff.useLink(link.id))) {
        throw requestError(404, 'link_not_valid', 'This setup link is not valid any more.');
      }
      const row = await staff.create({
        email,
        name,
        passwordHash: await hashPassword(password),
        role: 'owner',
      });
      if (!row) throw emailTaken();
      const session = await startSession(request, reply, row);
      await recordAudit(app.database.db, row, {
        action: 'setup',
        entity: 'staff',
        entityId: row.id,
        summary: { email, role: 'owner' },
      });
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/session',
    {
      config: { roles: 'public' },
      schema: { body: signInBodySchema, response: { 200: sessionSchema, ...errors } },
      preValidation: app.limits.login,
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const account = `staff:${email}`;
      const throttle = app.loginThrottle;
      const verdict = await throttle?.check(request.ip, account);
      if (verdict && !verdict.allowed) throw throttled(reply, verdict.retryAfterSeconds);
      if (verdict && verdict.delayMs > 0) await setTimeout(verdict.delayMs);
      const row = await staff.findByEmail(email);
      const valid = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
      if (!row || !valid || row.is_active !== 1) {
        await throttle?.failed(request.ip, account);
        throw requestError(
          401,
          'no_active_account',
          'The email or the password is wrong, or the account is disabled.',
        );
      }
      if (row.totp_enabled === 1 && row.totp_secret) {
        if (!code) throw requestError(401, 'totp_required', 'Enter the code from your authenticator app.');
        if (!(await checkSecondFactor(row, code))) {
          await throttle?.failed(request.ip, account);
          throw requestError(401, 'totp_invalid', 'The code is wrong or has been used.');
        }
      }
      await throttle?.succeeded(request.ip, account);
      return startSession(request, reply, row);
    },
  );

  /** A TOTP code (±30 s) or an unused recovery code, which is then spent. */
  async function checkSecondFactor(row: StaffRow, code: string): Promise<boolean> {
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits))
      return totpOf(row, row.totp_secret!).validate({ token: digits, window: 1 }) !== null;
    const hashes = JSON.parse(row.recovery_codes) as string[];
    const hash = tokenHash(digits.toUpperCase().replace(/-/g, ''));
    if (!hashes.includes(hash)) return false;
    await staff.update(row.id, { recovery_codes: JSON.stringify(hashes.filter((h) => h !== hash)) });
    return true;
  }

  app.get(
    '/session',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: sessionSchema, ...errors } } },
    async (request) => {
      const session = staffOf(request);
      return { staff: staffView(session.staff), csrf_token: session.csrf_token };
    },
  );

  app.delete(
    '/session',
    { config: { roles: ALL_ROLES }, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const session = staffOf(request);
      await staff.endSession(session.staff.id, session.id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: z.array(sessionInfoSchema), ...errors } } },
    async (request) => {
      const session = staffOf(request);
      const rows = await staff.sessionsOf(session.staff.id);
      return rows.map((r) => ({ ...r, current: r.id === session.id }));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { roles: ALL_ROLES },
      schema: { params: z.object({ id: z.string().max(100) }), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const session = staffOf(request);
      // A session's id is the SHA-256 (hex) of its token: anything else names none.
      if (
        !/^[0-9a-f]{64}$/.test(request.params.id) ||
        !(await staff.endSession(session.staff.id, request.params.id))
      ) {
        throw requestError(404, 'not_found', 'No such session.');
      }
      if (request.params.id === session.id) clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  /** Sign out everywhere: every session of this staff member ends, this one too. */
  app.delete(
    '/sessions',
    { config: { roles: ALL_ROLES }, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const session = staffOf(request);
      await staff.endAllSessions(session.staff.id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  // ---- two-factor sign-in ------------------------------------------------------------------------

  app.post(
    '/totp/setup',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: totpSetupSchema, ...errors } } },
    async (request) => {
      const { staff: row } = staffOf(request);
      if (row.totp_enabled === 1) throw requestError(400, 'bad_request', 'Two-factor sign-in is already on.');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await staff.update(row.id, { totp_secret: secret });
      return { secret, uri: totpOf(row, secret).toString() };
    },
  );

  app.post(
    '/totp/enable',
    {
      config: { roles: ALL_ROLES },
      schema: { body: totpCodeBodySchema, response: { 200: recoveryCodesSchema, ...errors } },
    },
    async (request) => {
      const session = staffOf(request);
      const row = await staff.findById(session.staff.id);
      if (!row?.totp_secret || row.totp_enabled === 1) {
        throw requestError(400, 'bad_request', 'Start two-factor set-up first.');
      }
      if (totpOf(row, row.totp_secret).validate({ token: request.body.code, window: 1 }) === null) {
        throw fieldError({ code: [{ code: 'invalid', message: 'The code is wrong: try the current one.' }] });
      }
      const codes = Array.from({ length: RECOVERY_CODES }, () =>
        crypto.randomBytes(5).toString('hex').toUpperCase(),
      );
      await staff.update(row.id, {
        totp_enabled: 1,
        recovery_codes: JSON.stringify(codes.map((c) => tokenHash(c))),
      });
      await recordAudit(app.database.db, session.staff, {
        action: 'totp_on',
        entity: 'staff',
        entityId: row.id,
        summary: {},
      });
      return { recovery_codes: codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`) };
    },
  );

  app.post(
    '/totp/disable',
    {
      config: { roles: ALL_ROLES },
      schema: { body: passwordBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const session = staffOf(request);
      const row = await staff.findById(session.staff.id);
      if (!row || !(await verifyPassword(request.body.password, row.password_hash))) {
        throw fieldError({ password: [{ code: 'invalid', message: 'The password is wrong.' }] });
      }
      await staff.update(row.id, { totp_enabled: 0, totp_secret: null, recovery_codes: '[]' });
      await recordAudit(app.database.db, session.staff, {
        action: 'totp_off',
        entity: 'staff',
        entityId: row.id,
        summary: {},
      });
      return reply.status(204).send(null);
    },
  );

  // ---- invitations -------------------------------------------------------------------------------

  const tokenParams = z.object({ token: z.string().min(1).max(100) });

  app.get(
    '/invites/:token',
    {
      config: { roles: 'public' },
      schema: { params: tokenParams, response: { 200: inviteSchema, ...errors } },
    },
    async (request) => {
      const link = await staff.link(request.params.token, 'invite');
      if (!link) throw requestError(404, 'link_not_valid', 'This invitation is not valid any more.');
      return { email: link.email, role: link.role as StaffRole, expires_at: link.expires_at };
    },
  );

  app.post(
    '/invites/:token',
    {
      config: { roles: 'public' },
      schema: {
        params: tokenParams,
        body: acceptInviteBodySchema,
        response: { 201: sessionSchema, ...errors },
      },
      preValidation: app.limits.login,
    },
    async (request, reply) => {
      const link = await staff.link(request.params.token, 'invite');
      if (!link || !(await staff.useLink(link.id))) {
        throw requestError(404, 'link_not_valid', 'This invitation is not valid any more.');
      }
      const row = await staff.create({
        email: link.email,
        name: request.body.name,
        passwordHash: await hashPassword(request.body.password),
        role: link.role as StaffRole,
      });
      if (!row) throw emailTaken();
      const session = await startSession(request, reply, row);
      await recordAudit(app.database.db, row, {
        action: 'accept_invite',
        entity: 'staff',
        entityId: row.id,
        summary: { email: row.email, role: row.role },
      });
      return reply.status(201).send(session);
    },
  );
};
