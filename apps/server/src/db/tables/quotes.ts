import type { Generated } from 'kysely';

/** The quote staff are editing for an enquiry (at most one; migration 0018-quotes). */
export interface QuoteDraftsTable {
  enquiry_id: number;
  /** JSON: the editor's draft (contracts quoteDraftSchema's input, as last saved). */
  draft: string;
  /** JSON: contracts quoteBuyerSchema. */
  buyer: Generated<string>;
  updated_at: string;
  updated_by: number | null;
}

/** A quote as sent: a frozen snapshot (contracts QuoteSnapshot) and what the buyer decided. */
export interface QuoteVersionsTable {
  id: Generated<number>;
  enquiry_id: number;
  /** 1, 2, … per enquiry (unique with enquiry_id). */
  number: number;
  /** JSON QuoteSnapshot, exactly as sent (never rewritten). */
  content: string;
  /** SHA-256 (hex) of `content`. */
  content_hash: string;
  /** The snapshot's total in Rials. */
  total: number;
  /** rial | toman */
  currency: string;
  sent_at: string;
  valid_until: string;
  sent_by: number | null;
  sent_by_email: Generated<string>;
  /** sent | superseded | accepted | declined (expired: sent and valid_until past). */
  status: Generated<string>;
  decided_at: Generated<string | null>;
  accepted_name: Generated<string | null>;
  accepted_phone: Generated<string | null>;
  accepted_ip: Generated<string | null>;
  /** code | checkbox */
  acceptance_method: Generated<string | null>;
  /** JSON QuoteBuyer as the buyer confirmed it. */
  accepted_buyer: Generated<string | null>;
  /** price | delivery_time | bought_elsewhere | other */
  decline_reason: Generated<string | null>;
  decline_note: Generated<string | null>;
}

/** One message of an enquiry's thread, from the visitor (through the private link) or from staff. */
export interface EnquiryMessagesTable {
  id: Generated<number>;
  enquiry_id: number;
  at: string;
  /** visitor | staff */
  author: string;
  staff_id: number | null;
  staff_email: Generated<string>;
  body: Generated<string>;
  /** The visitor's address (staff messages: null). */
  ip: Generated<string | null>;
}

/** A message's file (image or PDF, checked by its bytes), kept in the database: private to the thread. */
export interface EnquiryAttachmentsTable {
  id: Generated<number>;
  enquiry_id: number;
  message_id: number;
  /** The file's name as sent, cleaned (shown and used for downloads). */
  name: string;
  /** The type its bytes prove: image/jpeg, image/png, image/webp, application/pdf. */
  type: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}
