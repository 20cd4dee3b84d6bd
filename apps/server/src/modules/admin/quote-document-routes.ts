import type { ErrorDetail } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { PdfError } from '../documents/pdf.ts';
import { quoteDisposition, quoteDocumentVersion, quotePdf } from '../documents/routes.ts';
import { SALES_ROLES } from './access.ts';
import { idParams } from './route-schemas.ts';

/**
 * GET /admin/api/enquiries/{id}/quote/versions/{n}/pdf (owners and sales staff): a sent version of
 * an enquiry's quote as the PDF the buyer gets (modules/documents/quote-document.ts). Here, under
 * the back office's plugin, for its access checks. Without Chromium the answer is 503
 * pdf_unavailable (the back office says to print the page from the browser instead), after the
 * renderer's time-out 504 pdf_timeout; neither is logged as a server failure.
 */
const params = idParams.extend({ n: z.coerce.number().int().min(1).max(999_999) });

export const quoteDocumentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/enquiries/:id/quote/versions/:n/pdf',
    {
      config: { roles: SALES_ROLES },
      // No response schema: the answer is a PDF's bytes (as the enquiries' export answers a file).
      schema: { params },
    },
    async (request, reply) => {
      const { id, n } = request.params;
      const version = await quoteDocumentVersion(app, id, n);
      if (!version) throw notFound('No such version of this quote.');
      try {
        const pdf = await quotePdf(app, version);
        return reply
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', quoteDisposition(id, n))
          .send(pdf);
      } catch (error) {
        if (!(error instanceof PdfError)) throw error;
        request.log.warn({ err: error }, 'quote PDF not made');
        const body: ErrorDetail = {
          detail:
            error.code === 'pdf_unavailable'
              ? 'PDFs cannot be made on this server (no Chromium: install it or set CHROME_PATH); print the page from the browser instead.'
              : 'The PDF took too long to make. Try again.',
          code: error.code,
        };
        return reply.status(error.code === 'pdf_unavailable' ? 503 : 504).send(body);
      }
    },
  );
};
