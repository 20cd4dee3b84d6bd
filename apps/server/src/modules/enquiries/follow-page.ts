import {
  BUYER_STATUS_OF,
  escapeHtml as escape,
  localDigits,
  type BuyerStatus,
  type QuoteBuyer,
} from '@storefront/contracts';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { smallPage } from '../../lib/html.ts';
import { errorAnswer } from '../../lib/plugins/error-handling.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { pickFrom } from '../../lib/translate.ts';
import { Quotes } from '../quotes/repository.ts';
import { Settings } from '../settings/repository.ts';
import { sendAttachment } from './attachments.ts';
import {
  checkAccept,
  checkDecline,
  readMessage,
  registerFormParsers,
  type FormName,
} from './follow-forms.ts';
import {
  doneNotices,
  followMain,
  maskedPhone,
  STYLE,
  TEXTS,
  type DoneNotice,
  type FollowView,
  type FormState,
  type Language,
  type TimelineEntry,
} from './follow-view.ts';
import { EnquiryMessages } from './messages.ts';
import {
  askedLanguage,
  followedEnquiry,
  privateHeaders,
  quoteNumber,
  visitorLanguage,
  type FollowedEnquiry,
} from './private-page.ts';
import { enquiryReference } from './repository.ts';

/**
 * An enquiry's private page, `/app/e/{token}` (issues 24 and 25: the link the visitor's SMS and
 * mail carry), and every route the visitor uses from it: the request and its timeline, the thread
 * (POST …/messages, multipart; GET …/attachments/{id}), the quotes and the newest one's answer
 * (POST …/quotes/{n}/code, /accept, /decline; url-encoded). Server-rendered without script, so it
 * opens fast on any phone; the page's HTML is follow-view.ts's, its forms' reading follow-forms.ts's.
 * The quotes are modules/quotes' (Quotes), the thread modules/enquiries/messages.ts's.
 *
 * A POST that works answers 303 back to the page (`?done=…#…`, so a reload does not send it again);
 * one that does not is the page again with its status (400, 404, 409, 413, 415, 429), what was typed
 * and the problem in words at its field. A client's mistake is never a 5xx.
 *
 * The token is the only key: whoever has the link sees the page. So the page is never indexed,
 * never kept by a cache and never named to another site in a Referer; and an unknown token, a
 * malformed one, an expired signed one and an enquiry without a link all get the same 404 page,
 * which says nothing about whether a token ever existed.
 */

/** The acceptance form's start when the quote names no buyer. */
const NO_BUYER: QuoteBuyer = {
  kind: 'person',
  name: '',
  national_id: '',
  economic_code: '',
  postal_code: '',
  address: '',
  phone: '',
};

type TokenRequest = FastifyRequest<{ Params: { token: string; n?: string; aid?: string } }>;

