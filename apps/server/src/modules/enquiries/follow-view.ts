import {
  asciiDigits,
  buyerKinds,
  dateFormat,
  declineReasons,
  escapeHtml as escape,
  localDigits,
  numberFormat,
  ATTACHMENT_MAX_BYTES,
  CODE_LENGTH,
  MESSAGE_MAX,
  type BuyerStatus,
  type CurrencyDisplay,
  type DeclineReason,
  type EnquiryMessage,
  type FormatLanguage,
  type QuoteBuyer,
  type QuoteVersionState,
  type QuoteVersionSummary,
} from '@storefront/contracts';
import { ACCEPT_FIELD_MAX, DECLINE_NOTE_MAX, type FormName } from './follow-forms.ts';

/**
 * What the visitor's private page (`/app/e/{token}`) shows, as HTML: the request, its timeline, the
 * thread and its form, the quotes and the newest one's accept and decline forms. Pure: every value
 * comes in a `FollowView` (follow-page.ts reads them) and every text from TEXTS, so the page is
 * the same in tests and in use. No script anywhere: plain forms that post and come back (303), or
 * come back at once with the error in words next to its field and everything typed still there.
 */

export type Language = FormatLanguage;

/** What a successful POST tells the page to say (`?done=`). */
export const doneNotices = ['message_sent', 'accepted', 'declined', 'code_sent'] as const;
export type DoneNotice = (typeof doneNotices)[number];

/** One line of the timeline. Staff's notes and assignments are theirs: never here. */
export type TimelineEntry =
  | { at: string; kind: 'received' }
  | { at: string; kind: 'status'; status: BuyerStatus }
  | { at: string; kind: 'quote'; action: 'sent' | 'accepted' | 'declined'; number: number }
  | { at: string; kind: 'message'; author: 'visitor' | 'staff'; id: number };

/** The newest version while it can be answered: its number and the buyer its snapshot names. */
export interface OpenQuote {
  number: number;
  buyer: QuoteBuyer;
}

export interface FollowView {
  lang: Language;
  token: string;
  timeZone: string;
  storeName: string;
  phones: string[];
  /** E-000042 (its digits made the language's here). */
  reference: string;
  status: BuyerStatus;
  product: string;
  createdAt: string;
  description: string;
  timeline: TimelineEntry[];
  /** Oldest first. */
  messages: EnquiryMessage[];
  /** Newest first. */
  quotes: QuoteVersionSummary[];
  open: OpenQuote | undefined;
  /** How an acceptance is confirmed: by a code texted to the enquiry's phone (SMS set up), else a checkbox. */
  acceptBy: 'code' | 'checkbox';
  /** The phone a code goes to, partly hidden (the page may be open on someone else's screen). */
  codePhone: string;
  done: DoneNotice | undefined;
}

/** A form sent back with what was typed and what is wrong with it. */
export interface FormState {
  form: FormName;
  /** The quote a quote form was about. */
  number?: number;
  values: Record<string, string>;
  /** Field → code (a key of TEXTS.errors). */
  errors: Record<string, string>;
  /** A whole-form problem (a key of TEXTS.errors). */
  error?: string;
  /** Seconds to wait (throttled, code_cooldown). */
  retryAfter?: number;
}

/** The buyer's words for a version's state. */
const STATE_WORDS = {
  fa: {
    sent: 'در انتظار پاسخ شما',
    superseded: 'جایگزین شده با نسخهٔ تازه‌تر',
    expired: 'منقضی شده',
    accepted: 'پذیرفته شد',
    declined: 'رد شد',
  },
  en: {
    sent: 'Awaiting your answer',
    superseded: 'Replaced by a newer version',
    expired: 'Expired',
    accepted: 'Accepted',
    declined: 'Declined',
  },
} satisfies Record<Language, Record<QuoteVersionState, string>>;

