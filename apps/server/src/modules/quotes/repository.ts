import {
  quoteBuyerSchema,
  quoteDraftSchema,
  quoteTotals,
  quoteValidUntil,
  type CodeSent,
  type CurrencyDisplay,
  type DeclineReason,
  type QuoteBuyer,
  type QuoteDraft,
  type QuoteSettings,
  type QuoteSnapshot,
  type QuoteTotals,
  type QuoteVersionState,
  type QuoteVersionSummary,
} from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { QuoteVersionsTable } from '../../db/tables/quotes.ts';
import { HttpError, detailedError, fieldError, notFound, requestError } from '../../lib/errors.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { dayStart, localDay, offsetMinutes } from '../../lib/time-zone.ts';
import { pickFrom } from '../../lib/translate.ts';
import { PhoneCodes } from '../auth/phone-codes.ts';
import type { Channels as ChannelsRegistry } from '../channels/registry.ts';
import type { ChannelSetup } from '../channels/registry.ts';
import { enquiryReference } from '../enquiries/repository.ts';
import { linkBase } from '../outbox/link-base.ts';
import { notifyStaffOfThread, notifyVisitorOfReply } from '../outbox/notify-thread.ts';
import { Settings } from '../settings/repository.ts';
import { canonicalJson, sha256Hex } from './canonical.ts';

/**
 * The quote loop's server side (issue 25): an enquiry's draft quote (what staff edit), its sent
 * versions (each a frozen snapshot with its SHA-256, numbered 1, 2… per enquiry), re-issuing a
 * version at today's prices, the buyer's acceptance or refusal (once, only of the newest version,
 * only before it expires), the one-time code that confirms an acceptance, and the dashboard's
 * figures. The back office's routes are modules/admin/quote-routes.ts; the visitor's page
 * (modules/enquiries/follow-page.ts) and the documents (modules/documents) call this class.
 *
 * Every change of state is one transaction with its timeline entries (enquiry_events: the status
 * change, and a `quote` entry {action, number}) and its notices (written to the outbox in the same
 * transaction, sent after it commits).
 */

/** A version's stored row. */
type VersionRow = Selectable<QuoteVersionsTable>;

/** What a staff member acting on a quote is (the session's staff row). */
export interface QuoteActor {
  id: number;
  email: string;
}

/** The channels registry's part used here (modules/channels/registry.ts). */
type Channels = Pick<ChannelsRegistry, 'setup' | 'codesEnabled'>;

export interface QuotesDeps {
  dialect: 'sqlite' | 'postgres';
  /** PUBLIC_URL (the notices' links; outbox/link-base.ts). */
  config: Pick<AppConfig, 'publicUrl'>;
  channels: Channels;
  /** The server's secret: signed follow links in the visitor's notices. */
  secret: string;
  phoneCodes: PhoneCodes;
  /** Tells the outbox's worker there is something to send (after a commit). */
  kick: () => void;
  /** The store's time zone (the dashboard's months). */
  timeZone: string;
  /** The store's default language (the store's name when the enquiry's language has none). */
  defaultLanguage: string;
  /** The clock (tests set it). */
  now?: () => Date;
}

/** What the editor saved: the draft (parsed) and the buyer. */
export interface SavedDraft {
  draft: QuoteDraft;
  buyer: QuoteBuyer;
  totals: QuoteTotals;
}

/** The dashboard's quote figures (contracts dashboardSchema `quotes`). */
export interface QuoteFigures {
  sent: number;
  accepted: number;
  declined: number;
  expired: number;
  /** The last 12 months of the store's time zone (YYYY-MM, oldest first), accepted totals in Rials. */
  accepted_value_by_month: { month: string; total: number }[];
  /** Hours from an enquiry to its first quote, the median over enquiries first quoted in the period; null: none. */
  median_hours_to_first_quote: number | null;
  /** How the store shows its quotes' money (the quote settings'): the dashboard shows the values so. */
  currency: CurrencyDisplay;
}

