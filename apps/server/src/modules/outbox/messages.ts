/**
 * Every text of the notifications, in Persian and English: the mails, with the one layout they are
 * put in (a plain-text part and a simple HTML part, every value escaped; `dir="rtl" lang="fa"` for
 * Persian), and the short plain texts a bot sends staff on Bale or Telegram. Nothing here touches the
 * database.
 */
import { escapeHtml, localDigits } from '@storefront/contracts';
import type { PermanentReason } from '@storefront/contracts/admin';
import type { ChannelKind } from '../channels/status.ts';
import { enquiryReference } from '../enquiries/repository.ts';

export type MailLanguage = 'fa' | 'en';

/** A staff member's or an enquiry's language as a mail language (fa unless it is en). */
export function mailLanguage(value: string | null | undefined): MailLanguage {
  return value === 'en' ? 'en' : 'fa';
}

/** One mail as it is stored in the outbox (the payload's text fields). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The reference number a visitor is given (orders/repository.ts): E-000042. */
export { enquiryReference };

/** The reference as it is written in a text of this language (Persian digits in Persian). */
export function localReference(id: number, lang: MailLanguage): string {
  return localDigits(enquiryReference(id), lang);
}

const TEXTS = {
  fa: {
    general: 'درخواست عمومی',
    reference: 'شماره پیگیری',
    product: 'محصول',
    phone: 'تلفن',
    email: 'ایمیل',
    message: 'پیام',
    language: 'زبان درخواست',
    languages: { fa: 'فارسی', en: 'انگلیسی' } as Record<string, string>,
    name: 'نام',
    review: 'دیدگاه',
    enquirySubject: (reference: string, product: string) => `درخواست تازه ${reference}: ${product}`,
    enquiryIntro: 'یک درخواست تازه در فروشگاه ثبت شد.',
    enquiryLink: 'دیدن درخواست در پنل مدیریت',
    reviewSubject: (product: string) => `دیدگاه تازه در انتظار تأیید: ${product}`,
    reviewIntro: 'دیدگاه تازه‌ای ثبت شد که پیش از نمایش در فروشگاه باید تأیید شود.',
    reviewLink: 'دیدگاه‌های در انتظار تأیید',
    confirmationSubject: (reference: string, store: string) =>
      `${store ? `${store}: ` : ''}درخواست شما ثبت شد (شماره پیگیری ${reference})`,
    confirmationGreeting: 'سلام،',
    confirmationIntro: (store: string) =>
      store ? `درخواست شما به ${store} رسید. سپاس از پیام شما.` : 'درخواست شما رسید. سپاس از پیام شما.',
    confirmationNext:
      'همکاران ما به‌زودی از راه تلفن یا ایمیلی که نوشته‌اید با شما تماس می‌گیرند. اگر دوباره با ما تماس گرفتید، شماره پیگیری را بگویید.',
    yourMessage: 'پیام شما',
    closing: (store: string) => (store ? `با سپاس،\n${store}` : 'با سپاس'),
    automatic: 'این نامه خودکار فرستاده شده است.',
    followLink: 'پیگیری درخواست شما',
    enquiryText: (reference: string) => `درخواست تازه ${reference}`,
    reviewText: 'دیدگاه تازه در انتظار تأیید',
    channels: { sms: 'پیامک', bale: 'بله', telegram: 'تلگرام' } as Record<ChannelKind, string>,
    failingSubject: (channel: string) => `فرستادن با ${channel} ناموفق است`,
    failingIntro: (channel: string, why: string) => `فرستادن پیام با ${channel} ناموفق است: ${why}.`,
    failingDetail: 'پاسخ سرویس',
    failingLink: 'پیام‌های ناموفق',
    reasons: {
      invalid_key: 'کلید API یا توکن ربات پذیرفته نشد',
      invalid_number: 'شماره تلفن معتبر نیست',
      template_refused: 'الگوی پیامک پذیرفته نشد',
      no_credit: 'اعتبار حساب تمام شده است',
      chat_unreachable: 'گفتگو در دسترس نیست (ربات مسدود شده یا آغاز نشده است)',
      rejected: 'سرویس‌دهنده پیام را نپذیرفت',
      not_configured: 'این راه ارتباطی دیگر راه‌اندازی نشده است',
      expired: 'پیام پیش از فرستاده شدن منقضی شد',
    } satisfies Record<PermanentReason, string>,
    gaveUp: 'پس از چند تلاش ناموفق، فرستادن پیام کنار گذاشته شد',
  },
  en: {
    general: 'General request',
    reference: 'Reference',
    product: 'Product',
    phone: 'Phone',
    email: 'Email',
    message: 'Message',
    language: 'Language of the request',
    languages: { fa: 'Persian', en: 'English' } as Record<string, string>,
    name: 'Name',
    review: 'Review',
    enquirySubject: (reference: string, product: string) => `New enquiry ${reference}: ${product}`,
    enquiryIntro: 'A new enquiry was sent through the store.',
    enquiryLink: 'Open the enquiry in the back office',
    reviewSubject: (product: string) => `New review waiting for approval: ${product}`,
    reviewIntro: 'A new review was written; it appears in the store once it is approved.',
    reviewLink: 'Reviews waiting for approval',
    confirmationSubject: (reference: string, store: string) =>
      `${store ? `${store}: ` : ''}We received your request (reference ${reference})`,
    confirmationGreeting: 'Hello,',
    confirmationIntro: (store: string) =>
      store
        ? `${store} received your request. Thank you for writing to us.`
        : 'We received your request. Thank you for writing to us.',
    confirmationNext:
      'We will contact you soon by phone or at the email address you gave. If you get in touch with us again, please mention the reference number.',
    yourMessage: 'Your message',
    closing: (store: string) => (store ? `Kind regards,\n${store}` : 'Kind regards'),
    automatic: 'This message was sent automatically.',
    followLink: 'Follow your request',
    enquiryText: (reference: string) => `New enquiry ${reference}`,
    reviewText: 'New review waiting for approval',
    channels: { sms: 'SMS', bale: 'Bale', telegram: 'Telegram' } as Record<ChannelKind, string>,
    failingSubject: (channel: string) => `Sending by ${channel} is failing`,
    failingIntro: (channel: string, why: string) => `Sending messages by ${channel} is failing: ${why}.`,
    failingDetail: 'The provider said',
    failingLink: 'Failed deliveries',
    reasons: {
      invalid_key: 'the API key or bot token was refused',
      invalid_number: 'the phone number is not valid',
      template_refused: 'the SMS template was refused',
      no_credit: 'the account has no credit left',
      chat_unreachable: 'the chat cannot be reached (the bot was blocked or never started)',
      rejected: 'the provider refused the message',
      not_configured: 'the channel is no longer set up',
      expired: 'the message expired before it could be sent',
    } satisfies Record<PermanentReason, string>,
    gaveUp: 'a message kept failing and was given up after its last attempt',
  },
} as const;