export const TEXTS = {
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
    skip: 'پرش به پیام‌ها',
    done: {
      message_sent: 'پیام شما فرستاده شد.',
      accepted: 'پیش‌فاکتور را پذیرفتید. فروشگاه با شما تماس می‌گیرد.',
      declined: 'پاسخ شما ثبت شد: پیش‌فاکتور را رد کردید.',
      code_sent: 'کد تأیید با پیامک فرستاده شد. آن را در فرم پذیرش وارد کنید.',
    } satisfies Record<DoneNotice, string>,
    timeline: 'روند درخواست',
    timelineEntry: {
      received: 'درخواست شما دریافت شد',
      status: (status: string) => `وضعیت: ${status}`,
      quoteSent: (n: string) => `پیش‌فاکتور نسخهٔ ${n} فرستاده شد`,
      quoteAccepted: (n: string) => `پیش‌فاکتور نسخهٔ ${n} را پذیرفتید`,
      quoteDeclined: (n: string) => `پیش‌فاکتور نسخهٔ ${n} را رد کردید`,
      visitorMessage: 'پیامی فرستادید',
      staffMessage: 'فروشگاه پاسخ داد',
    },
    messages: 'پیام‌ها',
    noMessages: 'هنوز پیامی نیست. پرسشی دارید؟ همین‌جا بنویسید.',
    you: 'شما',
    store: 'فروشگاه',
    attachment: 'پیوست',
    kb: 'کیلوبایت',
    writeHeading: 'نوشتن پیام',
    body: 'متن پیام',
    file: 'پیوست (اختیاری)',
    fileHint: `عکس (JPEG، PNG، WebP) یا PDF، تا ${localDigits(ATTACHMENT_MAX_BYTES / 1024 / 1024, 'fa')} مگابایت.`,
    fileAgain: 'اگر پیوستی داشتید، دوباره آن را انتخاب کنید.',
    send: 'فرستادن پیام',
    quotes: 'پیش‌فاکتورها',
    noQuotes: 'هنوز پیش‌فاکتوری فرستاده نشده است.',
    quote: (n: string) => `پیش‌فاکتور نسخهٔ ${n}`,
    state: 'وضعیت',
    states: STATE_WORDS.fa,
    total: 'مبلغ کل',
    validUntil: 'معتبر تا',
    decidedAt: 'تاریخ پاسخ',
    view: 'دیدن پیش‌فاکتور',
    pdf: 'دریافت PDF',
    currencies: { rial: 'ریال', toman: 'تومان' } satisfies Record<CurrencyDisplay, string>,
    expired:
      'مهلت این پیش‌فاکتور تمام شده است و دیگر نمی‌توان آن را پذیرفت. فروشگاه می‌تواند آن را با قیمت‌های امروز دوباره صادر کند؛ پیام بدهید یا تماس بگیرید.',
    superseded: (n: string) => `نسخهٔ تازه‌تری فرستاده شده است: پیش‌فاکتور نسخهٔ ${n}.`,
    acceptHeading: (n: string) => `پذیرفتن پیش‌فاکتور نسخهٔ ${n}`,
    buyer: 'مشخصات خریدار',
    buyerHint: 'همان‌گونه که باید در پیش‌فاکتور بیاید. اگر چیزی درست نیست، اصلاحش کنید.',
    kind: 'نوع خریدار',
    kinds: { company: 'شرکت یا سازمان', person: 'شخص حقیقی' } satisfies Record<
      (typeof buyerKinds)[number],
      string
    >,
    name: 'نام خریدار (شخص یا شرکت)',
    nationalId: 'کد ملی یا شناسه ملی',
    nationalIdHint: 'کد ملی ۱۰ رقمی، یا شناسه ملی ۱۱ رقمی شرکت (اختیاری).',
    economicCode: 'کد اقتصادی (اختیاری)',
    postalCode: 'کد پستی (اختیاری)',
    address: 'نشانی',
    signer: 'نام شما (امضاکننده)',
    confirm: 'تأیید',
    codeIntro: 'برای تأیید، کدی به شمارهٔ {phone} پیامک می‌شود.',
    sendCode: 'فرستادن کد تأیید',
    otp: `کد ${localDigits(CODE_LENGTH, 'fa')} رقمی پیامک‌شده`,
    agree: 'این پیش‌فاکتور را می‌پذیرم.',
    accept: 'پذیرفتن پیش‌فاکتور',
    declineHeading: (n: string) => `رد کردن پیش‌فاکتور نسخهٔ ${n}`,
    reason: 'دلیل',
    reasons: {
      price: 'قیمت',
      delivery_time: 'زمان تحویل',
      bought_elsewhere: 'از جای دیگری خریدم',
      other: 'دلیل دیگر',
    } satisfies Record<DeclineReason, string>,
    note: 'توضیح (اختیاری)',
    decline: 'رد کردن پیش‌فاکتور',
    errors: {
      required: 'این بخش را پر کنید.',
      blank: 'این بخش را پر کنید.',
      too_long: 'این متن بیش از اندازه بلند است.',
      invalid_characters: 'این متن نویسه‌هایی دارد که پذیرفته نمی‌شوند.',
      choice_invalid: 'یکی از گزینه‌ها را برگزینید.',
      national_id: 'کد ملی ۱۰ رقم و شناسه ملی ۱۱ رقم است.',
      economic_code: 'کد اقتصادی ۱۱ تا ۱۴ رقم است.',
      postal_code: 'کد پستی ۱۰ رقم است.',
      otp: `کد ${localDigits(CODE_LENGTH, 'fa')} رقمی را وارد کنید.`,
      code_invalid: 'این کد درست نیست یا منقضی شده است. کد تازه‌ای بخواهید.',
      code_cooldown: 'کدی همین حالا فرستاده شد. کمی صبر کنید و دوباره بخواهید.',
      sms_not_configured: 'فرستادن پیامک در این فروشگاه راه‌اندازی نشده است.',
      quote_expired: 'مهلت این پیش‌فاکتور تمام شده است. از فروشگاه بخواهید آن را دوباره صادر کند.',
      quote_superseded: 'نسخهٔ تازه‌تری از این پیش‌فاکتور فرستاده شده است. نسخهٔ تازه را ببینید.',
      quote_decided: 'به این پیش‌فاکتور پیش‌تر پاسخ داده شده است.',
      not_found: 'این پیش‌فاکتور پیدا نشد.',
      attachment_invalid: 'پیوست باید عکس (JPEG، PNG، WebP) یا PDF باشد؛ این پرونده نه عکس است نه PDF.',
      attachment_too_large: `پیوست بزرگ‌تر از ${localDigits(ATTACHMENT_MAX_BYTES / 1024 / 1024, 'fa')} مگابایت است.`,
      throttled: 'درخواست‌های زیادی از شما رسیده است. کمی بعد دوباره امتحان کنید.',
      payload_too_large: 'آنچه فرستادید بیش از اندازه بزرگ است.',
      unsupported_media_type: 'فرم به شکلی فرستاده شد که خوانده نمی‌شود. صفحه را تازه کنید و دوباره بفرستید.',
      bad_request: 'فرم خوانده نشد. صفحه را تازه کنید و دوباره بفرستید.',
      invalid: 'این مقدار درست نیست.',
      server_error: 'کار انجام نشد. کمی بعد دوباره امتحان کنید.',
    } as Record<string, string>,
    retryIn: (minutes: string) => `(پس از حدود ${minutes} دقیقه)`,
    formError: 'فرم فرستاده نشد:',
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
    skip: 'Skip to the messages',
    done: {
      message_sent: 'Your message was sent.',
      accepted: 'You accepted the quote. The store will be in touch.',
      declined: 'Your answer was recorded: you declined the quote.',
      code_sent: 'A confirmation code was sent by text message. Enter it in the acceptance form.',
    } satisfies Record<DoneNotice, string>,
    timeline: 'Timeline',
    timelineEntry: {
      received: 'Your request was received',
      status: (status: string) => `Status: ${status}`,
      quoteSent: (n: string) => `Quote version ${n} was sent`,
      quoteAccepted: (n: string) => `You accepted quote version ${n}`,
      quoteDeclined: (n: string) => `You declined quote version ${n}`,
      visitorMessage: 'You sent a message',
      staffMessage: 'The store replied',
    },
    messages: 'Messages',
    noMessages: 'No messages yet. A question? Write it here.',
    you: 'You',
    store: 'The store',
    attachment: 'Attachment',
    kb: 'KB',
    writeHeading: 'Write a message',
    body: 'Message',
    file: 'Attachment (optional)',
    fileHint: `A photo (JPEG, PNG, WebP) or a PDF, up to ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
    fileAgain: 'If you attached a file, choose it again.',
    send: 'Send the message',
    quotes: 'Quotes',
    noQuotes: 'No quote has been sent yet.',
    quote: (n: string) => `Quote version ${n}`,
    state: 'State',
    states: STATE_WORDS.en,
    total: 'Total',
    validUntil: 'Valid until',
    decidedAt: 'Answered on',
    view: 'View the quote',
    pdf: 'Download the PDF',
    currencies: { rial: 'rials', toman: 'tomans' } satisfies Record<CurrencyDisplay, string>,
    expired:
      'This quote has expired and can no longer be accepted. The store can issue it again at today’s prices: write a message or call.',
    superseded: (n: string) => `A newer version was sent: quote version ${n}.`,
    acceptHeading: (n: string) => `Accept quote version ${n}`,
    buyer: 'The buyer',
    buyerHint: 'As the quote should name them. Correct anything that is not right.',
    kind: 'Buyer type',
    kinds: { company: 'A company or organisation', person: 'A person' } satisfies Record<
      (typeof buyerKinds)[number],
      string
    >,
    name: 'Buyer’s name (person or company)',
    nationalId: 'National code or national id',
    nationalIdHint: 'A person’s 10-digit national code, or a company’s 11-digit national id (optional).',
    economicCode: 'Economic code (optional)',
    postalCode: 'Postal code (optional)',
    address: 'Address',
    signer: 'Your name (who accepts)',
    confirm: 'Confirmation',
    codeIntro: 'To confirm, a code is texted to {phone}.',
    sendCode: 'Send the confirmation code',
    otp: `The ${CODE_LENGTH}-digit code we texted`,
    agree: 'I accept this quote.',
    accept: 'Accept the quote',
    declineHeading: (n: string) => `Decline quote version ${n}`,
    reason: 'Reason',
    reasons: {
      price: 'The price',
      delivery_time: 'The delivery time',
      bought_elsewhere: 'I bought elsewhere',
      other: 'Another reason',
    } satisfies Record<DeclineReason, string>,
    note: 'A note (optional)',
    decline: 'Decline the quote',
    errors: {
      required: 'Fill in this field.',
      blank: 'Fill in this field.',
      too_long: 'This text is too long.',
      invalid_characters: 'This text holds characters that are not accepted.',
      choice_invalid: 'Choose one of the options.',
      national_id: 'A national code has 10 digits; a national id has 11.',
      economic_code: 'An economic code has 11 to 14 digits.',
      postal_code: 'A postal code has 10 digits.',
      otp: `Enter the ${CODE_LENGTH}-digit code.`,
      code_invalid: 'This code is wrong or has expired. Ask for a new one.',
      code_cooldown: 'A code was sent a moment ago. Wait a little, then ask again.',
      sms_not_configured: 'Text messages are not set up on this store.',
      quote_expired: 'This quote has expired. Ask the store to issue it again.',
      quote_superseded: 'A newer version of this quote was sent. See the newest version.',
      quote_decided: 'This quote was already answered.',
      not_found: 'This quote was not found.',
      attachment_invalid: 'The attachment must be a photo (JPEG, PNG, WebP) or a PDF; this file is neither.',
      attachment_too_large: `The attachment is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
      throttled: 'Too many requests came from you. Try again a little later.',
      payload_too_large: 'What you sent is too large.',
      unsupported_media_type:
        'The form was sent in a way that cannot be read. Reload the page and send it again.',
      bad_request: 'The form could not be read. Reload the page and send it again.',
      invalid: 'This value is not valid.',
      server_error: 'That did not work. Try again a little later.',
    } as Record<string, string>,
    retryIn: (minutes: string) => `(in about ${minutes} minutes)`,
    formError: 'The form was not sent:',
  },
} as const;

