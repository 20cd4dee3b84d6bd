import { z } from 'zod';
import { pageNumber, pageSize, queryId, searchText } from './admin-query.ts';
import { channelWarningSchema, deliveryKinds, permanentReasons } from './admin-channels.ts';
import { coded } from './errors.ts';

/**
 * The back office's second part (`/admin/api/…`): the enquiry inbox, review moderation, customers,
 * the newsletter list, notifications (mail outbox, webhooks, staff preferences, settings) and the
 * dashboard. Re-exported by `@storefront/contracts/admin`.
 */

const bodyId = z
  .number({ message: 'A valid integer is required.' })
  .int({ message: 'A valid integer is required.' })
  .min(1)
  .max(2_147_483_647);
const day = z.iso.date({ message: 'Use a date such as 2026-01-31.' });

// ---- enquiries ----------------------------------------------------------------------------------

/** The workflow: new → contacted → quoted → won or lost; or spam. Any step may be set by hand. */
export const enquiryStatuses = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];
export const enquiryStatusSchema = z.enum(enquiryStatuses, {
  message: 'Must be new, contacted, quoted, won, lost or spam.',
});

/**
 * Where the visitor first came from (a first-party cookie kept 30 days; issue 26). `source` names
 * the engine or network in words (torob, emalls, google, instagram, telegram, whatsapp, bale…, or
 * another site's host); '' when direct or unknown. The other parts are null when not known.
 */
export const enquirySourceSchema = z.object({
  source: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  referrer_host: z.string().nullable(),
  /** Torob's click id, kept when the enquiry came within 7 days of the click (Torob's window). */
  torob_clid: z.string().nullable(),
  /** When the visitor first landed. */
  landed_at: z.string().nullable(),
});
export type EnquirySource = z.infer<typeof enquirySourceSchema>;

/** The inbox filter's word for enquiries with no source (`source` ''). */
export const DIRECT_SOURCE = 'direct';

export const enquiryRowSchema = z.object({
  id: z.number().int(),
  /** The reference number the visitor was given (the id, padded: E-000123). */
  reference: z.string(),
  /** null: a general request (the home page's form), or a product since deleted (then product_title stays). */
  product_id: z.number().int().nullable(),
  product_title: z.string(),
  phone: z.string(),
  email: z.string(),
  description: z.string(),
  /** The storefront language it was sent in. */
  language: z.string(),
  status: enquiryStatusSchema,
  assignee: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  read: z.boolean(),
  created_at: z.string(),
  /** Sent by a signed-in storefront user. */
  user_id: z.number().int().nullable(),
  source: enquirySourceSchema,
});
export type EnquiryRow = z.infer<typeof enquiryRowSchema>;

/**
 * A list counts its matches up to this many (`capped` when there are more) and pages through them:
 * the newest 10,000 matches of any filter; older ones are reached by narrowing it (dates, status,
 * search). Keeps every list request to a bounded read at 1,000,000 enquiries.
 */
export const ENQUIRY_LIST_LIMIT = 10_000;

/**
 * A list with a text search (`q`) counts and pages through its newest 1,000 matches: a search's
 * matches are checked row by row (PostgreSQL rechecks each trigram match in the table), so counting
 * 10,000 of them cost 100+ ms at 1,000,000 enquiries; 1,000 cost a tenth of that. A search with
 * more matches is narrowed (more words, dates, status) rather than paged through.
 */
export const ENQUIRY_SEARCH_LIMIT = 1_000;

/** GET /enquiries: a page, the count (at most ENQUIRY_LIST_LIMIT, or ENQUIRY_SEARCH_LIMIT with a search) and whether more match. */
export const enquiryPageSchema = z.object({
  count: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  results: z.array(enquiryRowSchema),
});
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;

export const enquiryQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  status: enquiryStatusSchema.optional(),
  /** A product id; `general` for requests without a product. */
  product: z.union([z.literal('general'), queryId]).optional(),
  collection: queryId.optional(),
  /** A staff id, or `none` for unassigned ones. */
  assignee: z.union([z.literal('none'), queryId]).optional(),
  /** Only unread ones. */
  unread: z.enum(['1', 'true']).optional(),
  /** Sent on or after this day / on or before this day (the store's time zone). */
  from: day.optional(),
  to: day.optional(),
  /** Words that must all occur in the phone, email or description (Persian-aware; Persian digits find ASCII ones). */
  q: searchText.optional(),
  /** A source as enquiries name it (torob, google, a host…), or `direct` for those with none. */
  source: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'This field may not be blank.' })
    .max(100, { message: 'Ensure this field has no more than 100 characters.' })
    .optional(),
});
export type EnquiryQuery = z.input<typeof enquiryQuerySchema>;