const decided = () => requestError(409, 'quote_decided', 'This quote was already accepted or declined.');
const superseded = () =>
  requestError(
    409,
    'quote_superseded',
    'A newer version of this quote was sent; only the newest can be accepted.',
  );
const expired = () =>
  requestError(409, 'quote_expired', 'This quote is no longer valid; ask the store to issue it again.');

/** A version's summary as lists show it; `expired` is computed (sent, and its validity has ended). */
export function versionSummary(row: VersionRow, now: Date): QuoteVersionSummary {
  let state = row.status as QuoteVersionState;
  if (state === 'sent' && row.valid_until <= now.toISOString()) state = 'expired';
  return {
    number: row.number,
    state,
    sent_at: row.sent_at,
    valid_until: row.valid_until,
    total: Number(row.total),
    currency: row.currency === 'toman' ? 'toman' : 'rial',
    content_hash: row.content_hash,
    sent_by: row.sent_by_email,
    decided_at: row.decided_at,
    accepted_by: row.accepted_name,
    acceptance_method:
      row.acceptance_method === 'code' || row.acceptance_method === 'checkbox' ? row.acceptance_method : null,
    decline_reason: (row.decline_reason as DeclineReason | null) ?? null,
    decline_note: row.decline_note,
  };
}

/** Whether an error is a unique index's refusal (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof e?.message === 'string' && /UNIQUE constraint failed/.test(e.message))
  );
}

/** A product's price now, in Rials (its start price: IRR as is, IRT × 10); undefined when it shows none. */
function productRials(row: { price_on_request: number; start_price: number; currency_type: string }) {
  if (row.price_on_request === 1 || !(row.start_price > 0)) return undefined;
  const currency = row.currency_type.toUpperCase();
  const rials = currency === 'IRT' ? row.start_price * 10 : currency === 'IRR' ? row.start_price : undefined;
  return rials === undefined || !Number.isFinite(rials) ? undefined : Math.round(rials);
}

export class Quotes {
  private readonly db: Kysely<DB>;
  private readonly deps: QuotesDeps;

  constructor(db: Kysely<DB>, deps: QuotesDeps) {
    this.db = db;
    this.deps = deps;
  }

  /** The app's quotes (its database, channels, codes, outbox and secret). */
  static forApp(app: FastifyInstance, now?: () => Date): Quotes {
    return new Quotes(app.database.db, {
      dialect: app.database.dialect,
      config: app.config,
      channels: app.channels,
      secret: resolveJwtSecret(app.config.jwtSecret, app.config.dataDir),
      phoneCodes: app.phoneCodes,
      kick: () => app.outbox.kick(),
      timeZone: app.config.storeTimeZone,
      defaultLanguage: app.config.defaultLanguage,
      ...(now ? { now } : {}),
    });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  // ---- reading ------------------------------------------------------------------------------------

  /** The enquiry's versions, newest first. */
  async versions(enquiryId: number, db: Kysely<DB> = this.db): Promise<QuoteVersionSummary[]> {
    const rows = await db
      .selectFrom('quote_versions')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .orderBy('number', 'desc')
      .execute();
    const now = this.now();
    return rows.map((row) => versionSummary(row, now));
  }

  /** One version: its summary and its snapshot as sent (the stored text parsed; never rewritten). */
  async version(
    enquiryId: number,
    number: number,
  ): Promise<{ summary: QuoteVersionSummary; snapshot: QuoteSnapshot } | undefined> {
    const row = await this.row(this.db, enquiryId, number);
    if (!row) return undefined;
    return { summary: versionSummary(row, this.now()), snapshot: JSON.parse(row.content) as QuoteSnapshot };
  }

  /** The saved draft (as stored) and buyer; undefined when none. */
  async draft(enquiryId: number): Promise<{ draft: unknown; buyer: QuoteBuyer } | undefined> {
    const row = await this.db
      .selectFrom('quote_drafts')
      .select(['draft', 'buyer'])
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { draft: JSON.parse(row.draft) as unknown, buyer: this.storedBuyer(row.buyer) };
  }

  /** The quote settings (modules/settings). */
  settings(): Promise<QuoteSettings> {
    return new Settings(this.db).quoteSettings();
  }

  private storedBuyer(text: string): QuoteBuyer {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = {};
    }
    const parsed = quoteBuyerSchema.safeParse(value);
    return parsed.success ? parsed.data : quoteBuyerSchema.parse(emptyBuyer());
  }