/** Only what these pages need beyond the shared shell (mobile first: one column, full-width fields). */
export const STYLE =
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#475569}dd{margin:0}' +
  '.message,.body{white-space:pre-wrap;overflow-wrap:anywhere}' +
  '.message{background:#f1f5f9;padding:.75rem 1rem;border-radius:.375rem}' +
  '.store{color:#475569;margin:0}.note,.hint,.meta{color:#475569;font-size:.9em}' +
  'section{margin-top:2rem}ol,ul{padding-inline-start:1.25rem}' +
  '.thread{list-style:none;padding:0}.thread li{padding:.5rem .75rem;border-radius:.375rem;margin:.5rem 0}' +
  '.thread .visitor{background:#eff6ff}.thread .staff{background:#f1f5f9}.meta{margin:0}' +
  '.quotes{list-style:none;padding:0}.quotes>li{border:1px solid #cbd5e1;border-radius:.5rem;padding:.75rem;margin:.75rem 0}' +
  'h3{margin:.25rem 0;font-size:1.05rem}' +
  'label{display:block;font-weight:600}.choice label{display:inline;font-weight:400}' +
  'input[type=text],input[type=file],textarea{display:block;width:100%;box-sizing:border-box;font:inherit;' +
  'padding:.5rem;border:1px solid #64748b;border-radius:.375rem;background:#fff;color:inherit}' +
  'textarea{min-height:6rem}.field{margin:0 0 .9rem}' +
  'fieldset{border:1px solid #cbd5e1;border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}legend{font-weight:600;padding:0 .25rem}' +
  '.error{color:#b91c1c;margin:.25rem 0 0;font-size:.95em}[aria-invalid=true]{border-color:#b91c1c!important}' +
  '.notice{background:#dcfce7;color:#14532d;padding:.75rem 1rem;border-radius:.375rem}' +
  '.alert{background:#fee2e2;color:#7f1d1d;padding:.75rem 1rem;border-radius:.375rem}' +
  'button.secondary{background:#475569}.actions a{margin-inline-end:1rem;display:inline-block;padding:.25rem 0}' +
  'input[type=radio],input[type=checkbox]{width:1.2rem;height:1.2rem;vertical-align:middle}';

