import {
  asciiDigits,
  dateFormat,
  escapeHtml as escape,
  localDigits,
  type FormatLanguage,
} from '@storefront/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { smallPage } from '../../lib/html.ts';
import { requestLanguage } from '../../lib/language.ts';
import { pickFrom } from '../../lib/translate.ts';
import { Settings } from '../settings/repository.ts';
import { followHash, isFollowToken } from './follow-link.ts';
import { enquiryReference } from './repository.ts';

/**
 * An enquiry's private follow page, `/app/e/{token}` (issue 24: the link the visitor's SMS and mail
 * carry): the store, the reference, the product, the date, the status in a buyer's words, the
 * visitor's message and the store's phones, in the request's language (`?lng=fa|en`, else the
 * enquiry's). Server-rendered without script, so it opens fast on any phone. The quote loop (issue
 * 25) grows it into the full page at the same URL.
 *
 * The token is the only key: whoever has the link sees the page. So the page is never indexed,
 * never kept by a cache and never named to another site in a Referer; and an unknown token, a
 * malformed one and an enquiry without a link all get the same 404 page, which says nothing about
 * whether a token ever existed.
 */

type Language = FormatLanguage;

/** The buyer's words for each stored status (staff's words are the back office's). */
type BuyerStatus = 'received' | 'reviewing' | 'quoted' | 'accepted' | 'closed';

const BUYER_STATUS: Record<string, BuyerStatus> = {
  new: 'received',
  contacted: 'reviewing',
  quoted: 'quoted',
  won: 'accepted',
  lost: 'closed',
  // A request staff marked as spam is closed, as far as its sender is told.
  spam: 'closed',
};

const TEXTS = {
  fa: {
    title: (reference: string) => `پیگیری درخواست ${reference}`,
    heading: 'درخواست شما',
    reference: 'شماره پیگیری',
    status: 'وضعیت',
    product: 'محصول',
    general: 'درخواست عمومی',
    date: 'تاریخ ثبت',
    message: 'پیام شما',
    contact: 'تماس با ما',
    statuses: {
      received: 'دریافت شد',
      reviewing: 'در حال بررسی',
      quoted: 'پیش‌فاکتور فرستاده شد',
      accepted: 'پذیرفته شد',
      closed: 'بسته شد',
    } satisfies Record<BuyerStatus, string>,
    private:
      'این پیوند ویژهٔ شماست: هر کسی آن را داشته باشد این صفحه را می‌بیند. آن را با دیگران به اشتراک نگذارید.',
    notFoundTitle: 'درخواست پیدا نشد',
    notFound:
      'این پیوند معتبر نیست یا درخواستی با آن پیدا نشد. پیوند را کامل از پیامک یا ایمیلی که دریافت کرده‌اید کپی کنید.',
    home: 'بازگشت به فروشگاه',
  },
  en: {
    title: (reference: string) => `Your request ${reference}`,
    heading: 'Your request',
    reference: 'Reference',
    status: 'Status',
    product: 'Product',
    general: 'General request',
    date: 'Sent on',
    message: 'Your message',
    contact: 'Contact us',
    statuses: {
      received: 'Received',
      reviewing: 'Being reviewed',
      quoted: 'Quoted',
      accepted: 'Accepted',
      closed: 'Closed',
    } satisfies Record<BuyerStatus, string>,
    private: 'This link is yours: anyone who has it can see this page. Do not share it.',
    notFoundTitle: 'Request not found',
    notFound:
      'This link is not valid, or no request was found for it. Copy the whole link from the text message or email you received.',
    home: 'Back to the store',
  },
} as const;

/** Only what this page needs beyond the shared shell: the details as a list of pairs, the message's line breaks. */
const STYLE =
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#475569}dd{margin:0}' +
  '.message{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1f5f9;padding:.75rem 1rem;border-radius:.375rem}' +
  '.store{color:#475569;margin:0}.note{color:#475569;font-size:.9em}';

const isLanguage = (value: string | null | undefined): value is Language => value === 'fa' || value === 'en';

/** A phone as a `tel:` link's target: its digits (Persian digits read as such) and a leading +; empty when it has none. */
function telTarget(phone: string): string {
  const digits = asciiDigits(phone).replace(/[^\d+]/g, '');
  const plain = digits.replace(/(?!^)\+/g, '');
  return /\d/.test(plain) ? plain : '';
}

