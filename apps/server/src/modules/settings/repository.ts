import {
  DEFAULT_VAT_RATE,
  quoteSellerSchema,
  quoteSettingsSchema,
  type QuoteSettings,
} from '@storefront/contracts';
import { STORE_KEY, type StoreIdentity } from '@storefront/contracts/catalogue';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { DB } from '../../db/schema.ts';

/** A counter kept in `meta` moved by one (SQLite): its key, its first value; answers its new value. */
const NEXT_COUNTER = compiledOnce((db) =>
  db
    .insertInto('meta')
    .values({ key: '', value: '' })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: sql<string>`CAST(CAST(meta.value AS BIGINT) + 1 AS TEXT)` }),
    )
    .returning('value'),
);

/**
 * The one owner of the `meta` key/value table: the store's settings and the counters kept beside
 * them. Every key is named here and nowhere else; every read and write of `meta` is a method of
 * `Settings`, built on whatever the caller runs in (the pool, or a transaction, so that a setting
 * moves with the write it belongs to).
 */
export const SETTING_KEYS = {
  /** The catalogue's version, replaced by every catalogue write that changes something. */
  catalogueVersion: 'catalogue_imported_at',
  /**
   * Counts changes to the reviews the storefront shows (reviews/changes.ts): polled with the
   * catalogue's version where changes are not pushed, so another process's review is seen within a second.
   */
  reviewsVersion: 'reviews_version',
  /** The catalogue's languages (JSON array of tags), written by an import. */
  catalogueLanguages: 'catalogue_languages',
  /** The last import's fingerprint (JSON: its source's hash, its images' media names, its counts). */
  catalogueFingerprint: 'catalogue_fingerprint',
  /** The business's identity (JSON, the catalogue format's `store` block). */
  storeIdentity: STORE_KEY,
  /** Review moderation: `publish` at once (the default) or `hold` for approval. */
  reviewPolicy: 'reviews_moderation',
  /** The origin staff last signed in to the back office from: the base of mail links without PUBLIC_URL. */
  staffOrigin: 'staff_origin',
  /** The SMS gateway as the owner set it (JSON, modules/channels/registry.ts `StoredSms`; the key in full). */
  smsSettings: 'sms_settings',
  /** The bots' tokens and Telegram's proxy as the owner set them (JSON, registry.ts `StoredBots`). */
  botSettings: 'bot_settings',
  /** The last Bale update the chat-link poller confirmed (its update_id + 1). */
  baleUpdateOffset: 'bale_update_offset',
  telegramUpdateOffset: 'telegram_update_offset',
  /** Torob's product feed as the owner set it (JSON, modules/feeds/settings.ts `FeedSettings`): on/off, price on request. */
  torobFeed: 'feed_torob',
  /** Emalls' product feed as the owner set it (JSON, feeds/settings.ts: on/off, price on request, its token). */
  emallsFeed: 'feed_emalls',
  /** What every new quote starts from (JSON, contracts quoteSettingsSchema): the seller, VAT, currency, validity, terms. */
  quoteSettings: 'quote_settings',
} as const;

export type SettingName = keyof typeof SETTING_KEYS;
export type ReviewPolicy = 'publish' | 'hold';

/** The last identity parsed, by its stored text: pages' heads, mail and exports read it often, it changes rarely. */
let parsedIdentity: { text: string; value: StoreIdentity } | undefined;

/** The store identity's JSON as stored, parsed (a copy: callers may change it). Throws on unreadable JSON. */
export function parseStoreIdentity(text: string): StoreIdentity {
  if (parsedIdentity?.text !== text) parsedIdentity = { text, value: JSON.parse(text) as StoreIdentity };
  return structuredClone(parsedIdentity.value);
}

/**
 * The quote settings of a store whose owner never saved them: VAT 10 %, the currency the store
 * shows prices in (its identity's price_display: IRT is Tomans), valid 3 days, no seller identity.
 */
export function defaultQuoteSettings(identity: StoreIdentity | undefined): QuoteSettings {
  return {
    seller: quoteSellerSchema.parse({
      registered_name: {},
      economic_code: '',
      national_id: '',
      postal_code: '',
      address: {},
    }),
    vat_rate: DEFAULT_VAT_RATE,
    currency: identity?.price_display === 'IRT' ? 'toman' : 'rial',
    validity: { value: 3, unit: 'days' },
    payment_terms: '',
    delivery_terms: '',
  };
}