type Texts = (typeof TEXTS)[Language];

/** A phone as a `tel:` link's target: its digits (Persian digits read as such) and a leading +; empty when it has none. */
export function telTarget(phone: string): string {
  const digits = asciiDigits(phone).replace(/[^\d+]/g, '');
  const plain = digits.replace(/(?!^)\+/g, '');
  return /\d/.test(plain) ? plain : '';
}

/** The store's phones as a list of `tel:` links, in the language's digits. */
export function phoneList(phones: string[], lang: Language): string {
  if (phones.length === 0) return '';
  const items = phones.map((phone) => {
    const shown = `<bdi dir="ltr">${escape(localDigits(phone, lang))}</bdi>`;
    const target = telTarget(phone);
    return `<li>${target ? `<a href="tel:${escape(target)}">${shown}</a>` : shown}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

/** An instant as a `<time>`: the date and the hour in the store's zone (Jalali and Persian digits in fa). */
function time(view: FollowView, iso: string, dateOnly = false): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: 'long', timeZone: view.timeZone }
    : { dateStyle: 'medium', timeStyle: 'short', timeZone: view.timeZone };
  return `<time datetime="${escape(at.toISOString())}">${escape(dateFormat(view.lang, options).format(at))}</time>`;
}

/** An amount of Rials in the quote's currency, with the language's digits and separators. */
export function money(rials: number, currency: CurrencyDisplay, lang: Language): string {
  const amount = currency === 'toman' ? rials / 10 : rials;
  const figure = numberFormat(lang, { maximumFractionDigits: 1 }).format(amount);
  return `${figure} ${TEXTS[lang].currencies[currency]}`;
}

function n(value: number, lang: Language): string {
  return localDigits(value, lang);
}

const base = (view: FollowView) => `/app/e/${encodeURIComponent(view.token)}`;
const lng = (view: FollowView) => `lng=${view.lang}`;

/** The text of an error code, with the wait when there is one. */
function errorText(t: Texts, lang: Language, code: string, retryAfter?: number): string {
  const text = t.errors[code] ?? t.errors.invalid!;
  if (retryAfter === undefined || retryAfter <= 0) return text;
  return `${text} ${t.retryIn(localDigits(Math.max(1, Math.ceil(retryAfter / 60)), lang))}`;
}

/** Renders fields of one form, reading what was typed and what is wrong from the state when it is this form's. */
class FormWriter {
  private readonly state: FormState | undefined;
  private readonly view: FollowView;
  private readonly prefix: string;
  private readonly defaults: Record<string, string>;
  constructor(
    view: FollowView,
    prefix: string,
    form: FormName,
    state: FormState | undefined,
    defaults: Record<string, string> = {},
    number?: number,
  ) {
    this.view = view;
    this.prefix = prefix;
    this.defaults = defaults;
    this.state =
      state?.form === form && (number === undefined || state.number === number) ? state : undefined;
  }

  private get t(): Texts {
    return TEXTS[this.view.lang];
  }

  value(name: string): string {
    return this.state ? (this.state.values[name] ?? '') : (this.defaults[name] ?? '');
  }

  id(name: string): string {
    return `${this.prefix}-${name}`;
  }

  private errorOf(name: string): string | undefined {
    return this.state?.errors[name];
  }

  /** The attributes tying a control to its hint and error. */
  private described(name: string, hint: boolean): string {
    const error = this.errorOf(name);
    const ids = [hint ? `${this.id(name)}-hint` : '', error ? `${this.id(name)}-error` : ''].filter(Boolean);
    return `${ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
  }

  private errorLine(name: string): string {
    const error = this.errorOf(name);
    if (!error) return '';
    return `<p class="error" id="${this.id(name)}-error">${escape(errorText(this.t, this.view.lang, error))}</p>`;
  }

  private hintLine(name: string, hint: string | undefined): string {
    return hint ? `<p class="hint" id="${this.id(name)}-hint">${escape(hint)}</p>` : '';
  }

  text(
    name: string,
    label: string,
    options: {
      required?: boolean;
      maxLength: number;
      hint?: string;
      inputMode?: string;
      autocomplete?: string;
    },
  ): string {
    const attrs = [
      `type="text"`,
      `id="${this.id(name)}"`,
      `name="${name}"`,
      `value="${escape(this.value(name))}"`,
      `maxlength="${options.maxLength}"`,
      options.required ? 'required' : '',
      options.inputMode ? `inputmode="${options.inputMode}"` : '',
      options.autocomplete ? `autocomplete="${options.autocomplete}"` : '',
      options.inputMode === 'numeric' ? 'dir="ltr"' : 'dir="auto"',
    ].filter(Boolean);
    return `<div class="field"><label for="${this.id(name)}">${escape(label)}</label>${this.hintLine(name, options.hint)}<input ${attrs.join(' ')}${this.described(name, options.hint !== undefined)}>${this.errorLine(name)}</div>`;
  }

  textarea(
    name: string,
    label: string,
    options: { required?: boolean; maxLength: number; rows?: number },
  ): string {
    return `<div class="field"><label for="${this.id(name)}">${escape(label)}</label><textarea id="${this.id(name)}" name="${name}" maxlength="${options.maxLength}" rows="${options.rows ?? 4}" dir="auto"${options.required ? ' required' : ''}${this.described(name, false)}>${escape(this.value(name))}</textarea>${this.errorLine(name)}</div>`;
  }

  file(name: string, label: string, hint: string): string {
    const again = this.state ? ` ${this.t.fileAgain}` : '';
    return `<div class="field"><label for="${this.id(name)}">${escape(label)}</label>${this.hintLine(name, hint + again)}<input type="file" id="${this.id(name)}" name="${name}" accept="image/jpeg,image/png,image/webp,application/pdf"${this.described(name, true)}>${this.errorLine(name)}</div>`;
  }

  /** Radios in a fieldset whose legend names them; the error belongs to the group. */
  radios(name: string, legend: string, choices: readonly string[], words: Record<string, string>): string {
    const chosen = this.value(name);
    const error = this.errorOf(name);
    const items = choices.map(
      (choice) =>
        `<div class="choice"><input type="radio" id="${this.id(`${name}-${choice}`)}" name="${name}" value="${choice}"${chosen === choice ? ' checked' : ''}${error ? ` aria-describedby="${this.id(name)}-error"` : ''}> <label for="${this.id(`${name}-${choice}`)}">${escape(words[choice] ?? choice)}</label></div>`,
    );
    return `<fieldset${error ? ` aria-describedby="${this.id(name)}-error"` : ''}><legend>${escape(legend)}</legend>${items.join('')}${this.errorLine(name)}</fieldset>`;
  }

  checkbox(name: string, label: string): string {
    const checked = this.value(name) !== '';
    return `<div class="field choice"><input type="checkbox" id="${this.id(name)}" name="${name}" value="yes"${checked ? ' checked' : ''}${this.described(name, false)}> <label for="${this.id(name)}">${escape(label)}</label>${this.errorLine(name)}</div>`;
  }

  /** The form's own problem (not a field's), announced when the page comes back with it. */
  alert(): string {
    const state = this.state;
    if (!state?.error) return '';
    return `<p class="alert" role="alert" id="${this.prefix}-alert">${escape(this.t.formError)} ${escape(errorText(this.t, this.view.lang, state.error, state.retryAfter))}</p>`;
  }
}

function header(view: FollowView, t: Texts): string {
  const reference = localDigits(view.reference, view.lang);
  const created = time(view, view.createdAt, true);
  return [
    view.storeName ? `<p class="store">${escape(view.storeName)}</p>` : '',
    `<h1>${escape(t.heading)}</h1>`,
    view.done ? `<p class="notice" role="status">${escape(t.done[view.done])}</p>` : '',
    '<dl>',
    `<dt>${escape(t.reference)}</dt><dd><bdi dir="ltr">${escape(reference)}</bdi></dd>`,
    `<dt>${escape(t.status)}</dt><dd><strong>${escape(t.statuses[view.status])}</strong></dd>`,
    `<dt>${escape(t.product)}</dt><dd>${escape(view.product)}</dd>`,
    created ? `<dt>${escape(t.date)}</dt><dd>${created}</dd>` : '',
    '</dl>',
    // The visitor may have written in either language, whatever the page's: its direction is its own.
    view.description
      ? `<h2>${escape(t.message)}</h2><p class="message" dir="auto">${escape(view.description)}</p>`
      : '',
  ].join('');
}

function timeline(view: FollowView, t: Texts): string {
  const lines = view.timeline.map((entry) => {
    let text: string;
    let href = '';
    switch (entry.kind) {
      case 'received':
        text = t.timelineEntry.received;
        break;
      case 'status':
        text = t.timelineEntry.status(t.statuses[entry.status]);
        break;
      case 'quote': {
        const number = n(entry.number, view.lang);
        text =
          entry.action === 'sent'
            ? t.timelineEntry.quoteSent(number)
            : entry.action === 'accepted'
              ? t.timelineEntry.quoteAccepted(number)
              : t.timelineEntry.quoteDeclined(number);
        href = `#quote-${entry.number}`;
        break;
      }
      case 'message':
        text = entry.author === 'visitor' ? t.timelineEntry.visitorMessage : t.timelineEntry.staffMessage;
        href = `#m-${entry.id}`;
        break;
    }
    const words = href ? `<a href="${href}">${escape(text)}</a>` : escape(text);
    return `<li>${time(view, entry.at)}: ${words}</li>`;
  });
  return `<section aria-labelledby="timeline"><h2 id="timeline">${escape(t.timeline)}</h2><ol>${lines.join('')}</ol></section>`;
}

function messages(view: FollowView, t: Texts, state: FormState | undefined): string {
  const items = view.messages.map((message) => {
    const who =
      message.author === 'visitor'
        ? t.you
        : // A staff member's name, never their email (the visitor is not told staff's addresses).
          message.author_name && !message.author_name.includes('@')
          ? `${message.author_name} (${view.storeName || t.store})`
          : view.storeName || t.store;
    const attachment = message.attachment
      ? `<p class="meta">${escape(t.attachment)}: <a href="${base(view)}/attachments/${message.attachment.id}?${lng(view)}" download>${escape(message.attachment.name)}</a> (${escape(
          numberFormat(view.lang, { maximumFractionDigits: 0 }).format(
            Math.max(1, Math.round(message.attachment.size / 1024)),
          ),
        )} ${escape(t.kb)})</p>`
      : '';
    return `<li id="m-${message.id}" class="${message.author}"><p class="meta"><strong>${escape(who)}</strong> · ${time(view, message.at)}</p>${message.body ? `<p class="body" dir="auto">${escape(message.body)}</p>` : ''}${attachment}</li>`;
  });
  const form = new FormWriter(view, 'message', 'message', state);
  return [
    '<section aria-labelledby="messages">',
    `<h2 id="messages">${escape(t.messages)}</h2>`,
    items.length > 0 ? `<ol class="thread">${items.join('')}</ol>` : `<p>${escape(t.noMessages)}</p>`,
    `<h3 id="write">${escape(t.writeHeading)}</h3>`,
    form.alert(),
    `<form method="post" action="${base(view)}/messages?${lng(view)}" enctype="multipart/form-data">`,
    form.textarea('body', t.body, { maxLength: MESSAGE_MAX, rows: 5 }),
    form.file('attachment', t.file, t.fileHint),
    `<button type="submit">${escape(t.send)}</button>`,
    '</form>',
    '</section>',
  ].join('');
}

/** The defaults of the acceptance form: the buyer the snapshot names. */
function buyerDefaults(buyer: QuoteBuyer, lang: Language): Record<string, string> {
  return {
    kind: buyer.kind,
    name: buyer.name,
    national_id: localDigits(buyer.national_id, lang),
    economic_code: localDigits(buyer.economic_code, lang),
    postal_code: localDigits(buyer.postal_code, lang),
    address: buyer.address,
    signer: buyer.kind === 'person' ? buyer.name : '',
  };
}

function acceptForms(view: FollowView, t: Texts, open: OpenQuote, state: FormState | undefined): string {
  const number = n(open.number, view.lang);
  const action = (what: string) => `${base(view)}/quotes/${open.number}/${what}?${lng(view)}`;
  const accept = new FormWriter(
    view,
    'accept',
    'accept',
    state,
    buyerDefaults(open.buyer, view.lang),
    open.number,
  );
  const code = new FormWriter(view, 'code', 'code', state, {}, open.number);
  const decline = new FormWriter(view, 'decline', 'decline', state, {}, open.number);
  const confirmation =
    view.acceptBy === 'code'
      ? accept.text('otp', t.otp, {
          required: true,
          maxLength: 12,
          inputMode: 'numeric',
          autocomplete: 'one-time-code',
        })
      : accept.checkbox('agree', t.agree);
  return [
    `<h3 id="accept">${escape(t.acceptHeading(number))}</h3>`,
    view.acceptBy === 'code'
      ? [
          `<p>${t.codeIntro
            .split('{phone}')
            .map(escape)
            .join(`<bdi dir="ltr">${escape(localDigits(view.codePhone, view.lang))}</bdi>`)}</p>`,
          code.alert(),
          `<form method="post" action="${action('code')}"><button type="submit" class="secondary">${escape(t.sendCode)}</button></form>`,
        ].join('')
      : '',
    accept.alert(),
    `<form method="post" action="${action('accept')}">`,
    `<fieldset><legend>${escape(t.buyer)}</legend><p class="hint">${escape(t.buyerHint)}</p>`,
    accept.radios('kind', t.kind, buyerKinds, t.kinds),
    accept.text('name', t.name, {
      required: true,
      maxLength: ACCEPT_FIELD_MAX.name,
      autocomplete: 'organization',
    }),
    accept.text('national_id', t.nationalId, { maxLength: 20, inputMode: 'numeric', hint: t.nationalIdHint }),
    accept.text('economic_code', t.economicCode, { maxLength: 20, inputMode: 'numeric' }),
    accept.text('postal_code', t.postalCode, {
      maxLength: 20,
      inputMode: 'numeric',
      autocomplete: 'postal-code',
    }),
    accept.textarea('address', t.address, { maxLength: ACCEPT_FIELD_MAX.address, rows: 2 }),
    '</fieldset>',
    `<fieldset><legend>${escape(t.confirm)}</legend>`,
    accept.text('signer', t.signer, {
      required: true,
      maxLength: ACCEPT_FIELD_MAX.signer,
      autocomplete: 'name',
    }),
    confirmation,
    '</fieldset>',
    `<button type="submit">${escape(t.accept)}</button>`,
    '</form>',
    `<h3 id="decline">${escape(t.declineHeading(number))}</h3>`,
    decline.alert(),
    `<form method="post" action="${action('decline')}">`,
    decline.radios('reason', t.reason, declineReasons, t.reasons),
    decline.textarea('note', t.note, { maxLength: DECLINE_NOTE_MAX, rows: 3 }),
    `<button type="submit" class="secondary">${escape(t.decline)}</button>`,
    '</form>',
  ].join('');
}

function quotes(view: FollowView, t: Texts, state: FormState | undefined): string {
  const newest = view.quotes[0];
  const items = view.quotes.map((quote) => {
    const number = n(quote.number, view.lang);
    const page = `${base(view)}/quotes/${quote.number}?${lng(view)}`;
    const rows = [
      `<dt>${escape(t.state)}</dt><dd><strong>${escape(t.states[quote.state])}</strong></dd>`,
      `<dt>${escape(t.total)}</dt><dd><bdi>${escape(money(quote.total, quote.currency, view.lang))}</bdi></dd>`,
      `<dt>${escape(t.validUntil)}</dt><dd>${time(view, quote.valid_until)}</dd>`,
      quote.decided_at ? `<dt>${escape(t.decidedAt)}</dt><dd>${time(view, quote.decided_at)}</dd>` : '',
    ];
    let more = '';
    if (quote.state === 'expired') {
      more = `<p>${escape(t.expired)}</p>${phoneList(view.phones, view.lang)}`;
    } else if (quote.state === 'superseded' && newest && newest.number !== quote.number) {
      more = `<p><a href="#quote-${newest.number}">${escape(t.superseded(n(newest.number, view.lang)))}</a></p>`;
    }
    const open = view.open?.number === quote.number ? acceptForms(view, t, view.open, state) : '';
    return `<li id="quote-${quote.number}"><h3>${escape(t.quote(number))}</h3><dl>${rows.join('')}</dl><p class="actions"><a href="${page}">${escape(t.view)}</a><a href="${base(view)}/quotes/${quote.number}/pdf?${lng(view)}">${escape(t.pdf)}</a></p>${more}${open}</li>`;
  });
  // A quote form's whole-form problem about a version that has no form any more (it expired, was
  // replaced or answered meanwhile): said at the top of the quotes, where the visitor looks.
  const orphan =
    state &&
    (state.form === 'accept' || state.form === 'decline' || state.form === 'code') &&
    view.open?.number !== state.number
      ? `<p class="alert" role="alert">${escape(t.formError)} ${escape(errorText(t, view.lang, state.error ?? 'quote_decided', state.retryAfter))}</p>`
      : '';
  return [
    '<section aria-labelledby="quotes">',
    `<h2 id="quotes">${escape(t.quotes)}</h2>`,
    orphan,
    items.length > 0 ? `<ol class="quotes">${items.join('')}</ol>` : `<p>${escape(t.noQuotes)}</p>`,
    '</section>',
  ].join('');
}

/** The content of the page's `<main>`. */
export function followMain(view: FollowView, state?: FormState): string {
  const t = TEXTS[view.lang];
  return [
    header(view, t),
    quotes(view, t, state),
    messages(view, t, state),
    timeline(view, t),
    view.phones.length > 0
      ? `<section aria-labelledby="contact"><h2 id="contact">${escape(t.contact)}</h2>${phoneList(view.phones, view.lang)}</section>`
      : '',
    `<p class="note">${escape(t.private)}</p>`,
  ].join('');
}

/** A phone with all but its first four and last two digits hidden: 0912*****67. */
export function maskedPhone(phone: string): string {
  const digits = asciiDigits(phone).replace(/\D/g, '');
  if (digits.length < 7) return '';
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 6)}${digits.slice(-2)}`;
}
