import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../db/schema.ts';
import { loadReferenceTables, type ReferenceTables } from '../catalogue/product-view.ts';
import { Settings } from '../settings/repository.ts';
import type { ShownReview } from '../../db/connection.ts';
import { comesFirst, NEWEST_FIRST, type ReviewsJson } from './review-json.ts';

// The channels are named below the modules that announce on them (catalogue writes, review changes).
export { CATALOGUE_CHANNEL, REVIEWS_CHANNEL } from '../../db/channels.ts';

/** Where a product's reviews in one order are kept (`reviewsJson`). */
const reviewsKey = (productId: number, ordering: string) => `reviews ${productId} ${ordering}`;

/** Products whose reviews changed that are remembered one by one; past it, every product's stamp moves. */
const MAX_REVIEW_STAMPS = 50_000;
/** Counter values written by this process remembered until the next poll; past it, a poll assumes others wrote. */
const MAX_OWN_REVIEW_CHANGES = 10_000;
/**
 * Keys of answers asked for once and not kept (the doorkeeper): an answer is kept when it is asked
 * for again while its key is here. Past this many keys or characters (long URLs), the doorkeeper
 * starts again empty.
 */
const DOORKEEPER_KEYS = 4096;
const DOORKEEPER_CHARS = 1024 * 1024;

/** The reference tables as read for one catalogue version. */
export interface Reference extends ReferenceTables {
  version: string;
}

export interface CatalogueCacheOptions {
  /** Bytes of serialised answers kept (0: none). */
  responseBytes: number;
  /** The longest a version is trusted without reading it again while changes are not pushed. */
  ttlMs?: number;
}

interface Entry<T> {
  version: string;
  value: T;
}

/**
 * The one owner of the catalogue's version and of everything kept because of it: the reference
 * tables (collections, subcollections, industries, tags), serialised answers, match counts and the
 * ids of product lists. Each entry carries the version it was made for and is never served for
 * another. `invalidate()` is the one way to say that the catalogue changed: the write module calls it
 * after its transaction commits (modules/catalogue/writes.ts, `onCommitted`), and so does the
 * PostgreSQL listener when another process wrote (modules/store/catalogue-events.ts). While changes are
 * not pushed (SQLite, where the CLI may import from another process, or the listener's connection is
 * down), the version is read again after `ttlMs`.
 */
