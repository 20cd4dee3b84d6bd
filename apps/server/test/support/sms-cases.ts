import { expect, it } from 'vitest';
import type {
  SendOutcome,
  SmsProvider,
  SmsSettings,
  TemplatedSms,
} from '../../src/modules/channels/types.ts';
import type { ProviderReply, ProviderServer } from './provider-server.ts';

/** What the SMS adapters' tests check alike, against their stand-in gateway (./provider-server.ts). */

/** Checks that nothing of an outcome (its detail above all) carries the key. */
export function expectKeyless(outcome: unknown, key: string): void {
  expect(JSON.stringify(outcome)).not.toContain(key);
}

/** A templated SMS to the tests' mobile (`09121234567`), its parameters by name in this order. */
export function smsTo(template: string, params: Record<string, string>): TemplatedSms {
  return { to: '09121234567', template, params: Object.entries(params) };
}

/**
 * The time-out case: the server answers `sent` later than the adapter (made from `settings` with a
 * small time-out) waits, and the outcome is transient without the key.
 */
export function itAnswersLate(
  server: ProviderServer,
  sent: ProviderReply,
  adapter: (settings: SmsSettings, options: { timeoutMs: number }) => SmsProvider,
  settings: SmsSettings,
  message: TemplatedSms,
): void {
  it('counts an answer that comes too late as transient', async () => {
    server.reply({ ...sent, delayMs: 500 });
    const outcome = await adapter(settings, { timeoutMs: 100 }).send(message);
    expect(outcome.status).toBe('transient');
    expectKeyless(outcome, settings.apiKey);
  });
}

/** The echo case: a refusal of the key that quotes it is `invalid_key`, and its detail drops the key. */
export function itKeepsAnEchoedKeyOut(refuse: () => Promise<SendOutcome>, key: string): void {
  it('never puts the key in a detail, even when the provider echoes it', async () => {
    const outcome = await refuse();
    expect(outcome).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expectKeyless(outcome, key);
  });
}
