import { callProvider, describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type {
  Balance,
  PermanentReason,
  SendOutcome,
  SmsProvider,
  SmsSettings,
  TemplatedSms,
} from './types.ts';

/**
 * Kavenegar (kavenegar.com/rest.html): `verify/lookup` sends an approved template with up to three
 * space-free tokens, the key in the path. The parameters go as a form body (POST, as Kavenegar's own
 * SDKs send them) rather than the query string, so a one-time code stays out of proxies' URL logs.
 * The receptor is the national form (09…), which Kavenegar takes as it is.
 */
export const KAVENEGAR_BASE_URL = 'https://api.kavenegar.com';

/** Kavenegar's positional token fields, filled from the message's parameters in order. */
const TOKEN_FIELDS = ['token', 'token2', 'token3'] as const;

/**
 * Kavenegar's documented `return.status` codes that are final, by reason; the rest of its 4xx codes
 * (bad sender line, method, dates…) are `rejected`, and 409/429/451/5xx are worth another try.
 */
const PERMANENT: Partial<Record<number, PermanentReason>> = {
  401: 'invalid_key', // account disabled
  403: 'invalid_key', // API key not valid
  407: 'invalid_key', // the key may not use this call
  416: 'invalid_key', // calling from an IP the key is not allowed from
  411: 'invalid_number', // receptor not valid
  418: 'no_credit', // not enough credit
  420: 'template_refused', // links not allowed in the text
  422: 'template_refused', // characters the template does not allow
  424: 'template_refused', // template not found or not approved
  426: 'template_refused', // the template needs a service the account lacks
  428: 'template_refused', // the template's type (voice) cannot carry these tokens
  431: 'template_refused', // a token's shape is not valid (spaces, length)
  432: 'template_refused', // the template has no place for the token
};
/** 409: the server cannot answer now; 451: too many calls in a short time. */
const TRANSIENT = new Set([409, 429, 451]);

interface KavenegarReturn {
  status?: unknown;
  message?: unknown;
}

export function kavenegar(settings: SmsSettings, options: { timeoutMs?: number } = {}): SmsProvider {
  const base = (settings.baseUrl ?? KAVENEGAR_BASE_URL).replace(/\/+$/, '');
  const endpoint = (call: string) => `${base}/v1/${encodeURIComponent(settings.apiKey)}/${call}.json`;
  const safe = (text: string) => scrub(text, settings.apiKey);

  return {
    name: 'kavenegar',

    async send(message: TemplatedSms, signal?: AbortSignal): Promise<SendOutcome> {
      if (message.params.length > TOKEN_FIELDS.length)
        return {
          status: 'permanent',
          reason: 'template_refused',
          detail: `Kavenegar: a lookup template takes at most ${TOKEN_FIELDS.length} tokens, got ${message.params.length}`,
        };
      const form = new URLSearchParams({ receptor: message.to, template: message.template });
      message.params.forEach(([, value], i) => form.set(TOKEN_FIELDS[i]!, value));
      const call = await callProvider(
        endpoint('verify/lookup'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        signal,
        options.timeoutMs,
      );
      if (!call.ok) return call.outcome;
      const outcome = classify(call.answer);
      return outcome.status === 'sent' ? outcome : { ...outcome, detail: safe(outcome.detail) };
    },

    /** `account/info.json`: `entries.remaincredit`, in rials. */
    async balance(signal?: AbortSignal): Promise<Balance | undefined> {
      const call = await callProvider(
        endpoint('account/info'),
        { method: 'POST', headers: { accept: 'application/json' } },
        signal,
        options.timeoutMs,
      );
      if (!call.ok || returnOf(call.answer).status !== 200) return undefined;
      const entries = (call.answer.body as { entries?: { remaincredit?: unknown } }).entries;
      const amount = Number(entries?.remaincredit);
      return entries?.remaincredit !== undefined && Number.isFinite(amount)
        ? { amount, unit: 'IRR' }
        : undefined;
    },
  };
}

function returnOf(answer: ProviderAnswer): KavenegarReturn {
  const body = answer.body;
  if (body && typeof body === 'object' && 'return' in body && body.return && typeof body.return === 'object')
    return body.return as KavenegarReturn;
  return {};
}

/** Kavenegar answers with the HTTP status equal to `return.status`; the body's code decides. */
function classify(answer: ProviderAnswer): SendOutcome {
  const said = returnOf(answer);
  const code = typeof said.status === 'number' ? said.status : undefined;
  if (code === 200 && answer.status < 300) {
    const entries = (answer.body as { entries?: unknown }).entries;
    const first: unknown = Array.isArray(entries) ? entries[0] : undefined;
    const id = first && typeof first === 'object' && 'messageid' in first ? first.messageid : undefined;
    return {
      status: 'sent',
      ...(typeof id === 'number' || typeof id === 'string' ? { providerId: String(id) } : {}),
    };
  }
  if (code === undefined) return outcomeOfStatus(answer, `Kavenegar: ${describeAnswer(answer)}`);
  const detail = `Kavenegar ${code}${typeof said.message === 'string' && said.message.trim() ? `: ${said.message.trim().slice(0, 200)}` : ''}`;
  const reason = PERMANENT[code];
  if (reason) return { status: 'permanent', reason, detail };
  if (TRANSIENT.has(code) || code >= 500)
    return {
      status: 'transient',
      detail,
      ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
    };
  if (code >= 400) return { status: 'permanent', reason: 'rejected', detail };
  return outcomeOfStatus(answer, detail);
}

/** The key may sit in the URL; nothing a provider echoes back carries it to the owner's list. */
function scrub(text: string, key: string): string {
  return key ? text.split(key).join('…') : text;
}
