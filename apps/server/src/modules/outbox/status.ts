import type { DeliveryKind } from '@storefront/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface DeliveryStatus {
  /** Messages waiting (not yet sent, not given up). */
  pending: number;
  /** Messages given up on (kept; retryable from the deliveries list). */
  failed: number;
  /** Given up on in the last 24 hours (the dashboard's "sends are failing"). */
  failed_last_day: number;
  /** The latest error of a message of this kind not sent yet. */
  last_error: string | null;
}

/**
 * What waits and what failed of one kind of message: the settings page's mail and SMS status, the
 * dashboard's channel warnings.
 */
export async function deliveryStatus(
  db: Kysely<DB>,
  kind: DeliveryKind,
  now = new Date(),
): Promise<DeliveryStatus> {
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
