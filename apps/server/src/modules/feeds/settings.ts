import type { FeedForm, FeedName, FeedRequest, PriceOnRequestChoice } from '@storefront/contracts/admin';
import { feedForms, priceOnRequestChoices } from '@storefront/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { Settings } from '../settings/repository.ts';

/**
 * The feeds as the owner set them (one JSON value in `meta` per feed) and the requests each
 * answered (`feed_requests`, the latest REQUESTS_KEPT per feed). A feed is off until the owner turns
 * it on: a store opts in to being listed, and an off feed answers 404 as if it were not there.
 */

export interface FeedSettings {
  enabled: boolean;
  priceOnRequest: PriceOnRequestChoice;
  /** Emalls only: the token it must send. */
  token?: string;
}

const SETTING = { torob: 'torobFeed', emalls: 'emallsFeed' } as const;

export const DEFAULT_FEED_SETTINGS: FeedSettings = { enabled: false, priceOnRequest: 'omit' };

/** A stored value as settings; anything unreadable is the default (off). */
function parseFeedSettings(text: string | undefined): FeedSettings {
  let stored: unknown;
  try {
    stored = text === undefined ? undefined : JSON.parse(text);
  } catch {
    stored = undefined;
  }
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_FEED_SETTINGS };
  const s = stored as Record<string, unknown>;
  return {
    enabled: s.enabled === true,
    priceOnRequest: (priceOnRequestChoices as readonly unknown[]).includes(s.price_on_request)
      ? (s.price_on_request as PriceOnRequestChoice)
      : 'omit',
    ...(typeof s.token === 'string' && s.token !== '' ? { token: s.token } : {}),
  };
}

export async function readFeedSettings(db: Kysely<DB>, feed: FeedName): Promise<FeedSettings> {
  return parseFeedSettings(await new Settings(db).text(SETTING[feed]));
}

export async function writeFeedSettings(db: Kysely<DB>, feed: FeedName, value: FeedSettings): Promise<void> {
  await new Settings(db).put(
    SETTING[feed],
    JSON.stringify({
      enabled: value.enabled,
      price_on_request: value.priceOnRequest,
      ...(value.token ? { token: value.token } : {}),
    }),
  );
}

// ---- the last requests --------------------------------------------------------------------------

/** Requests kept per feed: enough to see a whole crawl's end and the refusals around it. */
export const REQUESTS_KEPT = 100;

/** Records one answered request and drops that feed's requests beyond the latest REQUESTS_KEPT. */
export async function recordFeedRequest(
  db: Kysely<DB>,
  feed: FeedName,
  entry: { form: FeedForm | null; status: number; ip: string },
): Promise<void> {
  await db
    .insertInto('feed_requests')
    .values({ feed, at: new Date().toISOString(), form: entry.form, status: entry.status, ip: entry.ip })
    .execute();
  // One statement, on the (feed, id) index: below the REQUESTS_KEPT-th newest (none while fewer are kept).
  await db
    .deleteFrom('feed_requests')
    .where('feed', '=', feed)
    .where('id', '<', (eb) =>
      eb
        .selectFrom('feed_requests')
        .select('id')
        .where('feed', '=', feed)
        .orderBy('id', 'desc')
        .offset(REQUESTS_KEPT - 1)
        .limit(1),
    )
    .execute();
}

/** A feed's latest requests, the newest first. */
export async function lastFeedRequests(db: Kysely<DB>, feed: FeedName): Promise<FeedRequest[]> {
  const rows = await db
    .selectFrom('feed_requests')
    .select(['at', 'form', 'status', 'ip'])
    .where('feed', '=', feed)
    .orderBy('id', 'desc')
    .limit(REQUESTS_KEPT)
    .execute();
  return rows.map((r) => ({
    at: r.at,
    form: (feedForms as readonly (string | null)[]).includes(r.form) ? (r.form as FeedForm) : null,
    status: Number(r.status),
    ip: r.ip,
  }));
}
