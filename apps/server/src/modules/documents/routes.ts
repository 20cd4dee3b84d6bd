import { escapeHtml as escape } from '@storefront/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { smallPage } from '../../lib/html.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import {
  askedLanguage,
  followedEnquiry,
  privateHeaders,
  quoteNumber,
  visitorLanguage,
  type PrivateLanguage,
} from '../enquiries/private-page.ts';
import { enquiryReference } from '../enquiries/repository.ts';
import { Quotes } from '../quotes/repository.ts';
import { PdfError } from './pdf.ts';
import { quoteFileName, renderQuoteHtml } from './quote-document.ts';

/**
 * A sent quote's document for the visitor (issue 25): `/app/e/{token}/quotes/{n}` is the printable
 * page and `/app/e/{token}/quotes/{n}/pdf` its PDF, both from quote-document.ts's one renderer. The
 * staff's PDF (`/admin/api/enquiries/{id}/quote/versions/{n}/pdf`) is in
 * modules/admin/quote-document-routes.ts, behind the back office's access checks; both use
 * `quotePdf` below.
 *
 * The token is the key, as on the follow page (enquiries/follow-page.ts): random (looked up by its
 * hash) or signed (the enquiry's id under the server's secret). Every answer is private (no cache,
 * no index, no Referer), and anything that opens nothing (a bad token, another enquiry's version, a
 * version that does not exist) is the same 404 page.
 */

type Language = PrivateLanguage;

/** A version as its documents need it: its summary (state, content hash) and its frozen snapshot. */
export type QuoteDocumentVersion = NonNullable<Awaited<ReturnType<Quotes['version']>>>;

/** One Quotes per database (its secret is read from the data folder once, not per request). */
const quotesOf = new WeakMap<object, Quotes>();

/**
 * Version `number` of an enquiry's quote (modules/quotes' reader, state computed there: expired is
 * sent and past valid_until), or undefined: no such version, or it is another enquiry's.
 */
export function quoteDocumentVersion(
  app: FastifyInstance,
  enquiryId: number,
  number: number,
): Promise<QuoteDocumentVersion | undefined> {
  let quotes = quotesOf.get(app.database);
  if (!quotes) {
    quotes = Quotes.forApp(app);
    quotesOf.set(app.database, quotes);
  }
  return quotes.version(enquiryId, number);
}

/** The version's PDF, printed by app.documents; throws PdfError (pdf_unavailable, pdf_timeout). */
export async function quotePdf(app: FastifyInstance, version: QuoteDocumentVersion): Promise<Buffer> {
  const html = await renderQuoteHtml(version.snapshot, {
    mediaDir: app.config.mediaDir,
    state: version.summary.state,
    forPrint: true,
    contentHash: version.summary.content_hash,
    timeZone: app.config.storeTimeZone,
  });
  return app.documents.render(html);
}

/** `attachment; filename="quote-E-000042-v2.pdf"` for a version of an enquiry. */
export function quoteDisposition(enquiryId: number, number: number): string {
  return `attachment; filename="${quoteFileName(enquiryReference(enquiryId), number)}"`;
}

const TEXTS = {
  fa: {
    notFoundTitle: 'پیش‌فاکتور پیدا نشد',
    notFound:
      'این پیوند معتبر نیست یا پیش‌فاکتوری با آن پیدا نشد. پیوند را کامل از پیامک یا ایمیلی که دریافت کرده‌اید کپی کنید.',
    unavailableTitle: 'PDF در دسترس نیست',
    unavailable:
      'ساختن PDF روی این سرور ممکن نیست. صفحهٔ پیش‌فاکتور را باز کنید و آن را از مرورگر چاپ کنید یا به‌صورت PDF ذخیره کنید.',
    timeoutTitle: 'ساختن PDF طول کشید',
    timeout:
      'ساختن PDF بیش از اندازه طول کشید. کمی بعد دوباره تلاش کنید، یا صفحهٔ پیش‌فاکتور را از مرورگر چاپ کنید.',
    page: 'صفحهٔ پیش‌فاکتور',
    home: 'بازگشت به فروشگاه',
  },
  en: {
    notFoundTitle: 'Quote not found',
    notFound:
      'This link is not valid, or no quote was found for it. Copy the whole link from the text message or email you received.',
    unavailableTitle: 'PDF not available',
    unavailable:
      "PDFs cannot be made on this server. Open the quote's page and print it, or save it as a PDF, from your browser.",
    timeoutTitle: 'The PDF took too long',
    timeout:
      "The PDF took too long to make. Try again in a moment, or print the quote's page from your browser.",
    page: "The quote's page",
    home: 'Back to the store',
  },
} as const;

