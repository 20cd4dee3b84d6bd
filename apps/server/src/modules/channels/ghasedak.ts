import { randomUUID } from 'node:crypto';
import { type AdapterOptions, field, providerCalls, said, sentWith, transient } from './adapter.ts';
import { describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { PermanentReason, SendOutcome, SmsProvider, SmsSettings } from './types.ts';

/**
 * Ghasedak's gateway (gw.ghasedak.me): an approved OTP template is sent with
 * `POST /Rest/api/v1/WebService/SendOtpSMS`, header `ApiKey`, body
 * `{receptors:[{mobile, clientReferenceId}], templateName, inputs:[{param, value}]}` (parameters by
 * name); every answer is `{isSuccess, statusCode, message, data}`, the message's id in
 * `data.items[0].messageId`. Numbers go in the national form (`09…`), as its examples show them.
 */
export const GHASEDAK_BASE_URL = 'https://gw.ghasedak.me';

/** Ghasedak's status codes that say more than the HTTP status would. */
const statusCodes: Record<number, PermanentReason | 'transient'> = {
  401: 'invalid_key',
  403: 'invalid_key',
  411: 'invalid_number',
  418: 'no_credit',
  424: 'template_refused',
  425: 'template_refused',
  429: 'transient',
};

export function ghasedak(settings: SmsSettings, options: AdapterOptions = {}): SmsProvider {
  const calls = providerCalls(settings, GHASEDAK_BASE_URL, options);
  const base = `${calls.base}/Rest/api/v1/WebService`;
  const headers = { 'content-type': 'application/json', accept: 'application/json', ApiKey: settings.apiKey };
  return {
    name: 'ghasedak',
    async send(message, signal) {
      return calls.send(
        `${base}/SendOtpSMS`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            // Ours, so a message can be found in Ghasedak's reports; it carries nothing personal.
            receptors: [{ mobile: message.to, clientReferenceId: randomUUID() }],
            templateName: message.template,
            inputs: message.params.map(([param, value]) => ({ param, value })),
          }),
        },
        classify,
        signal,
      );
    },
    /** `GET /Rest/api/v1/WebService/GetAccountInformation` → `data.credit`, in rials. */
    async balance(signal) {
      return calls.balance(
        `${base}/GetAccountInformation`,
        { method: 'GET', headers },
        (answer) =>
          answer.status === 200 && field(answer.body, 'isSuccess') === true
            ? field(field(answer.body, 'data'), 'credit')
            : undefined,
        'IRR',
        signal,
      );
    },
  };
}

function classify(answer: ProviderAnswer): SendOutcome {
  const body = answer.body;
  const message = field(body, 'message');
  if (answer.status === 200 && field(body, 'isSuccess') === true) {
    const items = field(field(body, 'data'), 'items');
    return sentWith(Array.isArray(items) ? field(items[0], 'messageId') : undefined);
  }
  const code = field(body, 'statusCode');
  if (typeof code !== 'number') return outcomeOfStatus(answer, `Ghasedak ${describeAnswer(answer, message)}`);
  const detail = `Ghasedak statusCode ${code}${said(message)}`;
  const known = statusCodes[code];
  if (known === 'transient') return transient(answer, detail);
  if (known) return { status: 'permanent', reason: known, detail };
  // Otherwise its code reads like an HTTP status (400, 500, …), and the worse of the two decides.
  return outcomeOfStatus({ ...answer, status: Math.max(code, answer.status) }, detail);
}
