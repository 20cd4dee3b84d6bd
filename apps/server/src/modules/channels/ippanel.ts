import { callProvider, describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { Balance, SendOutcome, SmsProvider, SmsSettings, TemplatedSms } from './types.ts';

/**
 * IPPanel Edge (Faraz SMS; ippanelcom/Edge-Document): a pattern is sent with `POST /api/send`, header
 * `Authorization` (the API key itself, no scheme), body `{sending_type:"pattern", from_number, code,
 * recipients:[one], params:{name: value}}`; every answer is `{data, meta:{status, message,
 * message_code, errors}}`, the message's id in `data.message_outbox_ids[0]`. Numbers go in E.164
 * (`+989…`), as the documentation requires; the sending line (`settings.sender`) is sent as it is set.
 */
export const IPPANEL_BASE_URL = 'https://edge.ippanel.com/v1';

export function ippanel(settings: SmsSettings, options: { timeoutMs?: number } = {}): SmsProvider {
  const base = (settings.baseUrl ?? IPPANEL_BASE_URL).replace(/\/+$/, '');
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    Authorization: settings.apiKey,
  };
  return {
    name: 'ippanel',
    async send(message: TemplatedSms, signal?: AbortSignal): Promise<SendOutcome> {
      const call = await callProvider(
        `${base}/api/send`,
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
        signal,
        options.timeoutMs,
      );
      if (!call.ok) return call.outcome;
      const outcome = classify(call.answer);
      return outcome.status === 'sent'
        ? outcome
        : { ...outcome, detail: redact(outcome.detail, settings.apiKey) };
    },
    /** `GET /api/payment/credit/mine` → `data.credit`, in rials. */
    async balance(signal?: AbortSignal): Promise<Balance | undefined> {
      const call = await callProvider(
        `${base}/api/payment/credit/mine`,
        { method: 'GET', headers },
        signal,
        options.timeoutMs,
      );
      if (!call.ok || call.answer.status !== 200 || field(field(call.answer.body, 'meta'), 'status') !== true)
        return undefined;
      const amount = Number(field(field(call.answer.body, 'data'), 'credit'));
      return Number.isFinite(amount) ? { amount, unit: 'IRR' } : undefined;
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
    const id = Array.isArray(ids) ? ids[0] : undefined;
    return typeof id === 'string' || typeof id === 'number'
      ? { status: 'sent', providerId: String(id) }
      : { status: 'sent' };
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

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

function said(message: unknown): string {
  return typeof message === 'string' && message.trim() ? `: ${message.trim().slice(0, 200)}` : '';
}

function redact(detail: string, key: string): string {
  return key ? detail.replaceAll(key, '***') : detail;
}
