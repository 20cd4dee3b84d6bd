import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  /** The phone number, ASCII digits. */
  username: string;
  email: string;
  /** scrypt$N$r$p$salt$hash (base64). */
  password_hash: string;
  is_active: Generated<number>;
  created_at: string;
  /** 1: registered while SMS codes are on and not yet activated by the code sent to the phone. */
  verification_pending: Generated<number>;
}

export interface LikesTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface EnquiriesTable {
  id: Generated<number>;
  product_id: number | null;
  product_title: string;
  user_id: number | null;
  phone: string;
  email: string;
  description: string;
  language: string;
  created_at: string;
  /** new | contacted | quoted | won | lost | spam */
  status: Generated<string>;
  assignee_id: Generated<number | null>;
  /** When a staff member first opened it; null: unread. */
  read_at: Generated<string | null>;
  /** Normalised phone, email and description (modules/search/normalize.ts enquirySearchDocument). */
  search_doc: Generated<string>;
  /** SHA-256 (hex) of the private follow link's token (/app/e/{token}); null for older enquiries. */
  follow_hash: Generated<string | null>;
  /**
   * Where the visitor first came from (modules/enquiries/attribution.ts): the engine or network in
   * words (torob, google, instagram…, or another site's host); '' when direct or unknown.
   */
  source: Generated<string>;
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  /** The first external page's host (www. dropped). */
  referrer_host: Generated<string | null>;
  /** Torob's click id, kept only when the enquiry came within 7 days of the click. */
  torob_clid: Generated<string | null>;
  /** When the visitor first landed (ISO). */
  landed_at: Generated<string | null>;
  /** When the first quote was sent (ISO; the dashboard's time to a first quote). */
  first_quoted_at: Generated<string | null>;
}

export interface NewsletterEmailsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  language: string;
  created_at: string;
}
