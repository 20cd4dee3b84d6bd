import { type AdapterOptions, field, providerCalls, said, sentWith } from './adapter.ts';
import { describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { SendOutcome, SmsProvider, SmsSettings } from './types.ts';

/**
 * IPPanel Edge (Faraz SMS; ippanelcom/Edge-Document): a pattern is sent with `POST /api/send`, header
 * `Authorization` (the API key itself, no scheme), body `{sending_type:"pattern", from_number, code,
 * recipients:[one], params:{name: value}}`; every answer is `{data, meta:{status, message,
 * message_code, errors}}`, the message's id in `data.message_outbox_ids[0]`. Numbers go in E.164
 * (`+989…`), as the documentation requires; the sending line (`settings.sender`) is sent as it is set.
 */
export const IPPANEL_BASE_URL = 'https://edge.ippanel.com/v1';

export function ippanel(settings: SmsSettings, options: AdapterOptions = {}): SmsProvider {
  const calls = providerCalls(settings, IPPANEL_BASE_URL, options);
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    Authorization: settings.apiKey,
  };
  return {
    name: 'ippanel',
    async send(message, signal) {
      return calls.send(
        `${calls.base}/api/send`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            sending_type: 'pattern',
            from_number: settings.sender ?? '',
            code: message.template,
            recipients: [toE164(message.to)],
            params: Object.fromEntries(message.params),
          }),
        },
        classify,
        signal,
      );
    },
    /** `GET /api/payment/credit/mine` → `data.credit`, in rials. */
    async balance(signal) {
      return calls.balance(
        `${calls.base}/api/payment/credit/mine`,
        { method: 'GET', headers },
        (answer) =>
          answer.status === 200 && field(field(answer.body, 'meta'), 'status') === true
            ? field(field(answer.body, 'data'), 'credit')
            : undefined,
        'IRR',
        signal,
      );
    },
  };
}

/** `09121234567` → `+989121234567`; anything else is left for IPPanel to judge. */
export function toE164(phone: string): string {
  return /^09\d{9}$/.test(phone) ? `+98${phone.slice(1)}` : phone;
}

function classify(answer: ProviderAnswer): SendOutcome {
  const meta = field(answer.body, 'meta');
  const message = field(meta, 'message');
  if (answer.status >= 200 && answer.status < 300 && field(meta, 'status') === true) {
    const ids = field(field(answer.body, 'data'), 'message_outbox_ids');
    return sentWith(Array.isArray(ids) ? ids[0] : undefined);
  }
  const code = field(meta, 'message_code');
  const detail = `IPPanel ${describeAnswer(answer)}${typeof code === 'string' ? ` ${code}` : ''}${said(message)}`;
  // 400-1: the key (or token) is wrong or expired.
  if (code === '400-1') return { status: 'permanent', reason: 'invalid_key', detail };
  // Its credit messages ("اعتبار …") carry no code of their own.
  if (typeof message === 'string' && message.includes('اعتبار'))
    return { status: 'permanent', reason: 'no_credit', detail };
  // 400-2: a field was refused; which field tells why.
  const errors = field(meta, 'errors');
  const fields = errors && typeof errors === 'object' ? Object.keys(errors) : [];
  if (fields.some((name) => name.startsWith('recipients')))
    return { status: 'permanent', reason: 'invalid_number', detail };
  if (fields.some((name) => name === 'code' || name.startsWith('params')))
    return { status: 'permanent', reason: 'template_refused', detail };
  return outcomeOfStatus(answer, detail);
}
