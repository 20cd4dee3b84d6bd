/**
 * The channels module: every way the store reaches a person other than email (docs/server.md,
 * "Channels"). An SMS gateway sends a pre-approved template with its parameters to a phone; a bot
 * (Bale, Telegram) sends a text to a chat. Every answer is classified the same way, so the outbox can
 * decide alone: sent, try again later (transient), or never again (permanent, with the reason shown
 * to the owner).
 */

import type { SmsKind, SmsProviderName } from '@storefront/contracts/admin';

/** The SMS gateways and the kinds of SMS are named in contracts (admin-channels.ts), for the back office too. */
export { smsKinds, smsProviderNames, type SmsKind, type SmsProviderName } from '@storefront/contracts/admin';

/** Why a send will never succeed as it is: shown to the owner, never retried (contracts' permanentReasons but `not_configured`, which the outbox decides). */
export type PermanentReason =
  /** The API key (or token) is wrong or revoked. */
  | 'invalid_key'
  /** The phone number is not one the provider can send to. */
  | 'invalid_number'
  /** The template id is unknown, not approved, or its parameters do not fit it. */
  | 'template_refused'
  /** The account has no credit left. */
  | 'no_credit'
  /** The chat is unknown, or the user blocked the bot or never started it. */
  | 'chat_unreachable'
  /** Any other refusal the provider says is final. */
  | 'rejected';

export type SendOutcome =
  /** Accepted by the provider; its id for the message when it gives one. */
  | { status: 'sent'; providerId?: string }
  /** Worth trying again later: network error, time-out, 5xx, rate limit. */
  | { status: 'transient'; detail: string; retryAfterMs?: number }
  /** Never worth trying again as it is. */
  | { status: 'permanent'; reason: PermanentReason; detail: string };

/**
 * One templated SMS. `to` is an Iranian mobile number in the national form (`09…`, ASCII digits);
 * `params` are the template's parameters in the template's order, by name: providers that take them
 * by position (Kavenegar's token, token2, token3; Melipayamak's args) use the order, the others the
 * names.
 */
export interface TemplatedSms {
  to: string;
  template: string;
  params: readonly (readonly [name: string, value: string])[];
}

/** What an account has left, in the provider's own unit. */
export interface Balance {
  amount: number;
  unit: 'IRR' | 'credit';
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  send(message: TemplatedSms, signal?: AbortSignal): Promise<SendOutcome>;
  /** The account's credit, where the provider's API tells it; undefined where it does not. */
  balance?(signal?: AbortSignal): Promise<Balance | undefined>;
}

/** An SMS gateway as the owner (or the environment) set it up. */
export interface SmsSettings {
  provider: SmsProviderName;
  apiKey: string;
  /** The sending line, for the providers that need one (IPPanel's `from_number`). */
  sender?: string | undefined;
  /** The provider's API base; its public one when unset (a test points it at its own server). */
  baseUrl?: string | undefined;
  /** The approved template id for each kind of message. */
  templates: Partial<Record<SmsKind, string>>;
}