export class Settings {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** A setting's stored text; undefined when it is not set. */
  async text(name: SettingName): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', SETTING_KEYS[name])
      .executeTakeFirst();
    return row?.value;
  }

  /** Several settings' stored texts in one read. */
  async texts<N extends SettingName>(names: readonly N[]): Promise<Partial<Record<N, string>>> {
    const keys = names.map((name) => SETTING_KEYS[name]);
    const rows = await this.db.selectFrom('meta').select(['key', 'value']).where('key', 'in', keys).execute();
    const found: Partial<Record<N, string>> = {};
    for (const name of names) {
      const row = rows.find((r) => r.key === SETTING_KEYS[name]);
      if (row) found[name] = row.value;
    }
    return found;
  }

  /** Whether any of these settings is set. */
  async anySet(names: readonly SettingName[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('meta')
      .select('key')
      .where(
        'key',
        'in',
        names.map((name) => SETTING_KEYS[name]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets a setting's text; undefined removes it. */
  async put(name: SettingName, value: string | undefined): Promise<void> {
    const key = SETTING_KEYS[name];
    if (value === undefined) {
      await this.db.deleteFrom('meta').where('key', '=', key).execute();
      return;
    }
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** The business's identity; undefined when the store has none. */
  async storeIdentity(): Promise<StoreIdentity | undefined> {
    const text = await this.text('storeIdentity');
    return text === undefined ? undefined : parseStoreIdentity(text);
  }

  /**
   * The quote settings: as the owner saved them, else the defaults (defaultQuoteSettings). A stored
   * value this version cannot read (an older shape) gives the defaults rather than a failure.
   */
  async quoteSettings(): Promise<QuoteSettings> {
    const found = await this.texts(['quoteSettings', 'storeIdentity']);
    if (found.quoteSettings !== undefined) {
      let stored: unknown;
      try {
        stored = JSON.parse(found.quoteSettings);
      } catch {
        stored = undefined;
      }
      const parsed = quoteSettingsSchema.safeParse(stored);
      if (parsed.success) return parsed.data;
    }
    const identity = found.storeIdentity === undefined ? undefined : parseStoreIdentity(found.storeIdentity);
    return defaultQuoteSettings(identity);
  }

  /** Saves the quote settings (already checked by quoteSettingsSchema). */
  async setQuoteSettings(value: QuoteSettings): Promise<void> {
    await this.put('quoteSettings', JSON.stringify(value));
  }

  async reviewPolicy(): Promise<ReviewPolicy> {
    return (await this.text('reviewPolicy')) === 'hold' ? 'hold' : 'publish';
  }

  async setReviewPolicy(policy: ReviewPolicy): Promise<void> {
    await this.put('reviewPolicy', policy);
  }

  /** Whether this handle speaks to PostgreSQL (the reviews counter is a sequence there). */
  private onPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Moves the reviews counter by one (created at 1) and returns its new value. On PostgreSQL the
   * counter is a sequence (migration 0019: `nextval` locks nothing, so concurrent writers do not
   * queue), moved after the write's commit (modules/reviews/changes.ts); on SQLite a `meta` row.
   */
  async nextReviewsVersion(): Promise<number> {
    if (this.onPostgres()) {
      const { rows } = await sql<{ value: string | number }>`
        SELECT nextval('reviews_version_seq') AS value`.execute(this.db);
      return Number(rows[0]!.value);
    }
    const { rows } = await NEXT_COUNTER(this.db, [SETTING_KEYS.reviewsVersion, '1']);
    return Number(rows[0]!.value);
  }

  /** The catalogue's version ('' before any catalogue write) and the reviews counter (0 before any change). */
  async versions(): Promise<{ catalogue: string; reviews: number }> {
    if (this.onPostgres()) {
      const { rows } = await sql<{ catalogue: string | null; reviews: string | number }>`
        SELECT (SELECT value FROM meta WHERE key = ${SETTING_KEYS.catalogueVersion}) AS catalogue,
          CASE WHEN is_called THEN last_value ELSE 0 END AS reviews
        FROM reviews_version_seq`.execute(this.db);
      return { catalogue: rows[0]?.catalogue ?? '', reviews: Number(rows[0]?.reviews ?? 0) };
    }
    const found = await this.texts(['catalogueVersion', 'reviewsVersion']);
    return { catalogue: found.catalogueVersion ?? '', reviews: Number(found.reviewsVersion ?? 0) };
  }

  /** The languages of the last import; undefined when none was recorded or it cannot be read. */
  async catalogueLanguages(): Promise<string[] | undefined> {
    const text = await this.text('catalogueLanguages');
    let stored: unknown;
    try {
      stored = text === undefined ? undefined : JSON.parse(text);
    } catch {
      stored = undefined;
    }
    return Array.isArray(stored) && stored.every((l) => typeof l === 'string')
      ? (stored as string[])
      : undefined;
  }
}
