import { CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EnquiriesTable } from '../../db/tables/accounts.ts';
import { enquirySearchDocument } from '../search/normalize.ts';
import { NO_SOURCE, type EnquirySource } from './attribution.ts';
import { followHash, newFollowToken } from './follow-link.ts';

/** The reference number a visitor is given for a request (its id, padded): E-000042. */
export function enquiryReference(id: number): string {
  return `E-${String(id).padStart(6, '0')}`;
}

export interface NewEnquiry {
  productId: number | null;
  productTitle: string;
  userId: number | null;
  phone: string;
  email: string;
  description: string;
  language: string;
  /** Where the visitor first came from (attribution.ts); none: direct. */
  source?: EnquirySource;
}

/** The columns of an enquiry that the routes answer with and its notices (mail, webhook) carry. */
export const ENQUIRY_COLUMNS = [
  'id',
  'product_id',
  'product_title',
  'phone',
  'email',
  'description',
  'language',
  'created_at',
] as const;

export type StoredEnquiry = Pick<Selectable<EnquiriesTable>, (typeof ENQUIRY_COLUMNS)[number]>;

/**
 * An enquiry's row as it is inserted (without its id, which the database hands out), and its follow
 * token: the row keeps the token's hash, and the token is given back once, for the visitor's
 * messages; it is never stored.
 */
export function enquiryRow(order: NewEnquiry): { values: Insertable<EnquiriesTable>; followToken: string } {
  const followToken = newFollowToken();
  const values = {
    product_id: order.productId,
    product_title: order.productTitle,
    user_id: order.userId,
    phone: order.phone,
    email: order.email,
    description: order.description,
    language: order.language,
    created_at: new Date().toISOString(),
    search_doc: enquirySearchDocument(order),
    follow_hash: followHash(followToken),
    ...(order.source ?? NO_SOURCE),
  };
  return { values, followToken };
}

/** The columns enquiryRow gives a value, in the order the compiled INSERT binds them. */
export const ENQUIRY_INSERT_COLUMNS = [
  'product_id',
  'product_title',
  'user_id',
  'phone',
  'email',
  'description',
  'language',
  'created_at',
  'search_doc',
  'follow_hash',
  'source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'torob_clid',
  'landed_at',
] as const satisfies readonly (keyof Insertable<EnquiriesTable>)[];

const INSERT_SQL = `INSERT INTO enquiries (${ENQUIRY_INSERT_COLUMNS.join(', ')}) VALUES (${ENQUIRY_INSERT_COLUMNS.map(() => '?').join(', ')}) RETURNING id`;

/**
 * SQLite: an enquiry's row inserted by a statement compiled once (the query builder's cost, about
 * 40 µs an order, was more than the INSERT's own; issue 22), answered as the routes read it.
 */
export async function insertEnquirySqlite(
  trx: Kysely<DB>,
  order: NewEnquiry,
): Promise<{ enquiry: StoredEnquiry; followToken: string }> {
  const { values, followToken } = enquiryRow(order);
  const { rows } = await trx.executeQuery<{ id: number }>(
    CompiledQuery.raw(
      INSERT_SQL,
      ENQUIRY_INSERT_COLUMNS.map((column) => values[column] ?? null),
    ),
  );
  return { enquiry: storedEnquiry(rows[0]!.id, values), followToken };
}

/** The stored enquiry an INSERT of `values` (enquiryRow's) made under `id`, as the answer carries it. */
export function storedEnquiry(id: number, values: Insertable<EnquiriesTable>): StoredEnquiry {
  return {
    id,
    product_id: values.product_id ?? null,
    product_title: values.product_title,
    phone: values.phone,
    email: values.email,
    description: values.description,
    language: values.language,
    created_at: values.created_at,
  };
}

export class EnquiriesRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Stores an order request; it is committed (and durable) when this resolves (or with the caller's
   * transaction). It gets a private follow link: the enquiry keeps the token's hash, and the token is
   * given back once, for the visitor's messages; it is never stored.
   */
  async create(order: NewEnquiry): Promise<{ enquiry: StoredEnquiry; followToken: string }> {
    const { values, followToken } = enquiryRow(order);
    const enquiry = await this.db
      .insertInto('enquiries')
      .values(values)
      .returning(ENQUIRY_COLUMNS)
      .executeTakeFirstOrThrow();
    return { enquiry, followToken };
  }

  /** Requests from oldest to newest, optionally since a moment (ISO string). */
  async list(since?: string): Promise<StoredEnquiry[]> {
    let query = this.db.selectFrom('enquiries').select(ENQUIRY_COLUMNS);
    if (since) query = query.where('created_at', '>=', since);
    return query.orderBy('created_at').orderBy('id').execute();
  }
}