export class CatalogueCache {
  private readonly db: Kysely<DB>;
  private readonly ttlMs: number;
  private value: string | undefined;
  private checkedAt = 0;
  private pending: Promise<string> | undefined;
  private pushedValue = false;
  private reference: Reference | undefined;
  private loadingReference: Promise<Reference> | undefined;
  private readonly responses: LRUCache<string, Entry<Buffer>> | undefined;
  /** The largest answer kept, in bytes. */
  private readonly responseLimit: number;
  /** Keys asked for once since the doorkeeper last started again (see `admits`). */
  private readonly seenOnce = new Set<string>();
  private seenOnceChars = 0;
  /** Match counts of product lists, by filter (`count` of a page). */
  private readonly counts = new LRUCache<string, Entry<number>>({ max: 5000 });
  /**
   * The ids of product lists in their order, by filter and order (deep pages are slices of them;
   * see StoreRepository.listProducts): 4 bytes a product, 16 MB in all (the whole store of 100,000
   * in each of the four orders is 1.6 MB).
   */
  private readonly idLists = new LRUCache<string, Entry<Int32Array>>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.value.byteLength),
  });
  /**
   * Each product's published reviews as JSON, by product and order (`reviewsJson`), kept under the
   * product's reviews stamp: one read serves both languages and every page of the list. 16 MB in all.
   */
  private readonly reviewLists = new LRUCache<string, Entry<ReviewsJson>>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.value.items.byteLength),
  });
  /** Computations under way, so that concurrent requests wait for one instead of each running it. */
  private readonly computing = new Map<string, Promise<unknown>>();
  /**
   * What shows a product's reviews (its rendered page, its reviews list) is kept under the catalogue
   * version and the product's reviews stamp: a number that only grows in this process, moved when its
   * reviews change, so that only that product's entries stop being served. Products not in the map
   * have `reviewsBase`.
   */
  private readonly reviewStamps = new Map<number, number>();
  private reviewsBase = 0;
  private reviewsGeneration = 0;
  /** The reviews counter (the `reviewsVersion` setting) as last read, and the values this process wrote since. */
  private reviewsCounter: number | undefined;
  private readonly ownReviewChanges = new Set<number>();

  constructor(db: Kysely<DB>, options: CatalogueCacheOptions) {
    this.db = db;
    this.ttlMs = options.ttlMs ?? 1000;
    this.responseLimit = Math.min(options.responseBytes / 8, 512 * 1024);
    if (options.responseBytes > 0) {
      // Bounded by size: the least recently used answers go first once the total passes the limit,
      // and an answer over an eighth of it (at most 512 KB) is never kept.
      this.responses = new LRUCache<string, Entry<Buffer>>({
        maxSize: options.responseBytes,
        maxEntrySize: this.responseLimit,
        sizeCalculation: (entry) => Math.max(1, entry.value.byteLength),
      });
    }
  }

  // ---- the version ------------------------------------------------------------------------------

  /** true while changes are announced to this process (PostgreSQL LISTEN): the version is not polled. */
  get pushed(): boolean {
    return this.pushedValue;
  }

  set pushed(value: boolean) {
    this.pushedValue = value;
  }

  /** The catalogue changed (or may have): forget the version and everything kept for it. */
  invalidate(): void {
    this.value = undefined;
    this.pending = undefined;
    this.reference = undefined;
    this.dropResponses();
    this.counts.clear();
    this.idLists.clear();
    this.reviewLists.clear();
    // A computation under way keeps its answer under a stamp that is no longer any product's.
    this.allReviewsChanged();
  }

  /** The version when it is known and recent enough to trust as it is; undefined when it must be read. */
  currentVersion(): string | undefined {
    if (this.value === undefined) return undefined;
    return this.pushedValue || performance.now() - this.checkedAt < this.ttlMs ? this.value : undefined;
  }

  version(): Promise<string> {
    const value = this.currentVersion();
    if (value !== undefined) return Promise.resolve(value);
    const pending = (this.pending ??= this.readVersion().finally(() => {
      if (this.pending === pending) this.pending = undefined;
    }));
    return pending;
  }

  private async readVersion(): Promise<string> {
    const { catalogue: value, reviews } = await new Settings(this.db).versions();
    this.reviewsCounterRead(reviews);
    if (value !== this.value) {
      // Read after a change made elsewhere (polling): what was kept belongs to the old version.
      this.reference = undefined;
      this.dropResponses();
      this.counts.clear();
      this.idLists.clear();
      this.reviewLists.clear();
    }
    this.value = value;
    this.checkedAt = performance.now();
    return value;
  }

  // ---- what shows a product's reviews ----------------------------------------------------------

  /**
   * The version under which an answer that shows `productId`'s reviews is kept: the catalogue's
   * `version` and the product's reviews stamp (read before the answer is computed, like the version).
   */
  withReviews(version: string, productId: number): string {
    return `${version}\u0000${this.reviewStamps.get(productId) ?? this.reviewsBase}`;
  }

  /**
   * The reviews shown for these products changed (a review published, hidden or deleted: here after
   * its commit, or announced by another instance): only their entries are dropped. `counter` is the
   * value this process's write gave the reviews counter, so that polling does not take it for another
   * process's change. `published`: the reviews this process published at once, each product's whole
   * change; its kept list takes them in front (`carryReviews`).
   */
  reviewsChanged(
    productIds: Iterable<number> | 'all',
    counter?: number,
    published?: readonly ShownReview[],
  ): void {
    if (counter !== undefined && (this.reviewsCounter === undefined || counter > this.reviewsCounter)) {
      if (this.ownReviewChanges.size >= MAX_OWN_REVIEW_CHANGES) this.ownReviewChanges.clear();
      this.ownReviewChanges.add(counter);
    }
    if (productIds === 'all') {
      this.allReviewsChanged();
      return;
    }
    for (const id of productIds) {
      if (this.reviewStamps.size >= MAX_REVIEW_STAMPS) {
        this.allReviewsChanged();
        return;
      }
      const before = this.reviewStamps.get(id) ?? this.reviewsBase;
      this.reviewStamps.set(id, ++this.reviewsGeneration);
      const mine = published?.filter((review) => review.product_id === id);
      if (mine) this.carryReviews(id, before, this.reviewsGeneration, mine);
    }
  }

  private allReviewsChanged(): void {
    this.reviewStamps.clear();
    this.reviewsBase = ++this.reviewsGeneration;
  }

  /**
   * The reviews counter as polled: a value that this process did not write means another process
   * changed reviews (it does not say which product's), so every product's stamp moves; the rest of
   * the catalogue's caches stay.
   */
  private reviewsCounterRead(counter: number): void {
    const last = this.reviewsCounter;
    if (last !== undefined && counter !== last) {
      let foreign = counter < last || counter - last > MAX_OWN_REVIEW_CHANGES;
      for (let value = last + 1; !foreign && value <= counter; value += 1) {
        if (!this.ownReviewChanges.has(value)) foreign = true;
      }
      if (foreign) this.allReviewsChanged();
    }
    this.reviewsCounter = counter;
    for (const value of this.ownReviewChanges) if (value <= counter) this.ownReviewChanges.delete(value);
  }

  // ---- the reference tables ---------------------------------------------------------------------

  async referenceData(): Promise<Reference> {
    const version = await this.version();
    if (this.reference?.version === version) return this.reference;
    this.loadingReference ??= this.loadReference(version).finally(() => {
      this.loadingReference = undefined;
    });
    const loaded = await this.loadingReference;
    return loaded.version === version ? loaded : this.referenceData();
  }

  private async loadReference(version: string): Promise<Reference> {
    const reference: Reference = { version, ...(await loadReferenceTables(this.db)) };
    if (this.value === version) this.reference = reference;
    return reference;
  }

  // ---- serialised answers -----------------------------------------------------------------------

  get responsesEnabled(): boolean {
    return this.responses !== undefined;
  }

  /**
   * The answer kept for `key` when it was made for `version`. One kept for an older version is
   * dropped, and its key goes to the doorkeeper: it was asked for again once, so its next answer is
   * kept at once (a product's reviews list, dropped by each review, is computed once per review
   * rather than twice).
   */
  response(key: string, version: string): Buffer | undefined {
    const entry = this.responses?.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.responses!.delete(key);
      this.rememberAsked(key);
      return undefined;
    }
    return entry.value;
  }

  keepResponse(key: string, version: string, body: Buffer): void {
    this.responses?.set(key, { version, value: body });
  }

  /** How many answers (and compressed variants of them) are kept. */
  get responseCount(): number {
    return this.responses?.size ?? 0;
  }

  /** Whether an answer of `bytes` would be kept at all (`keepResponse` drops larger ones). */
  responseFits(bytes: number): boolean {
    return this.responses !== undefined && bytes <= this.responseLimit;
  }

  /**
   * Whether a missed answer is worth keeping: only on its second request while the doorkeeper
   * remembers the first (the last DOORKEEPER_KEYS keys asked for once). An answer asked for once and
   * never again (a page at a random offset, one of thousands) is then never kept: keeping it would
   * push out answers that are asked for again, and cost the bytes and their compression for nothing.
   * The doorkeeper outlives `invalidate()`: an answer asked for before a catalogue change is kept again
   * at its first request after it, and so is one that was kept (`dropResponses`, `response`).
   */
  admits(key: string): boolean {
    if (this.seenOnce.delete(key)) {
      this.seenOnceChars -= key.length;
      return true;
    }
    this.rememberAsked(key);
    return false;
  }

  /**
   * Drops every kept answer (the catalogue changed). They were each asked for again, so their keys
   * go to the doorkeeper, the most recently used first while it has room: each is kept again at its
   * first request for the new version.
   */
  private dropResponses(): void {
    if (!this.responses) return;
    for (const key of this.responses.keys()) {
      if (this.seenOnce.size >= DOORKEEPER_KEYS || this.seenOnceChars >= DOORKEEPER_CHARS) break;
      this.rememberAsked(key);
    }
    this.responses.clear();
  }

  /** Puts `key` in the doorkeeper (started again empty when full). */
  private rememberAsked(key: string): void {
    if (this.seenOnce.has(key)) return;
    if (this.seenOnce.size >= DOORKEEPER_KEYS || this.seenOnceChars >= DOORKEEPER_CHARS) {
      this.seenOnce.clear();
      this.seenOnceChars = 0;
    }
    this.seenOnce.add(key);
    this.seenOnceChars += key.length;
  }

  // ---- counts and ids of product lists ----------------------------------------------------------

  /** The count kept for a filter under `version`, or `compute()`'s, kept. */
  count(key: string, version: string, compute: () => Promise<number>): Promise<number> {
    return this.remember(this.counts, key, version, compute);
  }

  /** The ids of a list kept under `version`, if they are. */
  idListIfKept(key: string, version: string): Int32Array | undefined {
    const known = this.idLists.get(key);
    return known?.version === version ? known.value : undefined;
  }

  idList(key: string, version: string, compute: () => Promise<Int32Array>): Promise<Int32Array> {
    return this.remember(this.idLists, key, version, compute);
  }

  // ---- a product's reviews ----------------------------------------------------------------------

  /**
   * A product's published reviews in one order, as JSON, kept under `version` (`withReviews`: the
   * catalogue's version and the product's reviews stamp), or `compute()`'s, kept.
   */
  reviewsJson(productId: number, ordering: string, version: string, compute: () => Promise<ReviewsJson>) {
    return this.remember(this.reviewLists, reviewsKey(productId, ordering), version, compute);
  }

  /**
   * A product's reviews changed from stamp `before` to `after` by the reviews `published` alone:
   * its list newest first, kept for `before`, is kept for `after` with them in front, when they all
   * come before its newest (a list read after they were committed already holds them: then, and for
   * every other order, the list is read again at its next request).
   */
  private carryReviews(productId: number, before: number, after: number, published: readonly ShownReview[]) {
    if (this.value === undefined || published.length === 0) return;
    const key = reviewsKey(productId, NEWEST_FIRST);
    const kept = this.reviewLists.get(key);
    if (kept?.version !== `${this.value}\u0000${before}`) return;
    const added = [...published].sort((a, b) => (comesFirst(a, b) ? -1 : comesFirst(b, a) ? 1 : 0));
    const oldest = added.at(-1)!;
    const newest = added[0]!;
    for (let i = 1; i < added.length; i += 1) if (!comesFirst(added[i - 1]!, added[i]!)) return;
    if (kept.value.newest !== undefined && !comesFirst(oldest, kept.value.newest)) return;
    if (kept.value.newest === undefined && kept.value.items.count > 0) return;
    this.reviewLists.set(key, {
      version: `${this.value}\u0000${after}`,
      value: {
        items: kept.value.items.prepend(added.map((review) => review.json)),
        newest: { id: newest.id, creation_date: newest.creation_date },
      },
    });
  }

  private async remember<T extends object | number>(
    cache: LRUCache<string, Entry<T>>,
    key: string,
    version: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const known = cache.get(key);
    if (known?.version === version) return known.value;
    const running = `${version}\u0000${key}`;
    let promise = this.computing.get(running) as Promise<T> | undefined;
    if (!promise) {
      promise = compute().finally(() => this.computing.delete(running));
      this.computing.set(running, promise);
    }
    const value = await promise;
    cache.set(key, { version, value });
    return value;
  }
}
