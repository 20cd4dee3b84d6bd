import {
  enquiryQuoteSchema,
  errorDetailSchema,
  quoteBuyerSchema,
  quoteEditorBodySchema,
  quoteSettingsSchema,
  quoteVersionSummarySchema,
  type QuoteSnapshot,
} from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { PdfRenderer } from '../documents/pdf.ts';
import { Quotes } from '../quotes/repository.ts';
import { Settings } from '../settings/repository.ts';
import { OWNER_ONLY, SALES_ROLES, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';
import { adminErrors, idParams } from './route-schemas.ts';

/**
 * The quote editor's API under /admin/api (owners and sales; the quote settings owners only):
 * an enquiry's draft quote (read, save, discard), sending it as the next version, re-issuing a
 * version at today's prices, reading a version as sent, and the quote settings. The work is
 * modules/quotes/repository.ts's; each write is in the audit log.
 */

const errors = { ...adminErrors, 409: errorDetailSchema };
const versionParams = idParams.extend({ n: z.coerce.number().int().min(1).max(2_147_483_647) });
/** A snapshot is the server's own JSON (contracts QuoteSnapshot); its shape is documented there. */
/**
 * enquiryQuoteSchema with `draft` as any JSON: the contract's `unknown().nullable()` becomes a JSON
 * Schema with `nullable` and no type, which the response serializer refuses; null is JSON too.
 */
const enquiryQuoteResponse = enquiryQuoteSchema.extend({ draft: z.unknown() });
const versionSchema = z.object({ summary: quoteVersionSummarySchema, snapshot: z.custom<QuoteSnapshot>() });

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const quotes = Quotes.forApp(app);
  const db = app.database.db;
  const exists = async (id: number) =>
    (await db.selectFrom('enquiries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  // C's renderer when the app has it; else whether a Chromium is where it would look.
  const pdfAvailable = () =>
    app.hasDecorator('documents') ? app.documents.available() : new PdfRenderer().available();

  // A product's price for a quote line, for owners and sales alike (a product's editor is the
  // catalogue roles' only): the start price in Rials, or null when it shows none.
  app.get(
    '/quote-prices/:id',
    {
      config: { roles: SALES_ROLES },
      schema: {
        params: idParams,
        response: {
          200: z.object({ product: z.number().int(), rials: z.number().int().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const product = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
      if (!product) throw notFound('No Product matches the given query.');
      return { product: id, rials: (await quotes.todaysPrices([id])).get(id) ?? null };
    },
  );

  app.get(
    '/enquiries/:id/quote',
    {
      config: { roles: SALES_ROLES },
      schema: { params: idParams, response: { 200: enquiryQuoteResponse, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await exists(id))) throw notFound('No such enquiry.');
      const [draft, defaults, versions] = await Promise.all([
        quotes.draft(id),
        quotes.settings(),
        quotes.versions(id),
      ]);
      void reply.header('cache-control', 'no-store');
      return {
        draft: draft?.draft ?? null,
        buyer: draft?.buyer ?? null,
        defaults,
        versions,
        pdf_available: pdfAvailable(),
      };
    },
  );

  app.put(
    '/enquiries/:id/quote',
    {
      config: { roles: SALES_ROLES },
      schema: {
        params: idParams,
        body: quoteEditorBodySchema,
        response: {
          200: z.object({ draft: z.unknown(), buyer: quoteBuyerSchema, totals: z.unknown() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const who = staffOf(request).staff;
      const { id } = request.params;
      return db.transaction().execute(async (trx) => {
        const saved = await quotes.saveDraft(id, request.body, who, trx);
        if (!saved) throw notFound('No such enquiry.');
        await recordAudit(trx, who, {
          action: 'update',
          entity: 'enquiry',
          entityId: id,
          summary: { quote_draft: { lines: saved.draft.lines.length, total: saved.totals.total } },
        });
        return saved;
      });
    },
  );

  app.delete(
    '/enquiries/:id/quote',
    {
      config: { roles: SALES_ROLES },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const who = staffOf(request).staff;
      const { id } = request.params;
      if (!(await exists(id))) throw notFound('No such enquiry.');
      if (await quotes.discardDraft(id)) {
        await recordAudit(db, who, {
          action: 'delete',
          entity: 'enquiry',
          entityId: id,
          summary: { quote_draft: true },
        });
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/enquiries/:id/quote/send',
    {
      config: { roles: SALES_ROLES },
      schema: { params: idParams, response: { 201: quoteVersionSummarySchema, ...errors } },
    },
    async (request, reply) => {
      const who = staffOf(request).staff;
      const { id } = request.params;
      const summary = await quotes.send(id, who);
      await recordAudit(db, who, {
        action: 'create',
        entity: 'enquiry',
        entityId: id,
        summary: { quote_version: summary.number, total: summary.total, content_hash: summary.content_hash },
      });
      return reply.status(201).send(summary);
    },
  );

  app.post(
    '/enquiries/:id/quote/versions/:n/reissue',
    {
      config: { roles: SALES_ROLES },
      schema: { params: versionParams, response: { 201: quoteVersionSummarySchema, ...errors } },
    },
    async (request, reply) => {
      const who = staffOf(request).staff;
      const { id, n } = request.params;
      const summary = await quotes.reissue(id, n, who);
      await recordAudit(db, who, {
        action: 'create',
        entity: 'enquiry',
        entityId: id,
        summary: { quote_version: summary.number, reissued_from: n, total: summary.total },
      });
      return reply.status(201).send(summary);
    },
  );

  app.get(
    '/enquiries/:id/quote/versions/:n',
    {
      config: { roles: SALES_ROLES },
      schema: { params: versionParams, response: { 200: versionSchema, ...errors } },
    },
    async (request, reply) => {
      const found = await quotes.version(request.params.id, request.params.n);
      if (!found) throw notFound('No such quote.');
      void reply.header('cache-control', 'no-store');
      return found;
    },
  );

  app.get(
    '/settings/quotes',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: quoteSettingsSchema, ...errors } } },
    async () => quotes.settings(),
  );

  app.put(
    '/settings/quotes',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: quoteSettingsSchema, response: { 200: quoteSettingsSchema, ...errors } },
    },
    async (request) => {
      const who = staffOf(request).staff;
      const settings = new Settings(db);
      const before = await settings.quoteSettings();
      await settings.setQuoteSettings(request.body);
      await recordAudit(db, who, {
        action: 'update',
        entity: 'settings',
        summary: { quotes: [before, request.body] },
      });
      return request.body;
    },
  );
};
