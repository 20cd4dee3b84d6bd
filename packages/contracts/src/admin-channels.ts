import { z } from 'zod';
import { coded } from './errors.ts';
import { MOBILE_MESSAGE, isMobile, normalizePhone } from './fields.ts';

/**
 * The back office's side of the channels (issue 24): the SMS gateway and the bots (settings page,
 * owner only), each staff member's phone, linked chats and per-event channel choices (account page),
 * and the dashboard's channel warnings. Re-exported by `@storefront/contracts/admin`.
 */

/** The SMS gateways Iranian shops use (apps/server/src/modules/channels: one adapter each). */
export const smsProviderNames = ['kavenegar', 'smsir', 'melipayamak', 'ghasedak', 'ippanel'] as const;
export type SmsProviderName = (typeof smsProviderNames)[number];

/**
 * What the store sends by SMS; each kind maps to a template approved at the provider. The `_en`
 * kinds are the English templates of the visitor's texts (a Persian template serves when unset).
 */
export const smsKinds = [
  'otp',
  'otp_en',
  'enquiry',
  'enquiry_en',
  'staff_enquiry',
  'staff_review',
  /** To the visitor: the store replied or sent a quote on their request (reference, link). */
  'reply',
  'reply_en',
  /** To staff: the visitor wrote, accepted or declined (reference, link). */
  'staff_thread',
  'test',
] as const;
export type SmsKind = (typeof smsKinds)[number];

/** The messenger bots staff can link a chat with. */
export const botChannels = ['bale', 'telegram'] as const;
export type BotChannel = (typeof botChannels)[number];

/** Every way a staff member can be told about an event. */
export const staffChannels = ['email', 'sms', 'bale', 'telegram'] as const;
export type StaffChannel = (typeof staffChannels)[number];

/** What a staff member can be told about. */
/** `thread`: the visitor wrote on an enquiry's page, or accepted or declined its quote (issue 25). */
export const staffEvents = ['enquiry', 'review', 'channel_failing', 'thread'] as const;
export type StaffEvent = (typeof staffEvents)[number];

