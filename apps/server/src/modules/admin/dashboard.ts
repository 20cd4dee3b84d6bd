import {
  dashboardSchema,
  enquiryStatuses,
  type ChannelWarning,
  type Dashboard,
} from '@storefront/contracts/admin';
import { errorDetailSchema } from '@storefront/contracts';
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DB } from '../../db/schema.ts';
import { dayStart, localDay, nextDay, offsetMinutes } from '../../lib/time-zone.ts';
import { pickFrom } from '../../lib/translate.ts';
import type { Channels } from '../channels/registry.ts';
import { FAILING_PER_DAY, isLowCredit, type ChannelKind } from '../channels/status.ts';
import { deliveryStatus } from '../outbox/status.ts';
import { Quotes } from '../quotes/repository.ts';
import { ALL_ROLES, staffOf } from './access.ts';

/**
 * GET /admin/api/dashboard: the first screen after sign-in. Enquiries today, this week (from
 * Saturday) and in the last 30 days with a count per day (days of the store's time zone), by status,
 * unread; enquiries and won ones per source (30 and 90 days); quotes sent, accepted, declined and
 * expired (30 days), accepted value per month (12) and the median time to a first quote; reviews waiting; the most liked and most enquired-about products; products missing an
 * English title or an image; for owners, the channels' warnings (SMS credit running low, a channel
 * whose sends keep failing). Editors get no enquiry or review figures (not their work).
 * Each count is one indexed range or group query: the enquiries of 30 days are counted per
 * 10-minute slot of UTC by the database and the slots put into local days here (a time zone's
 * offset is a multiple of 10 minutes), so 1,000,000 enquiries never travel to the server.
 */

const TOP = 10;
const SAMPLE = 10;
/** The sources shown (the most enquiries first): another site's host is a source of its own, so they are many. */
const SOURCES = 20;

async function count(query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}

const WARNED_CHANNELS: readonly ChannelKind[] = ['sms', 'bale', 'telegram'];

/**
 * What the owner is warned of: the SMS account's credit below its threshold (status.ts LOW_CREDIT;
 * the credit is asked of the provider at most every 5 minutes), and each channel with FAILING_PER_DAY
 * or more sends given up on in the last 24 hours.
 */
export async function channelWarnings(
  db: Kysely<DB>,
  channels: Pick<Channels, 'balance'>,
  now = new Date(),
): Promise<ChannelWarning[]> {
  const [balance, ...statuses] = await Promise.all([
    channels.balance(),
    ...WARNED_CHANNELS.map((kind) => deliveryStatus(db, kind, now)),
  ]);
  const warnings: ChannelWarning[] = [];
  WARNED_CHANNELS.forEach((channel, i) => {
    const status = statuses[i]!;
    const common = {
      channel,
      balance: channel === 'sms' ? (balance ?? null) : null,
      failed: status.failed_last_day,
      last_error: status.last_error,
    };
    if (channel === 'sms' && balance && isLowCredit(balance))
      warnings.push({ ...common, kind: 'low_credit' });
    if (status.failed_last_day >= FAILING_PER_DAY) warnings.push({ ...common, kind: 'failing' });
  });
  return warnings;
}

