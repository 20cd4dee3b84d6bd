import { z } from 'zod';

/**
 * The back office's side of the price-comparison feeds (issue 26): Torob's product API and Emalls'
 * extractor, each on or off, what each does with price-on-request products, and the last requests
 * each answered. Owner only. Re-exported by `@storefront/contracts/admin`.
 */

export const feedNames = ['torob', 'emalls'] as const;
export type FeedName = (typeof feedNames)[number];

/**
 * What a feed does with a product whose price is given on request (or has no Toman price: another
 * currency): `omit` leaves it out (the default), `unavailable` sends it with availability false and
 * price 0. Never available at price 0: the engines show that as free.
 */
export const priceOnRequestChoices = ['omit', 'unavailable'] as const;
export type PriceOnRequestChoice = (typeof priceOnRequestChoices)[number];

/** Torob's request forms; Emalls': `page`, `products` (ids), `slugs`. */
export const feedForms = ['page', 'cursor', 'page_urls', 'page_uniques', 'products', 'slugs'] as const;
export type FeedForm = (typeof feedForms)[number];

/** One request a feed answered (the latest first, at most 100 kept per feed). */
export const feedRequestSchema = z.object({
  at: z.string(),
  /** null: refused before its body was read (a bad token) or a body in no known form. */
  form: z.enum(feedForms).nullable(),
  status: z.number().int(),
  ip: z.string(),
});
export type FeedRequest = z.infer<typeof feedRequestSchema>;

/** GET /admin/api/feeds (owner). */
export const feedSettingsSchema = z.object({
  torob: z.object({
    enabled: z.boolean(),
    /** Where Torob is to POST (give it to Torob's support with the store's address). */
    path: z.string(),
    /** The absolute address when the store's public URL is known; null otherwise. */
    url: z.string().nullable(),
    price_on_request: z.enum(priceOnRequestChoices),
    /** Which key checks Torob's tokens: the one Torob publishes, or TOROB_PUBLIC_KEY. */
    key: z.enum(['published', 'environment']),
    last_requests: z.array(feedRequestSchema),
  }),
  emalls: z.object({
    enabled: z.boolean(),
    /** The paths Emalls may call (its plugin's and ours). */
    paths: z.array(z.string()),
    urls: z.array(z.string()),
    price_on_request: z.enum(priceOnRequestChoices),
    /** The token Emalls must send, masked (`••••` and its last four characters); null when none is set. */
    token: z.string().nullable(),
    last_requests: z.array(feedRequestSchema),
  }),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

const priceOnRequest = z.enum(priceOnRequestChoices, { message: 'Must be omit or unavailable.' });
const enabled = z.boolean({ message: 'Must be true or false.' });

/**
 * PUT /admin/api/feeds (owner): what changes; anything left out is kept. Emalls' token: a new one
 * replaces it, `null` removes it (and turns the feed off); Emalls cannot be on without one.
 */
export const updateFeedSettingsBodySchema = z.object({
  torob: z.object({ enabled: enabled.optional(), price_on_request: priceOnRequest.optional() }).optional(),
  emalls: z
    .object({
      enabled: enabled.optional(),
      price_on_request: priceOnRequest.optional(),
      token: z
        .string({ message: 'Must be text.' })
        .trim()
        .min(8, { message: 'Ensure this field has at least 8 characters.' })
        .max(200, { message: 'Ensure this field has no more than 200 characters.' })
        .regex(/^[\x21-\x7e]+$/, { message: 'Use letters, digits and punctuation only, without spaces.' })
        .nullable()
        .optional(),
    })
    .optional(),
});
export type UpdateFeedSettingsBody = z.input<typeof updateFeedSettingsBodySchema>;