  private async row(db: Kysely<DB>, enquiryId: number, number: number): Promise<VersionRow | undefined> {
    return db
      .selectFrom('quote_versions')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  private async enquiry(db: Kysely<DB>, id: number, lock = false) {
    let query = db
      .selectFrom('enquiries')
      .select(['id', 'status', 'language', 'phone', 'email', 'first_quoted_at', 'created_at'])
      .where('id', '=', id);
    if (lock && this.deps.dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  // ---- drafts -------------------------------------------------------------------------------------

  /** Saves the draft and buyer (parsed by quoteEditorBodySchema); undefined when there is no such enquiry. */
  async saveDraft(
    enquiryId: number,
    body: { draft: QuoteDraft; buyer: QuoteBuyer },
    who: QuoteActor,
    db: Kysely<DB> = this.db,
  ): Promise<SavedDraft | undefined> {
    if (!(await this.enquiry(db, enquiryId))) return undefined;
    const values = {
      draft: JSON.stringify(body.draft),
      buyer: JSON.stringify(body.buyer),
      updated_at: this.now().toISOString(),
      updated_by: who.id,
    };
    await db
      .insertInto('quote_drafts')
      .values({ enquiry_id: enquiryId, ...values })
      .onConflict((oc) => oc.column('enquiry_id').doUpdateSet(values))
      .execute();
    return { draft: body.draft, buyer: body.buyer, totals: quoteTotals(body.draft) };
  }

  /** Discards the draft; false when there was none. */
  async discardDraft(enquiryId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('quote_drafts')
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Today's start price in Rials of each product that shows one (Rials as they are, Tomans × 10);
   * none for a price on request, another currency or no price. What a line picked from the catalogue
   * starts at, and what a re-issue takes.
   */
  async todaysPrices(ids: readonly number[], db: Kysely<DB> = this.db): Promise<Map<number, number>> {
    const prices = new Map<number, number>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return prices;
    const products = await db
      .selectFrom('products')
      .select(['id', 'price_on_request', 'start_price', 'currency_type'])
      .where('id', 'in', unique)
      .execute();
    for (const product of products) {
      const rials = productRials(product);
      if (rials !== undefined) prices.set(product.id, rials);
    }
    return prices;
  }

  // ---- sending ------------------------------------------------------------------------------------

  /**
   * Sends the draft as the next version (see sendIn); 404 without the enquiry, 409 quote_no_draft
   * without a draft (or when it says what the open newest version says), 409 edit_conflict when
   * another send took the number at the same moment.
   */
  async send(enquiryId: number, who: QuoteActor): Promise<QuoteVersionSummary> {
    // Read before the transaction: the channels' setup reads the settings through the app's own
    // connection, which on SQLite (one connection) the transaction holds: read inside, it would wait forever.
    const channels = await this.deps.channels.setup();
    const summary = await this.guardedSend(() =>
      this.db.transaction().execute((trx) => this.sendIn(trx, enquiryId, who, 'sent', channels)),
    );
    this.deps.kick();
    return summary;
  }

  /**
   * Re-issues version `number` at today's prices: its lines, a catalogue line at its product's
   * current start price (in Rials) when the product still shows one (else at the price it had), the
   * same buyer, terms and validity counted from now. The draft becomes this quote too, and it is
   * sent as the next version.
   */
  async reissue(enquiryId: number, number: number, who: QuoteActor): Promise<QuoteVersionSummary> {
    const channels = await this.deps.channels.setup();
    const summary = await this.guardedSend(() =>
      this.db.transaction().execute(async (trx) => {
        const row = await this.row(trx, enquiryId, number);
        if (!row) throw notFound('No such quote.');
        const snapshot = JSON.parse(row.content) as QuoteSnapshot;
        const ids = snapshot.draft.lines.map((l) => l.product_id).filter((id): id is number => id !== null);
        const prices = await this.todaysPrices(ids, trx);
        const draft = {
          ...snapshot.draft,
          lines: snapshot.draft.lines.map((line) => ({
            ...line,
            unit_price:
              line.product_id === null ? line.unit_price : (prices.get(line.product_id) ?? line.unit_price),
          })),
        };
        // Today's prices may not fit a quote (a price past the bound, a discount amount now above
        // its line): the staff member is told which field, as a save would.
        const parsed = quoteDraftSchema.safeParse(draft);
        if (!parsed.success) {
          const fields: Record<string, { code: 'out_of_range'; message: string }[]> = {};
          for (const issue of parsed.error.issues) {
            const key = ['draft', ...issue.path].map(String).join('.');
            (fields[key] ??= []).push({ code: 'out_of_range', message: issue.message });
          }
          throw fieldError(fields);
        }
        await this.saveDraft(enquiryId, { draft: parsed.data, buyer: snapshot.buyer }, who, trx);
        return this.sendIn(trx, enquiryId, who, 'reissued', channels);
      }),
    );
    this.deps.kick();
    return summary;
  }

  /** A concurrent send that took the same number loses on the unique index: 409 edit_conflict. */
  private async guardedSend(send: () => Promise<QuoteVersionSummary>): Promise<QuoteVersionSummary> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof HttpError || !isUniqueViolation(error)) throw error;
      throw requestError(
        409,
        'edit_conflict',
        'Another version of this quote was sent at the same moment; reload the quote and check it.',
      );
    }
  }

  /**
   * Freezes the draft as version max(number) + 1, in `trx`: the snapshot (the draft, its totals,
   * the seller of the quote settings, the buyer, the store's name and contacts in the enquiry's
   * language, the reference, validity from now) as canonical JSON with its SHA-256. Older versions
   * still open become superseded. The enquiry moves to `quoted` from any status: a new offer is open
   * whatever came before (a lost enquiry re-opens when the store makes a new offer; an accepted
   * version of a won one stays accepted, and the buyer now answers the new one). Its first quote's
   * time is kept once; the timeline gets the status change and a `quote` entry; the visitor is told.
   */
  private async sendIn(
    trx: Kysely<DB>,
    enquiryId: number,
    who: QuoteActor,
    action: 'sent' | 'reissued',
    channels: ChannelSetup,
  ): Promise<QuoteVersionSummary> {
    const enquiry = await this.enquiry(trx, enquiryId, true);
    if (!enquiry) throw notFound('No such enquiry.');
    const saved = await trx
      .selectFrom('quote_drafts')
      .select(['draft', 'buyer'])
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst();
    const noDraft = () =>
      requestError(409, 'quote_no_draft', 'There is no draft quote to send: save one first.');
    if (!saved) throw noDraft();
    const parsed = quoteDraftSchema.safeParse(JSON.parse(saved.draft));
    if (!parsed.success) throw noDraft();
    const draft = parsed.data;
    const buyer = this.storedBuyer(saved.buyer);
    const now = this.now();

    const newest = await trx
      .selectFrom('quote_versions')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest && newest.status === 'sent' && newest.valid_until > now.toISOString()) {
      const open = JSON.parse(newest.content) as QuoteSnapshot;
      if (canonicalJson({ draft: open.draft, buyer: open.buyer }) === canonicalJson({ draft, buyer })) {
        throw requestError(
          409,
          'quote_no_draft',
          `Nothing changed since version ${newest.number}, which is still open: change the draft first.`,
        );
      }
    }

    const settings = new Settings(trx);
    const [quoteSettings, identity] = await Promise.all([settings.quoteSettings(), settings.storeIdentity()]);
    const language = enquiry.language === 'en' ? 'en' : 'fa';
    const ctx = { lang: language, fallback: this.deps.defaultLanguage };
    const number = (newest?.number ?? 0) + 1;
    const totals = quoteTotals(draft);
    const sentAt = now.toISOString();
    const validUntil = quoteValidUntil(now, draft.validity).toISOString();
    const snapshot: QuoteSnapshot = {
      number,
      reference: enquiryReference(enquiryId),
      language,
      store: {
        name: identity?.name ? pickFrom(identity.name, ctx) : '',
        phones: identity?.phones ?? [],
        email: identity?.email ?? '',
      },
      seller: quoteSettings.seller,
      buyer,
      draft,
      totals,
      sent_at: sentAt,
      valid_until: validUntil,
    };
    const content = canonicalJson(snapshot);
    const inserted = await trx
      .insertInto('quote_versions')
      .values({
        enquiry_id: enquiryId,
        number,
        content,
        content_hash: sha256Hex(content),
        total: totals.total,
        currency: draft.currency,
        sent_at: sentAt,
        valid_until: validUntil,
        sent_by: who.id,
        sent_by_email: who.email,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('quote_versions')
      .set({ status: 'superseded' })
      .where('enquiry_id', '=', enquiryId)
      .where('number', '<', number)
      .where('status', '=', 'sent')
      .execute();
    await trx
      .updateTable('enquiries')
      .set({ status: 'quoted', first_quoted_at: enquiry.first_quoted_at ?? sentAt })
      .where('id', '=', enquiryId)
      .execute();
    // Someone quoting an enquiry has read it.
    await trx
      .updateTable('enquiries')
      .set({ read_at: sentAt })
      .where('id', '=', enquiryId)
      .where('read_at', 'is', null)
      .execute();
    await this.events(trx, enquiryId, sentAt, who, enquiry.status, 'quoted', { action, number });
    await notifyVisitorOfReply(trx, {
      enquiryId,
      kind: 'quote',
      baseUrl: await linkBase(trx, this.deps.config),
      channels,
      secret: this.deps.secret,
    });
    return versionSummary(inserted, now);
  }

  /** The timeline's entries of a quote's step: the status change (when it changes) and the `quote` entry. */
  private async events(
    trx: Kysely<DB>,
    enquiryId: number,
    at: string,
    who: QuoteActor | null,
    from: string,
    to: string,
    quote: { action: string; number: number },
  ): Promise<void> {
    const by = { staff_id: who?.id ?? null, staff_email: who?.email ?? '' };
    if (from !== to) {
      await trx
        .insertInto('enquiry_events')
        .values({ enquiry_id: enquiryId, at, ...by, kind: 'status', body: JSON.stringify({ from, to }) })
        .execute();
    }
    await trx
      .insertInto('enquiry_events')
      .values({ enquiry_id: enquiryId, at, ...by, kind: 'quote', body: JSON.stringify(quote) })
      .execute();
  }

  // ---- the buyer's decision -----------------------------------------------------------------------

  /**
   * Why version `row` cannot be decided now, if it cannot: decided (accepted or declined),
   * superseded (a newer version exists), expired. The conditional UPDATEs below hold the same
   * conditions, so that two concurrent decisions never both pass.
   */
  private refusal(row: VersionRow, newestNumber: number, now: Date): HttpError | undefined {
    if (row.status === 'accepted' || row.status === 'declined') return decided();
    if (row.status === 'superseded' || row.number < newestNumber) return superseded();
    if (row.valid_until <= now.toISOString()) return expired();
    return undefined;
  }

  /**
   * Throws why version `number` cannot be accepted or declined now (404, or 409 decided, superseded
   * or expired), for a form to say so before it asks for anything else (a code, missing fields).
   */
  async assertDecidable(enquiryId: number, number: number): Promise<void> {
    const row = await this.row(this.db, enquiryId, number);
    if (!row) throw notFound('No such quote.');
    const refused = this.refusal(row, await this.newestNumber(this.db, enquiryId), this.now());
    if (refused) throw refused;
  }

  private async decidable(trx: Kysely<DB>, enquiryId: number, number: number, now: Date) {
    const row = await this.row(trx, enquiryId, number);
    if (!row) throw notFound('No such quote.');
    const newest = await this.newestNumber(trx, enquiryId);
    const refused = this.refusal(row, newest, now);
    if (refused) throw refused;
    return row;
  }

  private async newestNumber(db: Kysely<DB>, enquiryId: number): Promise<number> {
    const found = await db
      .selectFrom('quote_versions')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst();
    return Number(found?.n ?? 0);
  }

  /**
   * Decides version `number` with one conditional UPDATE (still sent, still valid, still the
   * newest): of two concurrent decisions exactly one changes the row; the other is answered as the
   * row now is (decided).
   */
  private async decide(
    trx: Kysely<DB>,
    enquiryId: number,
    number: number,
    now: Date,
    set: Updateable<QuoteVersionsTable>,
  ): Promise<VersionRow> {
    const row = await this.decidable(trx, enquiryId, number, now);
    const nowText = now.toISOString();
    const result = await trx
      .updateTable('quote_versions')
      .set(set)
      .where('id', '=', row.id)
      .where('status', '=', 'sent')
      .where('valid_until', '>', nowText)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('quote_versions as newer')
              .select(sql`1`.as('one'))
              .where('newer.enquiry_id', '=', enquiryId)
              .where('newer.number', '>', number),
          ),
        ),
      )
      .executeTakeFirst();
    const after = await this.row(trx, enquiryId, number);
    if (Number(result.numUpdatedRows) !== 1 || !after) {
      throw (after && this.refusal(after, await this.newestNumber(trx, enquiryId), now)) ?? decided();
    }
    return after;
  }

  /**
   * The buyer accepts version `number` (the follow page: after the code, or the name and the
   * checkbox without SMS): who, their phone, address, how and the buyer's details are recorded with
   * the version (whose hash stays as sent), the enquiry moves to `won`, staff are told.
   */
  async accept(
    enquiryId: number,
    number: number,
    by: { name: string; phone: string; ip: string; method: 'code' | 'checkbox'; buyer: QuoteBuyer },
  ): Promise<QuoteVersionSummary> {
    return this.settle(enquiryId, number, 'accepted', (now) => ({
      status: 'accepted',
      decided_at: now.toISOString(),
      accepted_name: by.name,
      accepted_phone: by.phone,
      accepted_ip: by.ip,
      acceptance_method: by.method,
      accepted_buyer: JSON.stringify(by.buyer),
    }));
  }

  /** The buyer declines version `number` with a reason (and a note): the enquiry moves to `lost`, staff are told. */
  async decline(
    enquiryId: number,
    number: number,
    by: { reason: DeclineReason; note: string; ip: string },
  ): Promise<QuoteVersionSummary> {
    return this.settle(enquiryId, number, 'declined', (now) => ({
      status: 'declined',
      decided_at: now.toISOString(),
      decline_reason: by.reason,
      decline_note: by.note,
      // The address the decision came from (the column is named for acceptances, the usual case).
      accepted_ip: by.ip,
    }));
  }

  /**
   * Records the buyer's decision on version `number` (decide: once only), moves the enquiry to won
   * or lost with its timeline entries, and tells staff, in one transaction; the channels' setup is
   * read before it (see send).
   */
  private async settle(
    enquiryId: number,
    number: number,
    action: 'accepted' | 'declined',
    decision: (now: Date) => Updateable<QuoteVersionsTable>,
  ): Promise<QuoteVersionSummary> {
    const now = this.now();
    const channels = await this.deps.channels.setup();
    const row = await this.db.transaction().execute(async (trx) => {
      const enquiry = await this.enquiry(trx, enquiryId, true);
      if (!enquiry) throw notFound('No such enquiry.');
      const after = await this.decide(trx, enquiryId, number, now, decision(now));
      await this.closeEnquiry(trx, enquiry, action === 'accepted' ? 'won' : 'lost', now, { action, number });
      await notifyStaffOfThread(trx, {
        enquiryId,
        event: action,
        quote: number,
        baseUrl: await linkBase(trx, this.deps.config),
        channels,
      });
      return after;
    });
    this.deps.kick();
    return versionSummary(row, now);
  }

  private async closeEnquiry(
    trx: Kysely<DB>,
    enquiry: { id: number; status: string },
    to: 'won' | 'lost',
    now: Date,
    quote: { action: string; number: number },
  ): Promise<void> {
    await trx.updateTable('enquiries').set({ status: to }).where('id', '=', enquiry.id).execute();
    await this.events(trx, enquiry.id, now.toISOString(), null, enquiry.status, to, quote);
  }

  // ---- the acceptance code ------------------------------------------------------------------------

  /**
   * Texts a one-time code (purpose quote_accept) to the enquiry's phone, to confirm an acceptance
   * of version `number`: 409 sms_not_configured when SMS is not set up or the enquiry has no mobile
   * number, the version's own refusals (decided, superseded, expired), 429 when the phone's limits
   * refuse (code_cooldown or throttled, with retry_after). `_ip` is the visitor's address: the
   * caller's route limits per address (app.limits.thread).
   */
  async sendAcceptCode(enquiryId: number, number: number, _ip: string): Promise<CodeSent> {
    const enquiry = await this.enquiry(this.db, enquiryId);
    if (!enquiry) throw notFound('No such enquiry.');
    await this.decidable(this.db, enquiryId, number, this.now());
    const notConfigured = (detail: string) => requestError(409, 'sms_not_configured', detail);
    if (!(await this.deps.channels.codesEnabled()))
      throw notConfigured('Codes cannot be sent: SMS is not set up on this store.');
    if (!/^09\d{9}$/.test(enquiry.phone))
      throw notConfigured('This request has no mobile number to text a code to.');
    const verdict = await this.deps.phoneCodes.limits.take(enquiry.phone);
    if (!verdict.allowed) {
      const seconds = verdict.retryAfterSeconds;
      throw detailedError(
        429,
        verdict.code,
        verdict.code === 'code_cooldown'
          ? `A code was sent to this phone a moment ago. Ask again in ${seconds} seconds.`
          : `Too many codes were asked for this phone. Ask again in ${seconds} seconds.`,
        { retry_after: seconds },
      );
    }
    await this.db
      .transaction()
      .execute((trx) => this.deps.phoneCodes.issue(trx, enquiry.phone, 'quote_accept', enquiry.language));
    this.deps.kick();
    return PhoneCodes.sent();
  }

  /** Whether `otp` is the enquiry's live acceptance code (spent by this check when it is). */
  async checkAcceptCode(enquiryId: number, otp: string): Promise<boolean> {
    const enquiry = await this.enquiry(this.db, enquiryId);
    if (!enquiry || enquiry.phone === '') return false;
    // Committed even when wrong, so that the wrong try counts against the code.
    return this.db
      .transaction()
      .execute((trx) => this.deps.phoneCodes.consume(trx, enquiry.phone, 'quote_accept', otp.trim()));
  }

  // ---- the dashboard ------------------------------------------------------------------------------

  /**
   * The dashboard's quote figures since `since` (default: 30 days ago): versions sent; accepted and
   * declined (by when the buyer decided); expired (open versions whose validity ended in the
   * period); the accepted totals per month of the store's time zone over 12 months (oldest first);
   * the median hours from an enquiry to its first quote, over enquiries first quoted in the period.
   */
  async dashboardFigures(since?: Date): Promise<QuoteFigures> {
    const now = this.now();
    const nowText = now.toISOString();
    const from = (since ?? new Date(now.getTime() - 30 * 86_400_000)).toISOString();
    const counted = await this.db
      .selectFrom('quote_versions')
      .select([
        sql<number>`sum(CASE WHEN sent_at >= ${from} THEN 1 ELSE 0 END)`.as('sent'),
        sql<number>`sum(CASE WHEN status = 'accepted' AND decided_at >= ${from} THEN 1 ELSE 0 END)`.as(
          'accepted',
        ),
        sql<number>`sum(CASE WHEN status = 'declined' AND decided_at >= ${from} THEN 1 ELSE 0 END)`.as(
          'declined',
        ),
        sql<number>`sum(CASE WHEN status = 'sent' AND valid_until >= ${from} AND valid_until <= ${nowText} THEN 1 ELSE 0 END)`.as(
          'expired',
        ),
      ])
      .where((eb) =>
        eb.or([eb('sent_at', '>=', from), eb('decided_at', '>=', from), eb('valid_until', '>=', from)]),
      )
      .executeTakeFirstOrThrow();

    // Months of the store's time zone: the accepted totals per 10-minute slot of UTC (every zone's
    // offset is a multiple of 10 minutes, Tehran's +3:30 too), put into local months here.
    const zone = this.deps.timeZone;
    const thisMonth = localDay(zone, now).slice(0, 7);
    const months: string[] = [];
    for (let i = 11; i >= 0; i--) {
      const [y, m] = thisMonth.split('-').map(Number) as [number, number];
      const d = new Date(Date.UTC(y, m - 1 - i, 1));
      months.push(d.toISOString().slice(0, 7));
    }
    const firstMonthStart = dayStart(zone, `${months[0]!}-01`);
    const slots = await this.db
      .selectFrom('quote_versions')
      .select([sql<string>`substr(decided_at, 1, 15)`.as('slot'), sql<string>`sum(total)`.as('total')])
      .where('status', '=', 'accepted')
      .where('decided_at', '>=', firstMonthStart)
      .groupBy(sql`substr(decided_at, 1, 15)`)
      .execute();
    const byMonth = new Map(months.map((m) => [m, 0]));
    for (const slot of slots) {
      const at = new Date(`${slot.slot}0:00.000Z`);
      const month = new Date(at.getTime() + offsetMinutes(zone, at) * 60_000).toISOString().slice(0, 7);
      if (byMonth.has(month)) byMonth.set(month, byMonth.get(month)! + Number(slot.total));
    }

    const firsts = await this.db
      .selectFrom('enquiries')
      .select(['created_at', 'first_quoted_at'])
      .where('first_quoted_at', '>=', from)
      .execute();
    const hours = firsts
      .map((e) => (Date.parse(e.first_quoted_at!) - Date.parse(e.created_at)) / 3_600_000)
      .filter((h) => Number.isFinite(h) && h >= 0)
      .sort((a, b) => a - b);
    let median: number | null = null;
    if (hours.length > 0) {
      const mid = Math.floor(hours.length / 2);
      median = hours.length % 2 === 1 ? hours[mid]! : (hours[mid - 1]! + hours[mid]!) / 2;
      median = Math.round(median * 10) / 10;
    }
    return {
      sent: Number(counted.sent ?? 0),
      accepted: Number(counted.accepted ?? 0),
      declined: Number(counted.declined ?? 0),
      expired: Number(counted.expired ?? 0),
      accepted_value_by_month: [...byMonth].map(([month, total]) => ({ month, total })),
      median_hours_to_first_quote: median,
      currency: (await this.settings()).currency,
    };
  }
}

/** A buyer with nothing filled in (a draft saved before the buyer was asked). */
export function emptyBuyer(): Record<string, string> {
  return { name: '', national_id: '', economic_code: '', postal_code: '', address: '', phone: '' };
}
