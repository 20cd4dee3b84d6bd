import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Balance } from './types.ts';

/**
 * Below these, the dashboard warns that the SMS account runs low: 500,000 rials (a few hundred
 * messages at today's prices) for the gateways that tell their credit in money, 50 messages for the
 * ones that count messages.
 */
export const LOW_CREDIT: Readonly<Record<Balance['unit'], number>> = { IRR: 500_000, credit: 50 };

/** Whether an account's credit is below its unit's threshold. */
export function isLowCredit(balance: Balance): boolean {
  return balance.amount < LOW_CREDIT[balance.unit];
}

/** Failed sends in a day from which the dashboard says a channel is failing. */
export const FAILING_PER_DAY = 3;

/** The outbox's kinds that go through the channels module. */
export type ChannelKind = 'sms' | 'bale' | 'telegram';

export interface ChannelDeliveryStatus {
  /** Messages waiting (not yet sent, not given up). */
  pending: number;
  /** Messages given up on (kept; retryable from the deliveries list). */
  failed: number;
  /** Given up on in the last 24 hours (the dashboard's "sends are failing"). */
  failed_last_day: number;
  /** The latest error of a message of this kind not sent yet. */
  last_error: string | null;
}

/** What waits and what failed of one channel's messages (the settings page, the dashboard). */
export async function channelDeliveryStatus(
  db: Kysely<DB>,
  kind: ChannelKind,
  now = new Date(),
): Promise<ChannelDeliveryStatus> {
  const counts = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', kind)
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const { n } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('status', '=', 'failed')
    .where('created_at', '>=', dayAgo)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('outbox')
    .select('last_error')
    .where('kind', '=', kind)
    .where('status', 'in', ['pending', 'failed'])
    .where('last_error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    pending: count('pending'),
    failed: count('failed'),
    failed_last_day: Number(n),
    last_error: last?.last_error ?? null,
  };
}
