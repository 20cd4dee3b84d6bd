import { type AdapterOptions, field, providerCalls, said, sentWith, transient } from './adapter.ts';
import { describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { PermanentReason, SendOutcome, SmsProvider, SmsSettings } from './types.ts';

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

export function kavenegar(settings: SmsSettings, options: AdapterOptions = {}): SmsProvider {
  // Its details have always shown a removed key as '…'.
  const calls = providerCalls(settings, KAVENEGAR_BASE_URL, options, '…');
  const endpoint = (call: string) => `${calls.base}/v1/${encodeURIComponent(settings.apiKey)}/${call}.json`;

  return {
    name: 'kavenegar',

    async send(message, signal) {
      if (message.params.length > TOKEN_FIELDS.length)
        return {
          status: 'permanent',
          reason: 'template_refused',
          detail: `Kavenegar: a lookup template takes at most ${TOKEN_FIELDS.length} tokens, got ${message.params.length}`,
        };
      const form = new URLSearchParams({ receptor: message.to, template: message.template });
      message.params.forEach(([, value], i) => form.set(TOKEN_FIELDS[i]!, value));
      return calls.send(
        endpoint('verify/lookup'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        classify,
        signal,
      );
    },

    /** `account/info.json`: `entries.remaincredit`, in rials. */
    async balance(signal) {
      return calls.balance(
        endpoint('account/info'),
        { method: 'POST', headers: { accept: 'application/json' } },
        (answer) =>
          returnOf(answer).status === 200 ? field(field(answer.body, 'entries'), 'remaincredit') : undefined,
        'IRR',
        signal,
      );
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
  const answered = returnOf(answer);
  const code = typeof answered.status === 'number' ? answered.status : undefined;
  if (code === 200 && answer.status < 300) {
    const entries = field(answer.body, 'entries');
    return sentWith(Array.isArray(entries) ? field(entries[0], 'messageid') : undefined);
  }
  if (code === undefined) return outcomeOfStatus(answer, `Kavenegar: ${describeAnswer(answer)}`);
  const detail = `Kavenegar ${code}${said(answered.message)}`;
  const reason = PERMANENT[code];
  if (reason) return { status: 'permanent', reason, detail };
  if (TRANSIENT.has(code) || code >= 500) return transient(answer, detail);
  if (code >= 400) return { status: 'permanent', reason: 'rejected', detail };
  return outcomeOfStatus(answer, detail);
}
