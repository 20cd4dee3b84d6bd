import { type AdapterOptions, field, providerCalls, said, sentWith, transient } from './adapter.ts';
import { describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { PermanentReason, SendOutcome, SmsProvider, SmsSettings } from './types.ts';

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

export function smsir(settings: SmsSettings, options: AdapterOptions = {}): SmsProvider {
  // Its details have always shown a removed key as '…'.
  const calls = providerCalls(settings, SMSIR_BASE_URL, options, '…');
  const headers = { 'x-api-key': settings.apiKey, accept: 'application/json' };

  return {
    name: 'smsir',

    async send(message, signal) {
      // SMS.ir's template ids are numbers; anything else can never be sent as it is.
      if (!/^\d+$/.test(message.template))
        return {
          status: 'permanent',
          reason: 'template_refused',
          detail: 'SMS.ir: the template id must be a number',
        };
      return calls.send(
        `${calls.base}/v1/send/verify`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            mobile: message.to,
            templateId: Number(message.template),
            parameters: message.params.map(([name, value]) => ({ name, value })),
          }),
        },
        classify,
        signal,
      );
    },

    /** `GET /v1/credit`: `data` is the account's credit, in SMS.ir's credit unit. */
    async balance(signal) {
      return calls.balance(
        `${calls.base}/v1/credit`,
        { method: 'GET', headers },
        (answer) => {
          const { status, data } = answerOf(answer);
          return status === 1 && typeof data === 'number' ? data : undefined;
        },
        'credit',
        signal,
      );
    },
  };
}

function answerOf(answer: ProviderAnswer): SmsIrAnswer {
  return answer.body && typeof answer.body === 'object' ? (answer.body as SmsIrAnswer) : {};
}

function classify(answer: ProviderAnswer): SendOutcome {
  const answered = answerOf(answer);
  const code = typeof answered.status === 'number' ? answered.status : undefined;
  if (code === 1 && answer.status < 300) return sentWith(field(answered.data, 'messageId'));
  if (code === undefined) return outcomeOfStatus(answer, `SMS.ir: ${describeAnswer(answer)}`);
  const detail = `SMS.ir ${code}${said(answered.message)}`;
  const reason = PERMANENT[code];
  if (reason) return { status: 'permanent', reason, detail };
  if (TRANSIENT.has(code) || answer.status >= 500 || answer.status === 429) return transient(answer, detail);
  if (answer.status === 401) return { status: 'permanent', reason: 'invalid_key', detail };
  return { status: 'permanent', reason: 'rejected', detail };
}
