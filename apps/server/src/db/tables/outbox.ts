import type { Generated } from 'kysely';

export interface EnquiryEventsTable {
  id: Generated<number>;
  enquiry_id: number;
  at: string;
  staff_id: number | null;
  staff_email: string;
  /** note | status | assign */
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
  /** email | webhook */
  kind: string;
  /** What it tells: enquiry.created, enquiry.confirmation, review.held. */
  topic: string;
  /** The email address, or the webhook's URL. */
  recipient: string;
  webhook_id: number | null;
  /** JSON: an email's {subject, text, html}, a webhook's body. */
  payload: string;
  /** pending | sent | failed (gave up; kept, can be retried) */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While a worker holds the message: until when (a crashed worker's hold runs out). */
  locked_until: string | null;
  last_error: string | null;
  response_status: number | null;
  created_at: string;
  sent_at: string | null;
}
