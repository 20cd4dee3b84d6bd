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
 * SMS.ir's REST API (sms.ir/rest-api): `POST /v1/send/verify` with the key in `X-API-KEY` sends an
 * approved template (a numeric id) with its parameters by name. The mobile goes in the national form
 * (09…), as SMS.ir's own examples send it. Every answer is `{status, message, data}`; `status` 1 is
 * success, anything else is one of its documented codes (with HTTP 400, 401 or 429 around it).
 */
export const SMSIR_BASE_URL = 'https://api.sms.ir';

/** SMS.ir's documented `status` codes that are final, by reason; its other codes are `rejected`. */
const PERMANENT: Partial<Record<number, PermanentReason>> = {
  10: 'invalid_key', // key not valid
  11: 'invalid_key', // key disabled
  12: 'invalid_key', // key limited to other IPs
  102: 'no_credit', // not enough credit
  104: 'invalid_number', // mobile not valid
  115: 'invalid_number', // mobile on the blacklist
  113: 'template_refused', // template not found
  114: 'template_refused', // a parameter longer than the template allows (25)
  116: 'template_refused', // a parameter without a name
  117: 'template_refused', // the text is not approved
  119: 'template_refused', // a custom template needs a plan upgrade
};
/** 0: a problem on SMS.ir's side; 20: too many requests. */
const TRANSIENT = new Set([0, 20]);

interface SmsIrAnswer {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

export function smsir(settings: SmsSettings, options: { timeoutMs?: number } = {}): SmsProvider {
  const base = (settings.baseUrl ?? SMSIR_BASE_URL).replace(/\/+$/, '');
  const headers = { 'x-api-key': settings.apiKey, accept: 'application/json' };
  const safe = (text: string) => scrub(text, settings.apiKey);

  return {
    name: 'smsir',

    async send(message: TemplatedSms, signal?: AbortSignal): Promise<SendOutcome> {
      // SMS.ir's template ids are numbers; anything else can never be sent as it is.
      if (!/^\d+$/.test(message.template))
        return {
          status: 'permanent',
          reason: 'template_refused',
          detail: 'SMS.ir: the template id must be a number',
        };
      const call = await callProvider(
        `${base}/v1/send/verify`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            mobile: message.to,
            templateId: Number(message.template),
            parameters: message.params.map(([name, value]) => ({ name, value })),
          }),
        },
        signal,
        options.timeoutMs,
      );
      if (!call.ok) return call.outcome;
      const outcome = classify(call.answer);
      return outcome.status === 'sent' ? outcome : { ...outcome, detail: safe(outcome.detail) };
    },

    /** `GET /v1/credit`: `data` is the account's credit, in SMS.ir's credit unit. */
    async balance(signal?: AbortSignal): Promise<Balance | undefined> {
      const call = await callProvider(
        `${base}/v1/credit`,
        { method: 'GET', headers },
        signal,
        options.timeoutMs,
      );
      if (!call.ok) return undefined;
      const said = answerOf(call.answer);
      const amount = Number(said.data);
      return said.status === 1 && typeof said.data === 'number' && Number.isFinite(amount)
        ? { amount, unit: 'credit' }
        : undefined;
    },
  };
}

function answerOf(answer: ProviderAnswer): SmsIrAnswer {
  return answer.body && typeof answer.body === 'object' ? (answer.body as SmsIrAnswer) : {};
}

function classify(answer: ProviderAnswer): SendOutcome {
  const said = answerOf(answer);
  const code = typeof said.status === 'number' ? said.status : undefined;
  if (code === 1 && answer.status < 300) {
    const data = said.data;
    const id = data && typeof data === 'object' && 'messageId' in data ? data.messageId : undefined;
    return {
      status: 'sent',
      ...(typeof id === 'number' || typeof id === 'string' ? { providerId: String(id) } : {}),
    };
  }
  if (code === undefined) return outcomeOfStatus(answer, `SMS.ir: ${describeAnswer(answer)}`);
  const detail = `SMS.ir ${code}${typeof said.message === 'string' && said.message.trim() ? `: ${said.message.trim().slice(0, 200)}` : ''}`;
  const reason = PERMANENT[code];
  if (reason) return { status: 'permanent', reason, detail };
  if (TRANSIENT.has(code) || answer.status >= 500 || answer.status === 429)
    return {
      status: 'transient',
      detail,
      ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
    };
  if (answer.status === 401) return { status: 'permanent', reason: 'invalid_key', detail };
  return { status: 'permanent', reason: 'rejected', detail };
}

/** Nothing a provider echoes back carries the key to the owner's list. */
function scrub(text: string, key: string): string {
  return key ? text.split(key).join('…') : text;
}
