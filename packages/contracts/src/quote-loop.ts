import { z } from 'zod';
import { currencyDisplays } from './amount-in-words.ts';
import { asciiDigits } from './locale-format.ts';
import {
  QUOTE_TERMS_MAX,
  quoteDraftSchema,
  quoteValiditySchema,
  type QuoteDraft,
  type QuoteTotals,
} from './quotes.ts';

/**
 * The quote loop's shapes (issue 25), shared by the server, the back office and the storefront:
 * the seller's and the buyer's identities, the quote settings, a sent version (its frozen snapshot
 * and its state), the thread's messages and attachments, and the visitor's "my requests".
 *
 * The words: an enquiry has at most one draft quote (what staff are editing) and any number of
 * versions (v1, v2…): each is a snapshot of the draft as it was sent, never changed afterwards
 * (its `content_hash` is the SHA-256 of its canonical JSON). A newer version supersedes the older
 * ones; only the newest can be accepted, and only before its `valid_until`.
 */

const text = (max: number) =>
  z
    .string({ message: 'Not a valid string.' })
    .trim()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

/**
 * A code of digits as people type it: Persian or Arabic digits, spaces and dashes are read
 * («۰۰۱۲-۳۴۵۶۷۸۹» is "00123456789"); '' (or absent) when not given.
 */
const digits = (min: number, max: number, what: string) =>
  z
    .string({ message: 'Not a valid string.' })
    .max(max * 3, { message: `Ensure this field has no more than ${max} characters.` })
    .transform((value) => asciiDigits(value).replace(/[\s-]/g, ''))
    .refine((value) => value === '' || new RegExp(`^\\d{${min},${max}}$`).test(value), {
      message: `Enter the ${what}: ${min === max ? min : `${min} to ${max}`} digits.`,
    })
    .default('');

/** Text in each language ({fa, en}; either may be empty). */
const bilingual = (max: number) => z.object({ fa: text(max).default(''), en: text(max).default('') });

// ---- the seller (store settings) and the buyer ----------------------------------------------------

/**
 * The seller's legal identity as a pre-invoice shows it (Iran's official invoice fields): the
 * registered name, economic code (کد اقتصادی, 12 digits, or the 11-digit national id of a legal
 * person as the tax office now uses it), national id (شناسه ملی, 11 digits), registration number,
 * postal code (10 digits), address and phone; the logo and a stamp/signature image (media paths as
 * the back office's upload answers them, or null).
 */
export const quoteSellerSchema = z.object({
  registered_name: bilingual(200),
  economic_code: digits(11, 14, 'economic code'),
  national_id: digits(10, 11, 'national id'),
  registration_number: text(30).default(''),
  postal_code: digits(10, 10, 'postal code'),
  address: bilingual(500),
  phone: text(40).default(''),
  logo: z.string().max(500).nullable().default(null),
  stamp: z.string().max(500).nullable().default(null),
});
export type QuoteSeller = z.infer<typeof quoteSellerSchema>;

export const buyerKinds = ['company', 'person'] as const;
export type BuyerKind = (typeof buyerKinds)[number];

/** The buyer as the quote names them: filled by staff in the editor, or by the buyer on acceptance. */
export const quoteBuyerSchema = z.object({
  kind: z.enum(buyerKinds, { message: 'Must be company or person.' }).default('person'),
  name: text(200).default(''),
  /** A person's national code (کد ملی, 10 digits) or a company's national id (شناسه ملی, 11). */
  national_id: digits(10, 11, 'national id'),
  economic_code: digits(11, 14, 'economic code'),
  postal_code: digits(10, 10, 'postal code'),
  address: text(500).default(''),
  phone: text(40).default(''),
});
export type QuoteBuyer = z.infer<typeof quoteBuyerSchema>;

/** GET/PUT /admin/api/settings/quotes (owner): what every new quote starts from. */
export const quoteSettingsSchema = z.object({
  seller: quoteSellerSchema,
  /** VAT in basis points (1000 = 10 %): the law changes it, so it is a setting. */
  vat_rate: z.number().int().min(0).max(10_000),
  currency: z.enum(currencyDisplays, { message: 'Must be rial or toman.' }),
  validity: quoteValiditySchema,
  payment_terms: text(QUOTE_TERMS_MAX).default(''),
  delivery_terms: text(QUOTE_TERMS_MAX).default(''),
});
export type QuoteSettings = z.infer<typeof quoteSettingsSchema>;
export type QuoteSettingsBody = z.input<typeof quoteSettingsSchema>;

// ---- drafts and versions --------------------------------------------------------------------------

/** PUT /admin/api/enquiries/{id}/quote: the draft and the buyer (both checked; totals must compute). */
export const quoteEditorBodySchema = z.object({
  draft: quoteDraftSchema,
  buyer: quoteBuyerSchema,
});
export type QuoteEditorBody = z.input<typeof quoteEditorBodySchema>;