/** The steps of a quote an enquiry's timeline shows (kind `quote`). */
export const quoteEventActions = ['sent', 'reissued', 'accepted', 'declined'] as const;
export type QuoteEventAction = (typeof quoteEventActions)[number];

/** One entry of an enquiry's timeline. */
export const enquiryEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it: the email as it was then, the name as it is now ('' when unknown). */
  staff: z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() }),
  /** quote: a step of the quote loop (issue 25), read from `quote`. */
  kind: z.enum(['note', 'status', 'assign', 'quote']),
  /** note: its text. */
  note: z.string().nullable(),
  /** status: the statuses; assign: the staff ids as decimal strings (null: nobody). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * assign: the names of `from` and `to` as they are now, disabled staff too (null: nobody, or a
   * deleted staff member); note and status: null.
   */
  from_name: z.string().nullable(),
  to_name: z.string().nullable(),
  /**
   * quote: what happened to which version (sent by staff, re-issued at today's prices, accepted or
   * declined by the buyer: then `staff.id` is null); the other kinds: null or absent.
   */
  quote: z
    .object({ action: z.enum(quoteEventActions), number: z.number().int() })
    .nullable()
    .optional(),
});
export type EnquiryEvent = z.infer<typeof enquiryEventSchema>;

export const enquiryDetailSchema = z.object({
  enquiry: enquiryRowSchema,
  /** The product as it is now; null for a general request or a deleted product. */
  product: z
    .object({
      id: z.number().int(),
      title: z.string(),
      published: z.boolean(),
      /** The storefront page (in the enquiry's language). */
      storefront_url: z.string(),
    })
    .nullable(),
  /** The same visitor's other requests (same phone or email), newest first (at most 20). */
  others: z.array(enquiryRowSchema),
  events: z.array(enquiryEventSchema),
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

export const updateEnquiryBodySchema = z
  .object({
    status: enquiryStatusSchema.optional(),
    /** A staff id (owner or sales, active), or null to unassign. */
    assignee: bodyId.nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee !== undefined, {
    message: 'Send a status or an assignee.',
  });
export type UpdateEnquiryBody = z.input<typeof updateEnquiryBodySchema>;

export const NOTE_MAX = 2000;
export const noteBodySchema = z.object({
  text: z
    .string({ message: 'This field is required.' })
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(NOTE_MAX, { message: `Ensure this field has no more than ${NOTE_MAX} characters.` }),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** Who an enquiry can be given to: active owners and sales staff. */
export const assigneeSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** GET /enquiries/export?format=csv|xlsx&(the list's filters): every matching enquiry, newest first. */
export const enquiryExportQuerySchema = enquiryQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { message: 'Must be csv or xlsx.' }) });
/** The most rows one export holds (Excel's sheet holds 1,048,576). */
export const EXPORT_MAX_ROWS = 1_000_000;

// ---- reviews ----------------------------------------------------------------------------------------

export const reviewStatuses = ['published', 'held', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_title: z.string(),
  name: z.string(),
  email: z.string(),
  content: z.string(),
  language: z.string().nullable(),
  status: z.enum(reviewStatuses),
  creation_date: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  status: z.enum(reviewStatuses, { message: 'Must be published, held or hidden.' }).optional(),
  product: queryId.optional(),
  q: searchText.optional(),
});
export type ReviewQuery = z.input<typeof reviewQuerySchema>;

/** Approve (published) or hide a review. */
export const updateReviewBodySchema = z.object({
  status: z.enum(['published', 'hidden'], { message: 'Must be published or hidden.' }),
});

// ---- customers (storefront users) ---------------------------------------------------------------

export const customerSchema = z.object({
  id: z.number().int(),
  /** The phone number they sign in with. */
  phone: z.string(),
  email: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  likes: z.number().int(),
  enquiries: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  q: searchText.optional(),
  status: z.enum(['active', 'disabled'], { message: 'Must be active or disabled.' }).optional(),
});
export type CustomerQuery = z.input<typeof customerQuerySchema>;

export const customerDetailSchema = z.object({
  customer: customerSchema,
  liked: z.array(z.object({ id: z.number().int(), title: z.string(), liked_at: z.string() })),
  enquiries: z.array(enquiryRowSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const updateCustomerBodySchema = z.object({
  active: z.boolean({ message: 'Must be true or false.' }),
});

/** What deleting a customer removed. */
export const customerDeletedSchema = z.object({
  likes: z.number().int(),
  enquiries_anonymised: z.number().int(),
  reviews: z.number().int(),
  newsletter: z.number().int(),
  /** Messages of the outbox (sent or waiting) addressed to the customer or naming their phone or email. */
  messages: z.number().int(),
});
export type CustomerDeleted = z.infer<typeof customerDeletedSchema>;

// ---- newsletter -------------------------------------------------------------------------------------

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.string(),
  created_at: z.string(),
  /** The link that takes the address off the list without signing in. */
  unsubscribe_url: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  q: searchText.optional(),
});
export type SubscriberQuery = z.input<typeof subscriberQuerySchema>;

// ---- notifications ------------------------------------------------------------------------------------

export const notificationPreferencesSchema = z.object({
  /** The language of the mail sent to this staff member. */
  language: z.enum(['fa', 'en'], { message: 'Must be fa or en.' }),
  notify_enquiries: z.boolean(),
  notify_reviews: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  /** Deliveries: sent, waiting (pending) and given up (failed). */
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookBodySchema = z.object({
  url: z
    .string({ message: 'This field is required.' })
    .trim()
    .max(2000, { message: 'Ensure this field has no more than 2000 characters.' })
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (
            (url.protocol === 'https:' || url.protocol === 'http:') &&
            url.username === '' &&
            url.password === ''
          );
        } catch {
          return false;
        }
      },
      coded('url_invalid', 'Enter a valid http(s) URL.'),
    ),
});
/** The webhook and its signing secret (shown once). */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export const updateWebhookBodySchema = z.object({ active: z.boolean({ message: 'Must be true or false.' }) });

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export const deliverySchema = z.object({
  id: z.number().int(),
  kind: z.enum(deliveryKinds),
  topic: z.string(),
  recipient: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  /** Why a failed send is never retried (admin-channels.ts permanentReasons); null otherwise. */
  reason: z.enum(permanentReasons).nullable(),
  response_status: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  kind: z.enum(deliveryKinds, { message: 'Must be email, webhook, sms, bale or telegram.' }).optional(),
  status: z.enum(outboxStatuses, { message: 'Must be pending, sent or failed.' }).optional(),
  webhook: queryId.optional(),
});

/** The settings page: review moderation and the mail set-up. */
export const settingsSchema = z.object({
  /** publish: reviews appear at once (the default); hold: they wait for approval. */
  reviews: z.enum(['publish', 'hold']),
  mail: z.object({
    /** SMTP_URL is set. */
    configured: z.boolean(),
    /** MAIL_FROM. */
    from: z.string().nullable(),
    pending: z.number().int(),
    failed: z.number().int(),
    last_error: z.string().nullable(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export const updateSettingsBodySchema = z.object({
  reviews: z.enum(['publish', 'hold'], { message: 'Must be publish or hold.' }),
});

// ---- dashboard ------------------------------------------------------------------------------------------

const productCount = z.object({ id: z.number().int(), title: z.string(), count: z.number().int() });
const sourceCount = z.object({ source: z.string(), enquiries: z.number().int(), won: z.number().int() });
export type SourceCount = z.infer<typeof sourceCount>;
export const dashboardSchema = z.object({
  /** null for a role that does not see enquiries (editor). */
  enquiries: z
    .object({
      today: z.number().int(),
      /** Since Saturday (the Persian week's first day), in the store's time zone. */
      week: z.number().int(),
      last_30_days: z.number().int(),
      unread: z.number().int(),
      /** One entry per day of the last 30 (the store's time zone), oldest first. */
      daily: z.array(z.object({ date: z.string(), count: z.number().int() })),
      by_status: z.record(z.string(), z.number().int()),
      /** In the last 90 days. */
      most_enquired: z.array(productCount),
      /**
       * Enquiries and won ones (status won now) per source over the last 30 and 90 days, most
       * enquiries first; source '' is direct or unknown.
       */
      by_source: z.object({
        last_30_days: z.array(sourceCount),
        last_90_days: z.array(sourceCount),
      }),
    })
    .nullable(),
  reviews_waiting: z.number().int().nullable(),
  most_liked: z.array(productCount),
  missing_english: z.object({
    count: z.number().int(),
    products: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
  missing_image: z.object({
    count: z.number().int(),
    products: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
  /**
   * The quote loop (issue 25), for sales and owners (null for editors; absent from servers before
   * it): versions sent, and accepted, declined and expired over the last 30 days; the accepted
   * totals (Rials) per month of the store's time zone over the last 12 (YYYY-MM, oldest first); the
   * median hours from an enquiry to its first quote (enquiries first quoted in the 30 days; null: none).
   */
  quotes: z
    .object({
      sent: z.number().int(),
      accepted: z.number().int(),
      declined: z.number().int(),
      expired: z.number().int(),
      accepted_value_by_month: z.array(z.object({ month: z.string(), total: z.number().int() })),
      median_hours_to_first_quote: z.number().nullable(),
      /** How the store shows quote money (the quote settings' currency): rial or toman. */
      currency: z.enum(['rial', 'toman']).optional(),
    })
    .nullable()
    .optional(),
  /** Channels running out of credit or failing (owner only; [] for the other roles). */
  channel_warnings: z.array(channelWarningSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