interface QuoteParams {
  token: string;
  n: string;
}

export const quoteDocumentRoutes: FastifyPluginAsync = async (app) => {
  const secret = resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);

  const page = (reply: FastifyReply, status: number, lang: Language, title: string, main: string) =>
    privateHeaders(reply)
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        smallPage({
          lang,
          title,
          main: `${main}<p><a href="/app/?lng=${lang}">${escape(TEXTS[lang].home)}</a></p>`,
          robots: 'noindex, nofollow',
        }),
      );

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const lang = visitorLanguage(request, app.config.defaultLanguage);
    const t = TEXTS[lang];
    return page(
      reply,
      404,
      lang,
      t.notFoundTitle,
      `<h1>${escape(t.notFoundTitle)}</h1><p>${escape(t.notFound)}</p>`,
    );
  };

  const versionOf = async (params: QuoteParams) => {
    const number = quoteNumber(params.n);
    if (number === undefined) return undefined;
    const enquiryId = (await followedEnquiry(app.database.db, secret, params.token))?.id;
    if (enquiryId === undefined) return undefined;
    const version = await quoteDocumentVersion(app, enquiryId, number);
    return version && { enquiryId, version };
  };

  app.get<{ Params: QuoteParams }>('/app/e/:token/quotes/:n', async (request, reply) => {
    const found = await versionOf(request.params);
    if (!found) return notFound(request, reply);
    const { token, n } = request.params;
    // The follow page's links name its language (?lng=): kept on the way back and to the PDF.
    const lng = askedLanguage(request);
    const query = lng ? `?lng=${lng}` : '';
    const html = await renderQuoteHtml(found.version.snapshot, {
      mediaDir: app.config.mediaDir,
      state: found.version.summary.state,
      forPrint: false,
      contentHash: found.version.summary.content_hash,
      timeZone: app.config.storeTimeZone,
      links: { pdf: `/app/e/${token}/quotes/${n}/pdf${query}`, back: `/app/e/${token}${query}` },
    });
    return privateHeaders(reply).type('text/html; charset=utf-8').send(html);
  });

  app.get<{ Params: QuoteParams }>('/app/e/:token/quotes/:n/pdf', async (request, reply) => {
    const found = await versionOf(request.params);
    if (!found) return notFound(request, reply);
    try {
      const pdf = await quotePdf(app, found.version);
      return privateHeaders(reply)
        .type('application/pdf')
        .header('Content-Disposition', quoteDisposition(found.enquiryId, found.version.summary.number))
        .send(pdf);
    } catch (error) {
      if (!(error instanceof PdfError)) throw error;
      request.log.warn({ err: error }, 'quote PDF not made');
      const lang: Language = found.version.snapshot.language === 'en' ? 'en' : 'fa';
      const t = TEXTS[lang];
      const unavailable = error.code === 'pdf_unavailable';
      const title = unavailable ? t.unavailableTitle : t.timeoutTitle;
      const { token, n } = request.params;
      const lng = askedLanguage(request);
      return page(
        reply,
        unavailable ? 503 : 504,
        lang,
        title,
        `<h1>${escape(title)}</h1><p>${escape(unavailable ? t.unavailable : t.timeout)}</p>` +
          `<p><a href="/app/e/${escape(token)}/quotes/${escape(n)}${lng ? `?lng=${lng}` : ''}">${escape(t.page)}</a></p>`,
      );
    }
  });
};