/** What the outbox sends: an email, a webhook POST, an SMS, a bot message. */
export const deliveryKinds = ['email', 'webhook', 'sms', 'bale', 'telegram'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/** Why a send will never succeed as it is (the outbox's `reason`, shown in the deliveries list). */
export const permanentReasons = [
  'invalid_key',
  'invalid_number',
  'template_refused',
  'no_credit',
  'chat_unreachable',
  'rejected',
  /** The channel was not set up (any more) when the message was due. */
  'not_configured',
  /** A message that is worthless late (a one-time code) was not sent before it expired. */
  'expired',
] as const;
export type PermanentReason = (typeof permanentReasons)[number];

export const balanceSchema = z.object({ amount: z.number(), unit: z.enum(['IRR', 'credit']) });
export type Balance = z.infer<typeof balanceSchema>;

/** A secret as the back office sees it: never in full (`••••` and its last four characters). */
const maskedSecret = z.string().nullable();

/** GET /admin/api/settings/channels (owner). `*_locked`: set by an environment variable, read-only here. */
export const channelSettingsSchema = z.object({
  sms: z.object({
    /** A provider and its key are set: SMS rows are written and sent. */
    configured: z.boolean(),
    provider: z.enum(smsProviderNames).nullable(),
    provider_locked: z.boolean(),
    api_key: maskedSecret,
    api_key_locked: z.boolean(),
    sender: z.string(),
    sender_locked: z.boolean(),
    /** SMS_BASE_URL when set (read-only). */
    base_url: z.string().nullable(),
    templates: z.partialRecord(z.enum(smsKinds), z.string()),
    templates_locked: z.boolean(),
    /** The account's credit where the provider tells it; null when unknown. */
    balance: balanceSchema.nullable(),
    pending: z.number().int(),
    failed: z.number().int(),
    last_error: z.string().nullable(),
  }),
  bots: z.object({
    bale: z.object({
      configured: z.boolean(),
      token: maskedSecret,
      token_locked: z.boolean(),
      /** The bot's @username once it answered getMe; staff send it their code. */
      bot_username: z.string().nullable(),
    }),
    telegram: z.object({
      configured: z.boolean(),
      token: maskedSecret,
      token_locked: z.boolean(),
      /** The outbound proxy (credentials masked). */
      proxy_url: z.string().nullable(),
      proxy_locked: z.boolean(),
      bot_username: z.string().nullable(),
    }),
  }),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

const secretInput = z
  .string({ message: 'Must be text.' })
  .trim()
  .max(500, { message: 'Ensure this field has no more than 500 characters.' });

/**
 * PUT /admin/api/settings/channels (owner): what changes. A key or token left out is kept; `null`
 * removes it. A locked field sent with another value answers 409 `setting_locked`.
 */
export const updateChannelSettingsBodySchema = z.object({
  sms: z
    .object({
      provider: z
        .enum(smsProviderNames, { message: `Must be one of ${smsProviderNames.join(', ')}.` })
        .nullable(),
      api_key: secretInput.nullable().optional(),
      sender: z
        .string({ message: 'Must be text.' })
        .trim()
        .max(40, { message: 'Ensure this field has no more than 40 characters.' })
        .optional(),
      templates: z
        .partialRecord(
          z.enum(smsKinds),
          z
            .string({ message: 'Must be text.' })
            .trim()
            .max(100, { message: 'Ensure this field has no more than 100 characters.' }),
        )
        .optional(),
    })
    .optional(),
  bots: z
    .object({
      bale: z.object({ token: secretInput.nullable().optional() }).optional(),
      telegram: z
        .object({
          token: secretInput.nullable().optional(),
          proxy_url: z
            .string({ message: 'Must be text.' })
            .trim()
            .max(500)
            .refine(
              (v) => v === '' || /^(https?|socks5?):\/\//.test(v),
              coded('url_invalid', 'Enter a valid proxy URL.'),
            )
            .nullable()
            .optional(),
        })
        .optional(),
    })
    .optional(),
});
export type UpdateChannelSettingsBody = z.input<typeof updateChannelSettingsBodySchema>;

const mobileField = () =>
  z
    .string({ message: 'This field is required.' })
    .transform(normalizePhone)
    .refine(isMobile, coded('mobile_invalid', MOBILE_MESSAGE));

/** POST /admin/api/settings/channels/test-sms (owner): sends the `test` template now, not through the outbox. */
export const testSmsBodySchema = z.object({ phone: mobileField() });
/** 200 from the test: the provider took it (its id for the message when it gives one). */
export const testSmsResultSchema = z.object({
  status: z.literal('sent'),
  provider_id: z.string().nullable(),
});

/** GET /admin/api/account/channels: the signed-in staff member's phone, chats and choices. */
export const staffChannelsSchema = z.object({
  /** Their mobile for staff SMS ('' when none). */
  phone: z.string(),
  sms_available: z.boolean(),
  chats: z.object({
    bale: z.object({ available: z.boolean(), linked: z.boolean(), bot_username: z.string().nullable() }),
    telegram: z.object({ available: z.boolean(), linked: z.boolean(), bot_username: z.string().nullable() }),
  }),
  /** Per event, the channels that reach them (email mirrors notify_enquiries / notify_reviews). */
  events: z.record(z.enum(staffEvents), z.array(z.enum(staffChannels))),
});
export type StaffChannels = z.infer<typeof staffChannelsSchema>;

export const updateStaffChannelsBodySchema = z.object({
  /** '' removes it. */
  phone: z
    .string({ message: 'Must be text.' })
    .transform(normalizePhone)
    .refine((v) => v === '' || isMobile(v), coded('mobile_invalid', MOBILE_MESSAGE))
    .optional(),
  events: z
    .partialRecord(
      z.enum(staffEvents),
      z.array(z.enum(staffChannels, { message: 'Must be email, sms, bale or telegram.' })).max(4),
    )
    .optional(),
});
export type UpdateStaffChannelsBody = z.input<typeof updateStaffChannelsBodySchema>;

/**
 * POST /admin/api/account/chats/{bale|telegram}/code: a one-time code to send the bot (valid
 * `expires_in` seconds); `link` opens the bot with the code filled in where the messenger allows.
 */
export const chatLinkCodeSchema = z.object({
  code: z.string(),
  expires_in: z.number().int(),
  bot_username: z.string().nullable(),
  link: z.string().nullable(),
});
export type ChatLinkCode = z.infer<typeof chatLinkCodeSchema>;

/** The dashboard's channel warnings: credit running low, sends failing. */
export const channelWarningSchema = z.object({
  channel: z.enum(['sms', 'bale', 'telegram']),
  kind: z.enum(['low_credit', 'failing']),
  balance: balanceSchema.nullable(),
  /** Failed sends in the last 24 hours. */
  failed: z.number().int(),
  last_error: z.string().nullable(),
});
export type ChannelWarning = z.infer<typeof channelWarningSchema>;
