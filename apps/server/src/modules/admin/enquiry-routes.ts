import {
  EXPORT_MAX_ROWS,
  assigneeSchema,
  enquiryDetailSchema,
  enquiryExportQuerySchema,
  enquiryPageSchema,
  enquiryQuerySchema,
  noteBodySchema,
  unreadCountSchema,
  updateEnquiryBodySchema,
  type EnquiryRow,
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Cell } from '../enquiries/spreadsheet.ts';
import { localDay, offsetMinutes } from '../../lib/time-zone.ts';
import { EnquiryInbox } from '../enquiries/inbox.ts';
import { SALES_ROLES, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/** The enquiry inbox under /admin/api/enquiries (owners and sales staff): list, detail, workflow, export. */

const errors = adminErrors;

const HEADERS: Record<'fa' | 'en', string[]> = {
  en: [
    'Reference',
    'Date',
    'Status',
    'Product',
    'Phone',
    'Email',
    'Message',
    'Language',
    'Assigned to',
    // Where the visitor first came from (enquiries/attribution.ts).
    'Source',
    'UTM source',
    'UTM medium',
    'UTM campaign',
    'Referrer',
    'Torob click id',
    'Landed at',
  ],
  fa: [
    'شماره پیگیری',
    'تاریخ',
    'وضعیت',
    'محصول',
    'تلفن',
    'ایمیل',
    'پیام',
    'زبان',
    'مسئول',
    'منبع',
    'منبع UTM',
    'رسانه UTM',
    'کمپین UTM',
    'ارجاع‌دهنده',
    'شناسه کلیک ترب',
    'زمان ورود',
  ],
};
/** The source column of an enquiry without one. */
const DIRECT: Record<'fa' | 'en', string> = { en: 'Direct', fa: 'مستقیم' };
const STATUS_NAMES: Record<'fa' | 'en', Record<string, string>> = {
  en: { new: 'New', contacted: 'Contacted', quoted: 'Quoted', won: 'Won', lost: 'Lost', spam: 'Spam' },
  fa: {
    new: 'جدید',
    contacted: 'تماس گرفته شد',
    quoted: 'قیمت داده شد',
    won: 'موفق',
    lost: 'ناموفق',
    spam: 'هرزنامه',
  },
};
const GENERAL: Record<'fa' | 'en', string> = { en: 'General request', fa: 'درخواست عمومی' };

export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = new EnquiryInbox(
    app.database.db,
    app.storeRepository,
    app.database.dialect,
    app.config.storeTimeZone,
  );
  const base = (request: { protocol: string; host: string }) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/enquiries',
    {
      config: { roles: SALES_ROLES },
      schema: {
        querystring: enquiryQuerySchema,
        response: { 200: enquiryPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page = 1, page_size: pageSize = 25, ...filters } = request.query;
      return { ...(await inbox.list(filters, page, pageSize)), page };
    },
  );

  app.get(
    '/enquiries/unread',
    { config: { roles: SALES_ROLES }, schema: { response: { 200: unreadCountSchema, ...errors } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { unread: await inbox.unreadCount() };
    },
  );

  app.get(
    '/enquiries/assignees',
    { config: { roles: SALES_ROLES }, schema: { response: { 200: z.array(assigneeSchema), ...errors } } },
    async () => inbox.assignees(),
  );

  app.get(
    '/enquiries/export',
    { config: { roles: SALES_ROLES }, schema: { querystring: enquiryExportQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const who = staffOf(request).staff;
      const lang = who.language === 'en' ? 'en' : 'fa';
      const zone = app.config.storeTimeZone;
      const when = (iso: string) => {
        const at = new Date(iso);
        const local = new Date(at.getTime() + offsetMinutes(zone, at) * 60_000).toISOString();
        return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
      };
      const cells = (e: EnquiryRow): Cell[] => [
        e.reference,
        format === 'xlsx'
          ? new Date(new Date(e.created_at).getTime() + offsetMinutes(zone, new Date(e.created_at)) * 60_000)
          : when(e.created_at),
        STATUS_NAMES[lang][e.status] ?? e.status,
        e.product_id === null && e.product_title === '' ? GENERAL[lang] : e.product_title,
        e.phone,
        e.email,
        e.description,
        e.language,
        e.assignee ? e.assignee.name || e.assignee.email : '',
        e.source.source === '' ? DIRECT[lang] : e.source.source,
        e.source.utm_source,
        e.source.utm_medium,
        e.source.utm_campaign,
        e.source.referrer_host,
        e.source.torob_clid,
        e.source.landed_at === null ? null : when(e.source.landed_at),
      ];
      async function* rows() {
        for await (const batch of inbox.stream(filters, EXPORT_MAX_ROWS)) yield batch.map(cells);
      }
      await recordAudit(app.database.db, who, {
        action: 'export',
        entity: 'enquiry',
        summary: { format, filters },
      });
      const name = `enquiries-${localDay(zone, new Date())}.${format}`;
      void reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      // Loaded on the first export: ExcelJS costs ~11 MB in every server otherwise (docs/server.md).
      const { csvStream, xlsxStream } = await import('../enquiries/spreadsheet.ts');
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(csvStream(HEADERS[lang], rows()));
      }
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(xlsxStream(lang === 'fa' ? 'درخواست‌ها' : 'Enquiries', HEADERS[lang], rows(), lang === 'fa'));
    },
  );

  app.get(
    '/enquiries/:id',
    {
      config: { roles: SALES_ROLES },
      schema: { params: idParams, response: { 200: enquiryDetailSchema, ...errors } },
    },
    async (request) => {
      await inbox.markRead(request.params.id);
      const detail = await inbox.detail(request.params.id, base(request), app.config.defaultLanguage);
      if (!detail) throw notFound('No such enquiry.');
      return detail;
    },
  );

  app.patch(
    '/enquiries/:id',
    {
      config: { roles: SALES_ROLES },
      schema: {
        params: idParams,
        body: updateEnquiryBodySchema,
        response: { 200: enquiryDetailSchema, ...errors },
      },
    },
    async (request) => {
      const who = staffOf(request).staff;
      const { id } = request.params;
      const { status, assignee } = request.body;
      if (assignee !== undefined && assignee !== null) {
        const ok = (await inbox.assignees()).some((s) => s.id === assignee);
        if (!ok) {
          throw fieldError({
            assignee: [{ code: 'reference_invalid', message: 'This staff member cannot take enquiries.' }],
          });
        }
      }
      await app.database.db.transaction().execute(async (trx) => {
        const changed = await inbox.update(
          id,
          { ...(status === undefined ? {} : { status }), ...(assignee === undefined ? {} : { assignee }) },
          who,
          trx,
        );
        if (changed === undefined) throw notFound('No such enquiry.');
        if (Object.keys(changed).length > 0) {
          await recordAudit(trx, who, {
            action: 'update',
            entity: 'enquiry',
            entityId: id,
            summary: changed,
          });
        }
      });
      const detail = await inbox.detail(id, base(request), app.config.defaultLanguage);
      if (!detail) throw notFound('No such enquiry.');
      return detail;
    },
  );

  app.post(
    '/enquiries/:id/notes',
    {
      config: { roles: SALES_ROLES },
      schema: { params: idParams, body: noteBodySchema, response: { 201: enquiryDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const who = staffOf(request).staff;
      const { id } = request.params;
      await app.database.db.transaction().execute(async (trx) => {
        if (!(await inbox.addNote(id, request.body.text, who, trx))) throw notFound('No such enquiry.');
        await recordAudit(trx, who, {
          action: 'note',
          entity: 'enquiry',
          entityId: id,
          summary: { length: request.body.text.length },
        });
      });
      const detail = await inbox.detail(id, base(request), app.config.defaultLanguage);
      if (!detail) throw notFound('No such enquiry.');
      return reply.status(201).send(detail);
    },
  );
};
