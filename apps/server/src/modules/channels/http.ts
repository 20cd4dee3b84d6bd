import type { SendOutcome } from './types.ts';

/** How long a provider may take to answer one call before the send counts as transient. */
export const CALL_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
  /** Retry-After in ms, when the provider sent one. */
  retryAfterMs?: number;
}

export type CallResult = { ok: true; answer: ProviderAnswer } | { ok: false; outcome: SendOutcome };

/**
 * One HTTP call to a provider with a time-out; a network error or a time-out is a transient outcome
 * (the outbox tries again), an answer of any status is handed to the adapter to classify. Nothing of
 * the key is ever put in `detail` (it may sit in the URL: Kavenegar's, Melipayamak's, the bots').
 */
export async function callProvider(
  url: string,
  init: RequestInit & { dispatcher?: unknown },
  signal?: AbortSignal,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<CallResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: true,
      answer: {
        status: response.status,
        body,
        text,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
      },
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    return {
      ok: false,
      outcome: {
        status: 'transient',
        detail: timedOut ? `no answer within ${timeoutMs / 1000} s` : `network error: ${causeOf(error)}`,
      },
    };
  }
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * What an HTTP status says by itself: 5xx, 408 and 429 are worth another try; the adapters read the
 * body first for what their provider says, and fall back to this.
 */
export function outcomeOfStatus(answer: ProviderAnswer, detail: string): SendOutcome {
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429)
    return {
      status: 'transient',
      detail,
      ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
    };
  if (answer.status === 401 || answer.status === 403)
    return { status: 'permanent', reason: 'invalid_key', detail };
  return { status: 'permanent', reason: 'rejected', detail };
}

/** A short, safe description of a provider's answer for the owner's deliveries list. */
export function describeAnswer(answer: ProviderAnswer, message?: unknown): string {
  const said = typeof message === 'string' && message.trim() ? `: ${message.trim().slice(0, 200)}` : '';
  return `HTTP ${answer.status}${said}`;
}
