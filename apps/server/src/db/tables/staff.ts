import type { Generated } from 'kysely';

export interface StaffTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  /** scrypt, as the storefront's users' (modules/auth/passwords.ts). */
  password_hash: string;
  role: string;
  is_active: Generated<number>;
  /** Base32 TOTP secret: set when enrolment starts, used once `totp_enabled` is 1. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recovery_codes: Generated<string>;
  created_at: string;
  /** The language of the mail the staff member receives (fa | en). */
  language: Generated<string>;
  /** 1: a mail for each new enquiry. */
  notify_enquiries: Generated<number>;
  /** 1: a mail for each review held for moderation. */
  notify_reviews: Generated<number>;
  /** Their mobile for staff SMS (09…), '' when none. */
  phone: Generated<string>;
  /** The Bale chat linked by a one-time code; null: none. */
  bale_chat_id: Generated<string | null>;
  telegram_chat_id: Generated<string | null>;
  /** JSON {event: channels[]} for the channels other than email (email: notify_enquiries/notify_reviews). */
  notify_channels: Generated<string>;
}

export interface StaffSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  staff_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface StaffLinksTable {
  /** SHA-256 (hex) of the link's token. */
  id: string;
  kind: 'setup' | 'invite';
  email: string;
  role: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON: what changed (before/after of the changed fields, or counts). */
  summary: string;
}
