import { callProvider, type ProviderAnswer } from './http.ts';
import type { Balance, SendOutcome, SmsSettings } from './types.ts';

/**
 * What the SMS adapters share, so each file holds only its provider's request and the reading of its
 * answers: the API base, a send (call, classify, key kept out of the detail) and a balance call.
 */

/** What every adapter factory takes besides the settings (tests give a small time-out). */
export interface AdapterOptions {
  timeoutMs?: number;
}

export interface ProviderCalls {
  /** The settings' base (a test's server) or the provider's public one, without a trailing slash. */
  base: string;
  /** One send: a network error or time-out is already transient; an answer goes to `classify`. */
  send(
    url: string,
    init: RequestInit,
    classify: (answer: ProviderAnswer) => SendOutcome,
    signal?: AbortSignal,
  ): Promise<SendOutcome>;
  /**
   * One credit call: `read` gives the amount from an answer that tells it (undefined otherwise); no
   * answer, or an amount that is not a finite number, is no balance.
   */
  balance(
    url: string,
    init: RequestInit,
    read: (answer: ProviderAnswer) => unknown,
    unit: Balance['unit'],
    signal?: AbortSignal,
  ): Promise<Balance | undefined>;
}

/**
 * The calls of one adapter. `mask` stands where the key was in a detail (each adapter keeps the one
 * its details always had).
 */
export function providerCalls(
  settings: SmsSettings,
  publicBase: string,
  options: AdapterOptions = {},
  mask = '***',
): ProviderCalls {
  return {
    base: (settings.baseUrl ?? publicBase).replace(/\/+$/, ''),
    async send(url, init, classify, signal) {
      const call = await callProvider(url, init, signal, options.timeoutMs);
      if (!call.ok) return call.outcome;
      const outcome = classify(call.answer);
      return outcome.status === 'sent'
        ? outcome
        : { ...outcome, detail: withoutKey(outcome.detail, settings.apiKey, mask) };
    },
    async balance(url, init, read, unit, signal) {
      const call = await callProvider(url, init, signal, options.timeoutMs);
      if (!call.ok) return undefined;
      const told = read(call.answer);
      const amount = Number(told);
      return told !== undefined && Number.isFinite(amount) ? { amount, unit } : undefined;
    },
  };
}

/**
 * The key may sit in the URL (Kavenegar's, Melipayamak's) and a provider may echo it back: neither
 * form of it reaches the owner's deliveries list.
 */
export function withoutKey(text: string, key: string, mask = '***'): string {
  return key ? text.replaceAll(key, mask).replaceAll(encodeURIComponent(key), mask) : text;
}

/** A field of a JSON object answer; undefined for anything else. */
export function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * A provider's own message for a detail, trimmed and cut short (`: message` unless `as` words it
 * otherwise); nothing when it said nothing.
 */
export function said(message: unknown, as = (text: string) => `: ${text}`): string {
  return typeof message === 'string' && message.trim() ? as(message.trim().slice(0, 200)) : '';
}

/** Sent, with the provider's id for the message when it gave one. */
export function sentWith(id: unknown): SendOutcome {
  return typeof id === 'string' || typeof id === 'number'
    ? { status: 'sent', providerId: String(id) }
    : { status: 'sent' };
}

/** Worth another try, after the provider's Retry-After when it sent one. */
export function transient(answer: ProviderAnswer, detail: string): SendOutcome {
  return {
    status: 'transient',
    detail,
    ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
  };
}
