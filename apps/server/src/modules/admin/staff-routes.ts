import {
  adminPageSchema,
  auditEntrySchema,
  auditQuerySchema,
  createInviteBodySchema,
  createdInviteSchema,
  staffSchema,
  updateStaffBodySchema,
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notFound, requestError } from '../../lib/errors.ts';
import { OWNER_ONLY, staffOf } from './access.ts';
import { listAudit, recordAudit } from './audit.ts';
import { staffView, type StaffRepository } from './staff-repository.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/** Owners' staff management (list, invite, change role, disable) and the audit log, under /admin/api. */

const errors = adminErrors;

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffRepository }> = async (app, { staff }) => {
  app.get(
    '/staff',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: z.array(staffSchema), ...errors } } },
    async () => (await staff.list()).map(staffView),
  );

  app.post(
    '/staff/invites',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: createInviteBodySchema, response: { 201: createdInviteSchema, ...errors } },
    },
    async (request, reply) => {
      const session = staffOf(request);
      const { email, role } = request.body;
      if (await staff.findByEmail(email)) {
        throw fieldError({
          email: [{ code: 'email_taken', message: 'A staff account with this email already exists.' }],
        });
      }
      const { token, expiresAt } = await staff.createLink({
        kind: 'invite',
        email,
        role,
        createdBy: session.staff.id,
      });
      await recordAudit(app.database.db, session.staff, {
        action: 'invite',
        entity: 'staff',
        summary: { email, role },
      });
      const base = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return reply.status(201).send({ link: `${base}/admin/invite/${token}`, expires_at: expiresAt });
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: { roles: OWNER_ONLY },
      schema: { params: idParams, body: updateStaffBodySchema, response: { 200: staffSchema, ...errors } },
    },
    async (request) => {
      const session = staffOf(request);
      const before = await staff.findById(request.params.id);
      if (!before) throw notFound('No such staff member.');
      const { role, active } = request.body;
      const demotes = (role !== undefined && role !== 'owner') || active === false;
      if (before.role === 'owner' && demotes && (await staff.otherActiveOwners(before.id)) === 0) {
        throw requestError(400, 'bad_request', 'The store needs at least one active owner.');
      }
      const after = await staff.update(before.id, {
        ...(role === undefined ? {} : { role }),
        ...(active === undefined ? {} : { is_active: active ? 1 : 0 }),
      });
      if (!after) throw notFound('No such staff member.');
      // A disabled account's sessions end now; a changed role applies to its next request.
      if (active === false) await staff.endAllSessions(before.id);
      await recordAudit(app.database.db, session.staff, {
        action: 'update',
        entity: 'staff',
        entityId: before.id,
        summary: {
          email: before.email,
          ...(role === undefined ? {} : { role: [before.role, role] }),
          ...(active === undefined ? {} : { active: [before.is_active === 1, active] }),
        },
      });
      return staffView(after);
    },
  );

  app.get(
    '/audit',
    {
      config: { roles: OWNER_ONLY },
      schema: {
        querystring: auditQuerySchema,
        response: { 200: adminPageSchema(auditEntrySchema), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const result = await listAudit(app.database.db, {
        ...request.query,
        page,
        page_size: request.query.page_size ?? 50,
      });
      return { ...result, page };
    },
  );
};
