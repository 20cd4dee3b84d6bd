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