/** What a version froze when it was sent: everything its page and PDF show, and nothing else. */
export interface QuoteSnapshot {
  /** 1, 2, … per enquiry. */
  number: number;
  /** The enquiry's reference (E-000042) and language: the document's language. */
  reference: string;
  language: 'fa' | 'en';
  /** The store's name and phones in that language, as they were. */
  store: { name: string; phones: string[]; email: string };
  seller: QuoteSeller;
  buyer: QuoteBuyer;
  draft: QuoteDraft;
  totals: QuoteTotals;
  /** ISO instants. */
  sent_at: string;
  valid_until: string;
}

export const quoteVersionStates = ['sent', 'superseded', 'expired', 'accepted', 'declined'] as const;
/** A version's state: stored (sent, superseded, accepted, declined) or computed (expired: sent and past valid_until). */
export type QuoteVersionState = (typeof quoteVersionStates)[number];

export const declineReasons = ['price', 'delivery_time', 'bought_elsewhere', 'other'] as const;
export type DeclineReason = (typeof declineReasons)[number];

/** How the buyer confirmed an acceptance: a one-time code by SMS, or (no SMS) their name and a checkbox. */
export const acceptanceMethods = ['code', 'checkbox'] as const;

/** A version as lists show it (the back office's enquiry page, the visitor's page). */
export const quoteVersionSummarySchema = z.object({
  number: z.number().int(),
  state: z.enum(quoteVersionStates),
  sent_at: z.string(),
  valid_until: z.string(),
  /** Rials. */
  total: z.number().int(),
  currency: z.enum(currencyDisplays),
  content_hash: z.string(),
  sent_by: z.string(),
  decided_at: z.string().nullable(),
  /** accepted: who (the name given) and how; declined: the reason and the note. */
  accepted_by: z.string().nullable(),
  acceptance_method: z.enum(acceptanceMethods).nullable(),
  decline_reason: z.enum(declineReasons).nullable(),
  decline_note: z.string().nullable(),
});
export type QuoteVersionSummary = z.infer<typeof quoteVersionSummarySchema>;

/** GET /admin/api/enquiries/{id}/quote: the draft (null: none yet), what a new one starts from, the versions (newest first). */
export const enquiryQuoteSchema = z.object({
  draft: z.unknown().nullable(),
  buyer: quoteBuyerSchema.nullable(),
  defaults: quoteSettingsSchema,
  versions: z.array(quoteVersionSummarySchema),
  /** Whether server-made PDFs work here (Chromium found); if not, the page prints from the browser. */
  pdf_available: z.boolean(),
});
export type EnquiryQuote = z.infer<typeof enquiryQuoteSchema>;

// ---- the thread -----------------------------------------------------------------------------------

export const MESSAGE_MAX = 4000;
/** An attachment's largest size: 5 MB (a phone photo or a scanned PDF). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** What an attachment may be, decided by its bytes (never by its name or the browser's claim). */
export const attachmentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

export const messageAuthors = ['visitor', 'staff'] as const;

export const enquiryMessageSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  author: z.enum(messageAuthors),
  /** staff: the staff member's name as it is now (else their email then); visitor: ''. */
  author_name: z.string(),
  body: z.string(),
  attachment: z
    .object({ id: z.number().int(), name: z.string(), type: z.enum(attachmentTypes), size: z.number().int() })
    .nullable(),
});
export type EnquiryMessage = z.infer<typeof enquiryMessageSchema>;

/** POST /admin/api/enquiries/{id}/messages (JSON; an attachment goes as multipart with the same field). */
export const staffMessageBodySchema = z.object({
  body: text(MESSAGE_MAX).refine((value) => value !== '', { message: 'This field may not be blank.' }),
});

// ---- my requests (a signed-in storefront user) ----------------------------------------------------

/** The buyer's words for a stored status (the follow page's and my requests'). */
export const buyerStatuses = ['received', 'reviewing', 'quoted', 'accepted', 'closed'] as const;
export type BuyerStatus = (typeof buyerStatuses)[number];

export const BUYER_STATUS_OF: Record<string, BuyerStatus> = {
  new: 'received',
  contacted: 'reviewing',
  quoted: 'quoted',
  won: 'accepted',
  lost: 'closed',
  spam: 'closed',
};

/** GET store/enquiries/ (signed in): the user's enquiries, newest first, each with a link to its page. */
export const myEnquirySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  product: z.number().int().nullable(),
  product_title: z.string(),
  status: z.enum(buyerStatuses),
  creation_date: z.string(),
  /** The private page (/app/e/…), signed for this user for a while (its token is not the SMS's). */
  follow_url: z.string(),
  /** The newest quote's state, if one was sent. */
  quote: z.object({ number: z.number().int(), state: z.enum(quoteVersionStates) }).nullable(),
});
export const myEnquiriesSchema = z.object({ results: z.array(myEnquirySchema) });
export type MyEnquiry = z.infer<typeof myEnquirySchema>;