export async function dashboard(
  db: Kysely<DB>,
  options: {
    timeZone: string;
    lang: string;
    fallback: string;
    sales: boolean;
    /** The quote loop's figures (modules/quotes), for sales and owners; none: no quote figures. */
    quotes?: Pick<Quotes, 'dashboardFigures'> | undefined;
    /** The channels, for an owner's warnings; none: no warnings (the other roles). */
    channels?: Pick<Channels, 'balance'> | undefined;
    now?: Date;
  },
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const zone = options.timeZone;
  const today = localDay(zone, now);
  const title = (json: string) =>
    pickFrom(JSON.parse(json) as Record<string, string>, { lang: options.lang, fallback: options.fallback });

  let enquiries: Dashboard['enquiries'] = null;
  let reviewsWaiting: number | null = null;
  if (options.sales) {
    const firstDay = nextDay(today, -29);
    const since30 = dayStart(zone, firstDay);
    // Saturday = 6 in getUTCDay of the local day's date.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const weekStart = dayStart(zone, nextDay(today, -((weekday + 1) % 7)));
    const slots = await db
      .selectFrom('enquiries')
      .select([
        sql<string>`substr(created_at, 1, 15)`.as('slot'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('created_at', '>=', since30)
      .groupBy(sql`substr(created_at, 1, 15)`)
      .execute();
    const perDay = new Map<string, number>();
    for (let i = 0; i < 30; i++) perDay.set(nextDay(firstDay, i), 0);
    let week = 0;
    let todayCount = 0;
    const todayStart = dayStart(zone, today);
    for (const slot of slots) {
      const at = new Date(`${slot.slot}0:00.000Z`);
      const day = new Date(at.getTime() + offsetMinutes(zone, at) * 60_000).toISOString().slice(0, 10);
      const n = Number(slot.count);
      if (perDay.has(day)) perDay.set(day, perDay.get(day)! + n);
      if (at.toISOString() >= weekStart) week += n;
      if (at.toISOString() >= todayStart) todayCount += n;
    }
    const statuses = await db
      .selectFrom('enquiries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    const byStatus: Record<string, number> = Object.fromEntries(enquiryStatuses.map((s) => [s, 0]));
    for (const s of statuses) byStatus[s.status] = Number(s.count);
    const since90 = dayStart(zone, nextDay(today, -89));
    const enquired = await db
      .selectFrom('enquiries')
      .innerJoin('products', 'products.id', 'enquiries.product_id')
      .select(['products.id', 'products.title', (eb) => eb.fn.countAll<number>().as('count')])
      .where('enquiries.created_at', '>=', since90)
      .groupBy(['products.id', 'products.title'])
      .orderBy('count', 'desc')
      .orderBy('products.id')
      .limit(TOP)
      .execute();
    const bySource = async (since: string) => {
      const rows = await db
        .selectFrom('enquiries')
        .select([
          'source',
          (eb) => eb.fn.countAll<number>().as('count'),
          sql<number>`sum(CASE WHEN status = 'won' THEN 1 ELSE 0 END)`.as('won'),
        ])
        .where('created_at', '>=', since)
        .groupBy('source')
        .orderBy('count', 'desc')
        .orderBy('source')
        .limit(SOURCES)
        .execute();
      return rows.map((r) => ({ source: r.source, enquiries: Number(r.count), won: Number(r.won ?? 0) }));
    };
    enquiries = {
      by_source: { last_30_days: await bySource(since30), last_90_days: await bySource(since90) },
      today: todayCount,
      week,
      last_30_days: [...perDay.values()].reduce((a, b) => a + b, 0),
      unread: await count(
        db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('read_at', 'is', null),
      ),
      daily: [...perDay].map(([date, n]) => ({ date, count: n })),
      by_status: byStatus,
      most_enquired: enquired.map((p) => ({ id: p.id, title: title(p.title), count: Number(p.count) })),
    };
    reviewsWaiting = await count(
      db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'held'),
    );
  }

  const liked = await db
    .selectFrom('likes')
    .innerJoin('products', 'products.id', 'likes.product_id')
    .select(['products.id', 'products.title', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['products.id', 'products.title'])
    .orderBy('count', 'desc')
    .orderBy('products.id')
    .limit(TOP)
    .execute();

  // Missing English: no "en" key, or an empty one (JSON text of the title column).
  const noEnglish = sql<boolean>`(products.title NOT LIKE '%"en":%' OR products.title LIKE '%"en":""%')`;
  const noImage = sql<boolean>`(products.images = '[]' OR products.images = '')`;
  const missing = async (condition: typeof noEnglish) => ({
    count: await count(
      db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(condition),
    ),
    products: (
      await db
        .selectFrom('products')
        .select(['id', 'title'])
        .where(condition)
        .orderBy('id', 'desc')
        .limit(SAMPLE)
        .execute()
    ).map((p) => ({ id: p.id, title: title(p.title) })),
  });

  return {
    enquiries,
    quotes: options.sales && options.quotes ? await options.quotes.dashboardFigures() : null,
    reviews_waiting: reviewsWaiting,
    most_liked: liked.map((p) => ({ id: p.id, title: title(p.title), count: Number(p.count) })),
    missing_english: await missing(noEnglish),
    missing_image: await missing(noImage),
    channel_warnings: options.channels ? await channelWarnings(db, options.channels, now) : [],
  };
}

/**
 * How long a computed dashboard is shown again (per view: sales or not, language). Its figures over
 * 1,000,000 enquiries cost whole-index counts; 30 seconds old is fresh enough for a summary (the
 * navigation's unread count is asked live).
 */
const DASHBOARD_TTL_MS = 30_000;

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = new Map<string, { at: number; value: Promise<Dashboard> }>();
  const quotes = Quotes.forApp(app);
  app.get(
    '/dashboard',
    {
      config: { roles: ALL_ROLES },
      schema: { response: { 200: dashboardSchema, 401: errorDetailSchema, 403: errorDetailSchema } },
    },
    async (request) => {
      const session = staffOf(request);
      const sales = session.staff.role !== 'editor';
      // The channels' warnings are the owner's (the settings they point to are the owner's).
      const owner = session.staff.role === 'owner';
      const key = `${owner ? 'owner' : sales ? 'sales' : 'editor'} ${session.staff.language}`;
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && now - hit.at < DASHBOARD_TTL_MS) return hit.value;
      // Concurrent requests share one computation; a failed one is not kept.
      const value = dashboard(app.database.db, {
        timeZone: app.config.storeTimeZone,
        lang: session.staff.language,
        fallback: app.config.defaultLanguage,
        sales,
        quotes,
        channels: owner ? app.channels : undefined,
      });
      kept.set(key, { at: now, value });
      value.catch(() => kept.delete(key));
      return value;
    },
  );
};
