import crypto from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { CSRF_HEADER, rolesThatMay, STAFF_SESSION_COOKIE, type StaffRole } from '@storefront/contracts/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestError } from '../../lib/errors.ts';
import { SESSION_IDLE_MS, type SessionRow, type StaffRepository } from './staff-repository.ts';

/**
 * Who may use a back-office route, checked before anything else of the request is read: the route
 * declares `config: { roles }` (the roles that may use it, or 'public' for the sign-in and one-time
 * link routes); a request without a live session is answered 401, one whose role is not listed 403.
 * Every write (POST, PUT, PATCH, DELETE) of a signed-in staff member carries the session's CSRF
 * token in the X-CSRF-Token header, and a write that names an Origin must name this server's:
 * otherwise 403 csrf_failed. The session cookie is httpOnly, SameSite=Strict and Secure outside
 * loopback hosts; the session lives in the database (listed, revocable).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff roles that may use the route ('public': no session needed). */
    roles?: readonly StaffRole[] | 'public';
  }
  interface FastifyRequest {
    /** The signed-in staff member's session (back-office routes). */
    staffSession: SessionRow | null;
  }
}

// Routes' role lists, by what the roles may do (packages/contracts roles.ts).
export const ALL_ROLES: readonly StaffRole[] = rolesThatMay.useBackOffice;
export const CATALOGUE_ROLES: readonly StaffRole[] = rolesThatMay.editCatalogue;
export const OWNER_ONLY: readonly StaffRole[] = rolesThatMay.manageStore;
/** Enquiries, reviews, customers and the newsletter list. */
export const SALES_ROLES: readonly StaffRole[] = rolesThatMay.seeSales;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The signed-in staff member of a request of a route that needs one. */
export function staffOf(request: FastifyRequest): SessionRow {
  if (!request.staffSession) throw requestError(401, 'not_authenticated', 'Sign in to the back office.');
  return request.staffSession;
}

export async function registerAccess(app: FastifyInstance, staff: StaffRepository): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('staffSession', null);

  app.addHook('onRequest', async (request) => {
    const roles = request.routeOptions.config.roles;
    // Unknown paths (404) and routes without roles are for the error handler and the docs route.
    if (roles === undefined) return;
    const origin = request.headers.origin;
    if (WRITES.has(request.method) && origin !== undefined && !sameOrigin(origin, request)) {
      throw requestError(403, 'csrf_failed', 'This request came from another site.');
    }
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const session = token ? await staff.session(token) : undefined;
    request.staffSession = session ?? null;
    if (roles === 'public') return;
    if (!session) throw requestError(401, 'not_authenticated', 'Sign in to the back office.');
    if (!roles.includes(session.staff.role as StaffRole)) {
      throw requestError(403, 'forbidden', 'Your role may not use this part of the back office.');
    }
    if (WRITES.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, session.csrf_token)) {
        throw requestError(403, 'csrf_failed', 'The form is out of date: reload the page and try again.');
      }
    }
  });
}

function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const url = new URL(origin);
    const publicUrl = request.server.config.publicUrl;
    if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
    return url.host === request.host;
  } catch {
    return false;
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: !LOOPBACK.test(request.hostname),
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: !LOOPBACK.test(request.hostname),
  });
}