export const followPage: FastifyPluginAsync = async (app) => {
  const settings = new Settings(app.database.db);
  const secret = resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);
  const quotes = Quotes.forApp(app);
  const thread = EnquiryMessages.of(app);
  await registerFormParsers(app);

  /** A page's headers (private-page.ts) and its type. */
  const privateHtml = (reply: FastifyReply) => privateHeaders(reply).type('text/html; charset=utf-8');

  const pageOf = (lang: Language, title: string, main: string) =>
    smallPage({
      lang,
      title,
      main: `${main}<p><a href="/app/?lng=${lang}">${escape(TEXTS[lang].home)}</a></p>`,
      robots: 'noindex, nofollow',
      style: STYLE,
    });

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    // No enquiry to take the language from: the link's, else the visitor's (cookie, browser).
    const lang = visitorLanguage(request, app.config.defaultLanguage);
    const t = TEXTS[lang];
    return privateHtml(reply)
      .status(404)
      .send(pageOf(lang, t.notFoundTitle, `<h1>${escape(t.notFoundTitle)}</h1><p>${escape(t.notFound)}</p>`));
  };

  const languageOf = (request: FastifyRequest, enquiry: FollowedEnquiry): Language =>
    askedLanguage(request) ?? (enquiry.language === 'en' ? 'en' : 'fa');

  /** Whether an acceptance is confirmed by a texted code: SMS set up and a mobile to text (Quotes.sendAcceptCode's test). */
  const acceptByCode = async (enquiry: FollowedEnquiry) =>
    /^09\d{9}$/.test(enquiry.phone) && (await app.channels.codesEnabled());

  /** The timeline the visitor may see: received, status changes (in their words), quotes, messages. */
  async function timelineOf(
    enquiry: FollowedEnquiry,
    messages: FollowView['messages'],
  ): Promise<TimelineEntry[]> {
    const events = await app.database.db
      .selectFrom('enquiry_events')
      .select(['at', 'kind', 'body'])
      .where('enquiry_id', '=', enquiry.id)
      // Staff's notes and assignments are theirs.
      .where('kind', 'in', ['status', 'quote'])
      .orderBy('at')
      .orderBy('id')
      .execute();
    const entries: TimelineEntry[] = [{ at: enquiry.created_at, kind: 'received' }];
    for (const event of events) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(event.body) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (event.kind === 'status' && typeof body.to === 'string' && typeof body.from === 'string') {
        const to = BUYER_STATUS_OF[body.to];
        // A change staff make that the buyer's words do not show (lost → spam) is no change to them.
        if (to && to !== BUYER_STATUS_OF[body.from])
          entries.push({ at: event.at, kind: 'status', status: to });
      } else if (event.kind === 'quote' && typeof body.number === 'number') {
        const action =
          body.action === 'sent' || body.action === 'reissued'
            ? 'sent'
            : body.action === 'accepted' || body.action === 'declined'
              ? body.action
              : undefined;
        if (action) entries.push({ at: event.at, kind: 'quote', action, number: body.number });
      }
    }
    for (const message of messages) {
      entries.push({ at: message.at, kind: 'message', author: message.author, id: message.id });
    }
    // Stable: what happened at the same instant keeps the order above (a status before its quote).
    return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  /** The page, with a form's state when it comes back with a problem. */
  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    enquiry: FollowedEnquiry,
    state?: FormState,
    status = 200,
  ) {
    const lang = languageOf(request, enquiry);
    const t = TEXTS[lang];
    const context = { lang, fallback: app.config.defaultLanguage };
    const [identity, currentTitle, messages, versions, byCode] = await Promise.all([
      settings.storeIdentity(),
      // In the enquiry's own language the title it was sent with; in the other, the product's title
      // in that language when the product is still shown (else the one it was sent with).
      enquiry.product_id !== null && lang !== enquiry.language
        ? app.storeRepository.productTitle(enquiry.product_id, context)
        : undefined,
      thread.list(enquiry.id),
      quotes.versions(enquiry.id),
      acceptByCode(enquiry),
    ]);
    const newest = versions[0];
    let buyer: QuoteBuyer | undefined;
    if (newest?.state === 'sent') {
      buyer = (await quotes.version(enquiry.id, newest.number))?.snapshot.buyer;
    }
    const storeName = identity?.name ? pickFrom(identity.name, context) : '';
    const done = new URL(request.url, 'http://localhost').searchParams.get('done');
    const view: FollowView = {
      lang,
      token,
      timeZone: app.config.storeTimeZone,
      storeName,
      phones: identity?.phones ?? [],
      reference: enquiryReference(enquiry.id),
      status: (BUYER_STATUS_OF[enquiry.status] ?? 'received') as BuyerStatus,
      product: enquiry.product_id === null ? t.general : currentTitle || enquiry.product_title || t.general,
      createdAt: enquiry.created_at,
      description: enquiry.description,
      timeline: await timelineOf(enquiry, messages),
      messages,
      quotes: versions,
      open: newest?.state === 'sent' ? { number: newest.number, buyer: buyer ?? NO_BUYER } : undefined,
      acceptBy: byCode ? 'code' : 'checkbox',
      codePhone: maskedPhone(enquiry.phone),
      done: state
        ? undefined
        : (doneNotices as readonly string[]).includes(done ?? '')
          ? (done as DoneNotice)
          : undefined,
    };
    const reference = localDigits(view.reference, lang);
    const title = storeName ? `${t.title(reference)} | ${storeName}` : t.title(reference);
    return privateHtml(reply)
      .status(status)
      .send(pageOf(lang, title, followMain(view, state)));
  }

  /** 303 to the page with its notice and where to look. */
  const backToPage = (reply: FastifyReply, token: string, lang: Language, done: DoneNotice, anchor: string) =>
    privateHtml(reply)
      .status(303)
      .header('location', `/app/e/${token}?lng=${lang}&done=${done}#${anchor}`)
      .send('');

  /** A request error (HttpError, a parser's) as the form's state: its status and code. */
  const problemOf = (error: unknown, reply: FastifyReply) => {
    const { status, body } = errorAnswer(error as FastifyError);
    if (status >= 500) throw error;
    const code = 'code' in body && typeof body.code === 'string' ? body.code : 'bad_request';
    const fields =
      'codes' in body && body.codes && typeof body.codes === 'object'
        ? (body.codes as Record<string, string[]>)
        : {};
    const errors = Object.fromEntries(
      Object.entries(fields).map(([field, codes]) => [field, codes[0] ?? 'invalid']),
    );
    const retry =
      Number(reply.getHeader('retry-after')) || ('retry_after' in body ? Number(body.retry_after) : NaN);
    return { status, code, errors, retryAfter: Number.isFinite(retry) ? retry : undefined };
  };

  /** Runs the thread's per-address limit; the page's state when it refuses. */
  const overLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.limits.thread(request, reply);
      return undefined;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return problemOf(error, reply);
      throw error;
    }
  };

  /** The form a route under /app/e/{token} serves, from its route's URL. */
  const formOfRoute = (url: string | undefined): FormName | undefined => {
    if (url?.endsWith('/messages')) return 'message';
    if (url?.endsWith('/accept')) return 'accept';
    if (url?.endsWith('/decline')) return 'decline';
    if (url?.endsWith('/code')) return 'code';
    return undefined;
  };

  // Problems raised before a handler ran (a content type the page does not read, a body over its
  // cap, a body that does not match its length): the page again, with the problem in words at its
  // form. A server's own failure goes on to the app's handler (a 5xx in JSON, logged).
  app.setErrorHandler(async (error: FastifyError, request: TokenRequest, reply) => {
    const { status } = errorAnswer(error);
    if (status >= 500) throw error;
    const form = formOfRoute(request.routeOptions.url);
    const token = request.params?.token;
    const enquiry =
      form && typeof token === 'string' ? await followedEnquiry(app.database.db, secret, token) : undefined;
    // A form of a token that opens nothing is the one 404 page, whatever else is wrong with it.
    if (!form || !enquiry || !token) {
      if (form || status === 404) return notFound(request, reply);
      throw error;
    }
    const problem = problemOf(error, reply);
    const number = request.params.n === undefined ? undefined : quoteNumber(request.params.n);
    return renderPage(
      request,
      reply,
      token,
      enquiry,
      {
        form,
        number,
        values: {},
        errors: problem.errors,
        error: problem.code,
        retryAfter: problem.retryAfter,
      },
      problem.status,
    );
  });

  const show = async (request: TokenRequest, reply: FastifyReply) => {
    const enquiry = await followedEnquiry(app.database.db, secret, request.params.token);
    if (!enquiry) return notFound(request, reply);
    return renderPage(request, reply, request.params.token, enquiry);
  };

  const attachment = async (request: TokenRequest, reply: FastifyReply) => {
    const enquiry = await followedEnquiry(app.database.db, secret, request.params.token);
    const id = /^[1-9]\d{0,9}$/.test(request.params.aid ?? '') ? Number(request.params.aid) : undefined;
    const file = enquiry && id !== undefined ? await thread.attachment(enquiry.id, id) : undefined;
    if (!file) return notFound(request, reply);
    return sendAttachment(
      reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer'),
      file,
    );
  };

  const postMessage = async (request: TokenRequest, reply: FastifyReply) => {
    const { token } = request.params;
    const enquiry = await followedEnquiry(app.database.db, secret, token);
    if (!enquiry) return notFound(request, reply);
    const again = (status: number, state: Omit<FormState, 'form'>) =>
      renderPage(request, reply, token, enquiry, { form: 'message', ...state }, status);
    const limited = await overLimit(request, reply);
    if (limited)
      return again(429, { values: {}, errors: {}, error: limited.code, retryAfter: limited.retryAfter });
    if (!request.isMultipart())
      return again(415, { values: {}, errors: {}, error: 'unsupported_media_type' });
    const form = await readMessage(request);
    if (form.problem) {
      const { status, code, field } = form.problem;
      return again(status, { values: form.values, errors: form.errors, ...(field ? {} : { error: code }) });
    }
    if (!form.result) return again(400, { values: form.values, errors: form.errors });
    try {
      const message = await thread.post(enquiry.id, {
        author: 'visitor',
        body: form.result.body,
        ip: request.ip,
        ...(form.result.attachment ? { attachment: form.result.attachment } : {}),
      });
      return backToPage(reply, token, languageOf(request, enquiry), 'message_sent', `m-${message.id}`);
    } catch (error) {
      const problem = problemOf(error, reply);
      // The file's problems are the file field's; the text is given back either way.
      const errors =
        problem.code === 'attachment_invalid' || problem.code === 'attachment_too_large'
          ? { attachment: problem.code }
          : problem.errors;
      const whole = Object.keys(errors).length === 0 ? { error: problem.code } : {};
      return again(problem.status, { values: form.values, errors, ...whole });
    }
  };

  /** The three answers to a quote: each reads its form, acts, and comes back. */
  const quoteRoute =
    (form: 'accept' | 'decline' | 'code') => async (request: TokenRequest, reply: FastifyReply) => {
      const { token } = request.params;
      const enquiry = await followedEnquiry(app.database.db, secret, token);
      if (!enquiry) return notFound(request, reply);
      const number = quoteNumber(request.params.n ?? '');
      const again = (status: number, state: Omit<FormState, 'form' | 'number'>) =>
        renderPage(request, reply, token, enquiry, { form, number, ...state }, status);
      const limited = await overLimit(request, reply);
      if (limited)
        return again(429, { values: {}, errors: {}, error: limited.code, retryAfter: limited.retryAfter });
      if (request.isMultipart() || request.body === undefined || request.body === null) {
        return again(415, { values: {}, errors: {}, error: 'unsupported_media_type' });
      }
      if (number === undefined) return again(404, { values: {}, errors: {}, error: 'not_found' });
      const lang = languageOf(request, enquiry);
      const failed = (error: unknown, values: Record<string, string>) => {
        const problem = problemOf(error, reply);
        return again(problem.status, {
          values,
          errors: problem.errors,
          error: problem.code,
          retryAfter: problem.retryAfter,
        });
      };
      // A quote that can no longer be answered says so first, before any field or code is asked for.
      try {
        await quotes.assertDecidable(enquiry.id, number);
      } catch (error) {
        const typed =
          form === 'code'
            ? {}
            : (form === 'decline'
                ? checkDecline(request.body)
                : checkAccept(request.body, 'checkbox', enquiry.phone)
              ).values;
        return failed(error, typed);
      }
      if (form === 'code') {
        try {
          await quotes.sendAcceptCode(enquiry.id, number, request.ip);
        } catch (error) {
          return failed(error, {});
        }
        return backToPage(reply, token, lang, 'code_sent', 'accept');
      }
      if (form === 'decline') {
        const checked = checkDecline(request.body);
        if (!checked.result) return again(400, { values: checked.values, errors: checked.errors });
        try {
          await quotes.decline(enquiry.id, number, { ...checked.result, ip: request.ip });
        } catch (error) {
          return failed(error, checked.values);
        }
        return backToPage(reply, token, lang, 'declined', `quote-${number}`);
      }
      const byCode = await acceptByCode(enquiry);
      const checked = checkAccept(request.body, byCode ? 'code' : 'checkbox', enquiry.phone);
      if (!checked.result) return again(400, { values: checked.values, errors: checked.errors });
      const { buyer, signer, otp } = checked.result;
      try {
        if (byCode && !(await quotes.checkAcceptCode(enquiry.id, otp ?? ''))) {
          return again(400, { values: { ...checked.values, otp: '' }, errors: { otp: 'code_invalid' } });
        }
        await quotes.accept(enquiry.id, number, {
          name: signer,
          phone: enquiry.phone,
          ip: request.ip,
          method: byCode ? 'code' : 'checkbox',
          buyer,
        });
      } catch (error) {
        return failed(error, checked.values);
      }
      return backToPage(reply, token, lang, 'accepted', `quote-${number}`);
    };

  // More specific than the storefront's `/app/*` (modules/web/routes.ts), so the router picks these
  // routes for these URLs whatever the registration order. Anything else at /app/e (no token, a
  // further segment) is the same 404 page rather than the storefront's shell.
  app.get('/app/e/:token', show);
  app.get('/app/e/:token/attachments/:aid', attachment);
  app.post('/app/e/:token/messages', postMessage);
  app.post('/app/e/:token/quotes/:n/code', quoteRoute('code'));
  app.post('/app/e/:token/quotes/:n/accept', quoteRoute('accept'));
  app.post('/app/e/:token/quotes/:n/decline', quoteRoute('decline'));
  app.get('/app/e/*', notFound);
  app.get('/app/e', notFound);
};