export const followPage: FastifyPluginAsync = async (app) => {
  const settings = new Settings(app.database.db);
  const served = new Set<string>(['fa', 'en']);

  /** The page's headers: the token is in the URL, so nothing may keep, index or pass it on. */
  const privateHtml = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Referrer-Policy', 'no-referrer');

  const pageOf = (lang: Language, title: string, main: string) =>
    smallPage({
      lang,
      title,
      main: `${main}<p><a href="/app/?lng=${lang}">${escape(TEXTS[lang].home)}</a></p>`,
      robots: 'noindex, nofollow',
      style: STYLE,
    });

  /** The `lng` the link names, when it names one of the page's languages. */
  const askedLanguage = (request: FastifyRequest): Language | undefined => {
    const lng = new URL(request.url, 'http://localhost').searchParams.get('lng')?.slice(0, 2).toLowerCase();
    return isLanguage(lng) ? lng : undefined;
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    // No enquiry to take the language from: the link's, else the visitor's (cookie, browser).
    const fallback = isLanguage(app.config.defaultLanguage) ? app.config.defaultLanguage : 'fa';
    const asked = askedLanguage(request) ?? requestLanguage(request.raw, served, fallback);
    const lang: Language = isLanguage(asked) ? asked : 'fa';
    const t = TEXTS[lang];
    return privateHtml(reply)
      .status(404)
      .send(pageOf(lang, t.notFoundTitle, `<h1>${escape(t.notFoundTitle)}</h1><p>${escape(t.notFound)}</p>`));
  };

  const show = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const { token } = request.params;
    if (!isFollowToken(token)) return notFound(request, reply);
    const enquiry = await app.database.db
      .selectFrom('enquiries')
      .select(['id', 'product_id', 'product_title', 'description', 'language', 'created_at', 'status'])
      .where('follow_hash', '=', followHash(token))
      .executeTakeFirst();
    if (!enquiry) return notFound(request, reply);

    const lang: Language = askedLanguage(request) ?? (enquiry.language === 'en' ? 'en' : 'fa');
    const t = TEXTS[lang];
    const context = { lang, fallback: app.config.defaultLanguage };
    const [identity, currentTitle] = await Promise.all([
      settings.storeIdentity(),
      // In the enquiry's own language the title it was sent with; in the other, the product's title
      // in that language when the product is still shown (else the one it was sent with).
      enquiry.product_id !== null && lang !== enquiry.language
        ? app.storeRepository.productTitle(enquiry.product_id, context)
        : undefined,
    ]);
    const storeName = identity?.name ? pickFrom(identity.name, context) : '';
    const product =
      enquiry.product_id === null ? t.general : currentTitle || enquiry.product_title || t.general;
    const reference = localDigits(enquiryReference(enquiry.id), lang);
    const status = t.statuses[BUYER_STATUS[enquiry.status] ?? 'received'];
    const created = new Date(enquiry.created_at);
    const date = Number.isNaN(created.getTime())
      ? ''
      : dateFormat(lang, { dateStyle: 'long', timeZone: app.config.storeTimeZone }).format(created);

    const phones = (identity?.phones ?? []).map((phone) => {
      const shown = `<bdi dir="ltr">${escape(localDigits(phone, lang))}</bdi>`;
      const target = telTarget(phone);
      return `<li>${target ? `<a href="tel:${escape(target)}">${shown}</a>` : shown}</li>`;
    });
    const main = [
      storeName ? `<p class="store">${escape(storeName)}</p>` : '',
      `<h1>${escape(t.heading)}</h1>`,
      '<dl>',
      `<dt>${escape(t.reference)}</dt><dd><bdi dir="ltr">${escape(reference)}</bdi></dd>`,
      `<dt>${escape(t.status)}</dt><dd><strong>${escape(status)}</strong></dd>`,
      `<dt>${escape(t.product)}</dt><dd>${escape(product)}</dd>`,
      date
        ? `<dt>${escape(t.date)}</dt><dd><time datetime="${escape(created.toISOString())}">${escape(date)}</time></dd>`
        : '',
      '</dl>',
      // The visitor may have written in either language, whatever the page's: its direction is its own.
      enquiry.description
        ? `<h2>${escape(t.message)}</h2><p class="message" dir="auto">${escape(enquiry.description)}</p>`
        : '',
      phones.length > 0 ? `<h2>${escape(t.contact)}</h2><ul>${phones.join('')}</ul>` : '',
      `<p class="note">${escape(t.private)}</p>`,
    ].join('');
    const title = storeName ? `${t.title(reference)} | ${storeName}` : t.title(reference);
    return privateHtml(reply).send(pageOf(lang, title, main));
  };

  // More specific than the storefront's `/app/*` (modules/web/routes.ts), so the router picks this
  // route for these URLs whatever the registration order. Anything else at /app/e (no token, a
  // further segment) is the same 404 page rather than the storefront's shell.
  app.get('/app/e/:token', show);
  app.get('/app/e/*', notFound);
  app.get('/app/e', notFound);
};