/** What a mail is made of; `compose` turns it into the text and HTML parts. */
interface MailParts {
  lang: MailLanguage;
  subject: string;
  /** Paragraphs before the fields. */
  intro: string[];
  fields: [label: string, value: string][];
  /** A longer text under a heading (the message, the review). */
  block?: { label: string; text: string };
  /** Paragraphs after the block. */
  outro?: string[];
  link?: { label: string; url: string };
  footer?: string;
}

/** Only http(s) links are written into a mail. */
function safeUrl(url: string): string | undefined {
  // Without a scheme it is a path (a store that knows no address yet): no link, and no thrown
  // TypeError to pay for on every order.
  if (!url.includes(':')) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 12px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

function compose(parts: MailParts): MailContent {
  const url = parts.link ? safeUrl(parts.link.url) : undefined;
  const text: string[] = [...parts.intro, ''];
  for (const [label, value] of parts.fields) text.push(`${label}: ${value}`);
  if (parts.block) text.push('', `${parts.block.label}:`, parts.block.text);
  if (parts.outro?.length) text.push('', ...parts.outro.flatMap((p, i) => (i === 0 ? [p] : ['', p])));
  if (url && parts.link) text.push('', `${parts.link.label}:`, url);
  if (parts.footer) text.push('', '--', parts.footer);

  const rtl = parts.lang === 'fa';
  const align = rtl ? 'right' : 'left';
  const rows = parts.fields
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:${align};padding:4px 12px;font-weight:600;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 12px"><bdi>${escapeHtml(value)}</bdi></td></tr>`,
    )
    .join('');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${parts.lang}" dir="${rtl ? 'rtl' : 'ltr'}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    `<body dir="${rtl ? 'rtl' : 'ltr'}" style="font-family:Tahoma,Arial,sans-serif;font-size:14px;line-height:1.7;color:#1f2937;text-align:${align}">`,
    ...parts.intro.map(paragraphHtml),
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${rows}</table>` : '',
    parts.block
      ? `<h3 style="font-size:14px;margin:16px 0 4px">${escapeHtml(parts.block.label)}</h3>` +
        `<div style="white-space:pre-wrap;border-${rtl ? 'right' : 'left'}:3px solid #d1d5db;padding:4px 12px;margin:0 0 12px">${escapeHtml(parts.block.text)}</div>`
      : '',
    ...(parts.outro ?? []).map(paragraphHtml),
    url && parts.link
      ? `<p style="margin:16px 0"><a href="${escapeHtml(url)}">${escapeHtml(parts.link.label)}</a></p>`
      : '',
    parts.footer
      ? `<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${escapeHtml(parts.footer)}</p>`
      : '',
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
  return { subject: parts.subject, text: `${text.join('\n')}\n`, html: `${html}\n` };
}

export interface EnquiryForMail {
  id: number;
  product_title: string;
  phone: string;
  email: string;
  description: string;
  language: string;
}

export interface ReviewForMail {
  id: number;
  product_title: string;
  name: string;
  email: string;
  content: string;
}

const productOf = (title: string, lang: MailLanguage) =>
  title.trim() === '' ? TEXTS[lang].general : title.trim();

/** A mail to staff about one item (an enquiry, a review), with the link to it in the back office. */
type StaffMail<T> = (lang: MailLanguage, item: T, link: string, storeName: string) => MailContent;

/** A mail to staff about one enquiry or review: the store's name (when it has one) in its footer. */
function staffMail(
  lang: MailLanguage,
  storeName: string,
  parts: Omit<MailParts, 'lang' | 'outro' | 'footer'>,
): MailContent {
  const automatic = TEXTS[lang].automatic;
  return compose({ lang, ...parts, footer: storeName ? `${storeName} · ${automatic}` : automatic });
}

/** The email row of a mail's fields, left out when there is no address. */
const emailField = (label: string, email: string): [string, string][] => (email ? [[label, email]] : []);

/** To a staff member: a new enquiry, with a link to it in the back office. */
export const staffEnquiryMail: StaffMail<EnquiryForMail> = (lang, enquiry, link, storeName) => {
  const t = TEXTS[lang];
  const reference = localReference(enquiry.id, lang);
  const product = productOf(enquiry.product_title, lang);
  return staffMail(lang, storeName, {
    subject: t.enquirySubject(reference, product),
    intro: [t.enquiryIntro],
    fields: [
      [t.reference, reference],
      [t.product, product],
      [t.phone, enquiry.phone],
      ...emailField(t.email, enquiry.email),
      [t.language, t.languages[enquiry.language] ?? enquiry.language],
    ],
    block: { label: t.message, text: enquiry.description },
    link: { label: t.enquiryLink, url: link },
  });
};

/** To a staff member: a review waits for approval. */
export const staffReviewMail: StaffMail<ReviewForMail> = (lang, review, link, storeName) => {
  const t = TEXTS[lang];
  const product = productOf(review.product_title, lang);
  return staffMail(lang, storeName, {
    subject: t.reviewSubject(product),
    intro: [t.reviewIntro],
    fields: [[t.product, product], [t.name, review.name], ...emailField(t.email, review.email)],
    block: { label: t.review, text: review.content },
    link: { label: t.reviewLink, url: link },
  });
};

/**
 * To the visitor: the request arrived, its reference, what happens next, and the private link to
 * follow it (left out when it is not an absolute http(s) URL: without PUBLIC_URL or a staff origin).
 */
export function confirmationMail(
  lang: MailLanguage,
  enquiry: EnquiryForMail,
  storeName: string,
  followUrl?: string,
): MailContent {
  const t = TEXTS[lang];
  const reference = localReference(enquiry.id, lang);
  return compose({
    lang,
    subject: t.confirmationSubject(reference, storeName),
    intro: [t.confirmationGreeting, t.confirmationIntro(storeName)],
    fields: [
      [t.reference, reference],
      [t.product, productOf(enquiry.product_title, lang)],
    ],
    block: { label: t.yourMessage, text: enquiry.description },
    outro: [t.confirmationNext, t.closing(storeName)],
    ...(followUrl ? { link: { label: t.followLink, url: followUrl } } : {}),
    footer: t.automatic,
  });
}

// ---- bot messages: short plain texts (Bale and Telegram show them as they are) -----------------------

/** Lines of a bot message, with the link last when it is an absolute http(s) URL. */
function botText(lines: string[], link: string): string {
  const url = safeUrl(link);
  return [...lines, ...(url ? [url] : [])].join('\n');
}

/** To a staff member on Bale or Telegram: a new enquiry (reference, product, phone) and its link. */
export function staffEnquiryText(lang: MailLanguage, enquiry: EnquiryForMail, link: string): string {
  const t = TEXTS[lang];
  return botText(
    [
      t.enquiryText(localReference(enquiry.id, lang)),
      `${t.product}: ${productOf(enquiry.product_title, lang)}`,
      ...(enquiry.phone ? [`${t.phone}: ${enquiry.phone}`] : []),
      ...(enquiry.email ? [`${t.email}: ${enquiry.email}`] : []),
    ],
    link,
  );
}

/** To a staff member on Bale or Telegram: a review waits (product, reviewer) and the link to the queue. */
export function staffReviewText(lang: MailLanguage, review: ReviewForMail, link: string): string {
  const t = TEXTS[lang];
  return botText(
    [t.reviewText, `${t.product}: ${productOf(review.product_title, lang)}`, `${t.name}: ${review.name}`],
    link,
  );
}

/** A channel that gave up on a message, in words: which channel, and why (null: out of attempts). */
export interface ChannelFailure {
  channel: ChannelKind;
  reason: PermanentReason | null;
  /** What the provider said (the row's last_error). */
  detail: string;
}

function failingWords(lang: MailLanguage, failure: ChannelFailure) {
  const t = TEXTS[lang];
  const channel = t.channels[failure.channel];
  const why = failure.reason ? t.reasons[failure.reason] : t.gaveUp;
  return { t, channel, intro: t.failingIntro(channel, why), detail: failure.detail.trim().slice(0, 300) };
}

/** To a staff member on a bot: a channel is failing, with the link to the failed deliveries. */
export function channelFailingText(lang: MailLanguage, failure: ChannelFailure, link: string): string {
  const { t, intro, detail } = failingWords(lang, failure);
  return botText([intro, ...(detail ? [`${t.failingDetail}: ${detail}`] : [])], link);
}

/** To a staff member by mail: a channel is failing, with the link to the failed deliveries. */
export function channelFailingMail(
  lang: MailLanguage,
  failure: ChannelFailure,
  link: string,
  storeName: string,
): MailContent {
  const { t, channel, intro, detail } = failingWords(lang, failure);
  return staffMail(lang, storeName, {
    subject: t.failingSubject(channel),
    intro: [intro],
    fields: detail ? [[t.failingDetail, detail]] : [],
    link: { label: t.failingLink, url: link },
  });
}

// ---- the enquiry's thread (issue 25): staff told of the buyer's messages and decisions, the buyer of replies and quotes

/** What happened on an enquiry's page that staff are told about. */
export type ThreadEvent = 'message' | 'accepted' | 'declined';
/** What the store did that the buyer is told about. */
export type ReplyKind = 'message' | 'quote';

const THREAD_TEXTS = {
  fa: {
    subject: {
      message: (reference: string) => `پیام تازه خریدار در درخواست ${reference}`,
      accepted: (reference: string) => `پیش‌فاکتور درخواست ${reference} پذیرفته شد`,
      declined: (reference: string) => `پیش‌فاکتور درخواست ${reference} رد شد`,
    } satisfies Record<ThreadEvent, (reference: string) => string>,
    intro: {
      message: 'خریدار در صفحه پیگیری درخواست پیام تازه‌ای نوشت.',
      accepted: 'خریدار پیش‌فاکتور را در صفحه پیگیری درخواست پذیرفت.',
      declined: 'خریدار پیش‌فاکتور را در صفحه پیگیری درخواست رد کرد.',
    } satisfies Record<ThreadEvent, string>,
    quote: 'پیش‌فاکتور',
    version: (number: number) => `نسخه ${localDigits(String(number), 'fa')}`,
    theirMessage: 'پیام خریدار',
    replySubject: {
      message: (reference: string, store: string) =>
        `${store ? `${store}: ` : ''}پاسخ تازه به درخواست شما (شماره پیگیری ${reference})`,
      quote: (reference: string, store: string) =>
        `${store ? `${store}: ` : ''}پیش‌فاکتور درخواست شما (شماره پیگیری ${reference})`,
    } satisfies Record<ReplyKind, (reference: string, store: string) => string>,
    replyIntro: {
      message:
        'به درخواست شما پاسخ تازه‌ای داده شد. برای خواندن آن و پاسخ دادن، صفحه پیگیری درخواست را باز کنید.',
      quote:
        'پیش‌فاکتور درخواست شما آماده است. در صفحه پیگیری درخواست می‌توانید آن را ببینید، PDF آن را بگیرید و آن را بپذیرید یا رد کنید.',
    } satisfies Record<ReplyKind, string>,
    ourReply: 'پاسخ ما',
  },
  en: {
    subject: {
      message: (reference: string) => `New message from the buyer on ${reference}`,
      accepted: (reference: string) => `The quote for ${reference} was accepted`,
      declined: (reference: string) => `The quote for ${reference} was declined`,
    } satisfies Record<ThreadEvent, (reference: string) => string>,
    intro: {
      message: "The buyer wrote a new message on the enquiry's page.",
      accepted: "The buyer accepted the quote on the enquiry's page.",
      declined: "The buyer declined the quote on the enquiry's page.",
    } satisfies Record<ThreadEvent, string>,
    quote: 'Quote',
    version: (number: number) => `version ${number}`,
    theirMessage: "The buyer's message",
    replySubject: {
      message: (reference: string, store: string) =>
        `${store ? `${store}: ` : ''}A new reply on your request (reference ${reference})`,
      quote: (reference: string, store: string) =>
        `${store ? `${store}: ` : ''}Your quote is ready (reference ${reference})`,
    } satisfies Record<ReplyKind, (reference: string, store: string) => string>,
    replyIntro: {
      message: "There is a new reply on your request. Open your request's page to read it and answer.",
      quote:
        "The quote for your request is ready. On your request's page you can read it, download its PDF, and accept or decline it.",
    } satisfies Record<ReplyKind, string>,
    ourReply: 'Our reply',
  },
} as const;

/** What a thread notice tells staff: the event, the enquiry, the buyer's message or the quote's number. */
export interface ThreadNotice {
  event: ThreadEvent;
  enquiry: EnquiryForMail;
  /** The buyer's message (event 'message'); '' when it was only a file. */
  message?: string;
  /** The quote's version (accepted, declined). */
  quote?: number;
}

function threadFields(lang: MailLanguage, notice: ThreadNotice): [string, string][] {
  const t = TEXTS[lang];
  const fields: [string, string][] = [
    [t.reference, localReference(notice.enquiry.id, lang)],
    [t.product, productOf(notice.enquiry.product_title, lang)],
    ...(notice.enquiry.phone ? ([[t.phone, notice.enquiry.phone]] as [string, string][]) : []),
  ];
  if (notice.quote !== undefined)
    fields.push([THREAD_TEXTS[lang].quote, THREAD_TEXTS[lang].version(notice.quote)]);
  return fields;
}

/** To a staff member by mail: the buyer wrote, accepted or declined, with the link to the enquiry. */
export function staffThreadMail(
  lang: MailLanguage,
  notice: ThreadNotice,
  link: string,
  storeName: string,
): MailContent {
  const t = THREAD_TEXTS[lang];
  const message = notice.message?.trim() ?? '';
  return staffMail(lang, storeName, {
    subject: t.subject[notice.event](localReference(notice.enquiry.id, lang)),
    intro: [t.intro[notice.event]],
    fields: threadFields(lang, notice),
    ...(message ? { block: { label: t.theirMessage, text: message } } : {}),
    link: { label: TEXTS[lang].enquiryLink, url: link },
  });
}

/** To a staff member on Bale or Telegram: the same, short, with the link last. */
export function staffThreadText(lang: MailLanguage, notice: ThreadNotice, link: string): string {
  const t = THREAD_TEXTS[lang];
  const message = notice.message?.trim() ?? '';
  return botText(
    [
      t.subject[notice.event](localReference(notice.enquiry.id, lang)),
      ...threadFields(lang, notice)
        .slice(1)
        .map(([label, value]) => `${label}: ${value}`),
      ...(message ? [message.length > 500 ? `${message.slice(0, 500)}…` : message] : []),
    ],
    link,
  );
}

/**
 * To the buyer by mail: the store replied (with the reply's text) or sent a quote, with the private
 * link to the request's page (left out when it is not an absolute http(s) URL).
 */
export function replyMail(
  lang: MailLanguage,
  input: { kind: ReplyKind; enquiry: EnquiryForMail; message?: string; followUrl: string },
  storeName: string,
): MailContent {
  const t = TEXTS[lang];
  const words = THREAD_TEXTS[lang];
  const reference = localReference(input.enquiry.id, lang);
  const message = input.message?.trim() ?? '';
  return compose({
    lang,
    subject: words.replySubject[input.kind](reference, storeName),
    intro: [t.confirmationGreeting, words.replyIntro[input.kind]],
    fields: [
      [t.reference, reference],
      [t.product, productOf(input.enquiry.product_title, lang)],
    ],
    ...(message ? { block: { label: words.ourReply, text: message } } : {}),
    outro: [t.closing(storeName)],
    link: { label: t.followLink, url: input.followUrl },
    footer: t.automatic,
  });
}
