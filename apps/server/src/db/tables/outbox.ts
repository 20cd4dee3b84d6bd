import type { Generated } from 'kysely';

export interface EnquiryEventsTable {
  id: Generated<number>;
  enquiry_id: number;
  at: string;
  staff_id: number | null;
  staff_email: string;
  /** note | status | assign | quote (body JSON {action: sent, reissued, accepted, declined; number}) */
  kind: string;
  /** A note's text, or JSON {from, to} of a change. */
  body: string;
}

export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** The HMAC-SHA256 key the deliveries are signed with. */
  secret: string;
  active: Generated<number>;
  created_at: string;
}

/** One message to send: an email to one address or one webhook POST (modules/outbox). */
export interface OutboxTable {
  id: Generated<number>;
  /** email | webhook | sms | bale | telegram */
  kind: string;
  /** What it tells: enquiry.created, enquiry.confirmation, review.held. */
  topic: string;
  /** The email address, the webhook's URL, the mobile number (09…), or the bot chat's id. */
  recipient: string;
  webhook_id: number | null;
  /**
   * JSON: an email's {subject, text, html}, a webhook's body, an SMS's {kind, language, params}
   * (modules/channels), a bot message's {text}.
   */
  payload: string;
  /** pending | sent | failed (gave up; kept, can be retried) */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While a worker holds the message: until when (a crashed worker's hold runs out). */
  locked_until: string | null;
  last_error: string | null;
  /** Why a failed send is never retried (contracts' permanentReasons); null otherwise. */
  reason: Generated<string | null>;
  response_status: number | null;
  created_at: string;
  sent_at: string | null;
}

/** A one-time code sent by SMS (modules/auth/phone-codes.ts): only its hash is kept. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  /** The mobile, normalised (09…). */
  phone: string;
  /** register | login | reset */
  purpose: string;
  /** HMAC-SHA256 of the code (keyed by the server's secret), hex. */
  code_hash: string;
  /** Wrong codes tried against it. */
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A code a staff member sends a bot to link their chat (modules/channels/chat-links.ts). */
export interface ChatLinkCodesTable {
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  staff_id: number;
  /** bale | telegram */
  channel: string;
  created_at: string;
  expires_at: string;
}
