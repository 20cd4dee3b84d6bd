import { type AdapterOptions, field, providerCalls, said, sentWith } from './adapter.ts';
import { describeAnswer, outcomeOfStatus, type ProviderAnswer } from './http.ts';
import type { PermanentReason, SendOutcome, SmsProvider, SmsSettings } from './types.ts';

/**
 * Melipayamak's console API (console.melipayamak.com): a pattern approved on the shared service line
 * is sent with `POST /api/send/shared/{token}` and `{bodyId, to, args}`, the pattern's variables in
 * order; the answer is `{recId, status}`. The token sits in the path, so it is kept out of every
 * detail. Numbers go in the national form (`09…`), as the documentation's examples show them.
 */
export const MELIPAYAMAK_BASE_URL = 'https://console.melipayamak.com';

/**
 * The error values Melipayamak documents for `recId` (a sent message's recId is a long id, far above
 * these). Each maps to what the outbox should do with it.
 */
const recIdErrors: Record<number, { reason: PermanentReason | 'transient'; says: string }> = {
  0: { reason: 'invalid_key', says: 'wrong user name, password or key' },
  [-1]: { reason: 'invalid_key', says: 'web service access is disabled' },
  2: { reason: 'no_credit', says: 'not enough credit' },
  [-2]: { reason: 'rejected', says: 'one recipient per call' },
  [-3]: { reason: 'rejected', says: 'sending line not defined' },
  [-4]: { reason: 'template_refused', says: 'bodyId unknown or not approved' },
  [-5]: { reason: 'template_refused', says: 'args do not fit the pattern' },
  [-6]: { reason: 'transient', says: 'internal error' },
  [-7]: { reason: 'rejected', says: 'sending line error' },
  [-10]: { reason: 'template_refused', says: 'a variable holds a link' },
  6: { reason: 'transient', says: 'system under maintenance' },
  7: { reason: 'template_refused', says: 'text holds a filtered word' },
  10: { reason: 'rejected', says: 'user not active' },
  11: { reason: 'transient', says: 'not sent' },
  12: { reason: 'rejected', says: 'account documents incomplete' },
  16: { reason: 'invalid_number', says: 'recipient number not found' },
  17: { reason: 'template_refused', says: 'text is empty' },
  35: { reason: 'invalid_number', says: 'number is on the blacklist' },
};

/** Below this a recId is one of the documented codes (or an unknown one), never a message's id. */
const SMALLEST_MESSAGE_ID = 1000;

export function melipayamak(settings: SmsSettings, options: AdapterOptions = {}): SmsProvider {
  const calls = providerCalls(settings, MELIPAYAMAK_BASE_URL, options);
  const token = encodeURIComponent(settings.apiKey);
  return {
    name: 'melipayamak',
    async send(message, signal) {
      const bodyId = Number(message.template);
      if (!Number.isSafeInteger(bodyId) || bodyId <= 0)
        return {
          status: 'permanent',
          reason: 'template_refused',
          detail: 'Melipayamak: the template must be a pattern bodyId (a number)',
        };
      return calls.send(
        `${calls.base}/api/send/shared/${token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ bodyId, to: message.to, args: message.params.map(([, value]) => value) }),
        },
        classify,
        signal,
      );
    },
    /** `POST /api/receive/credit/{token}` → `{amount, status}`: the credit, in messages. */
    async balance(signal) {
      return calls.balance(
        `${calls.base}/api/receive/credit/${token}`,
        { method: 'POST', headers: { accept: 'application/json' } },
        (answer) => (answer.status === 200 ? field(answer.body, 'amount') : undefined),
        'credit',
        signal,
      );
    },
  };
}

function classify(answer: ProviderAnswer): SendOutcome {
  const status = field(answer.body, 'status');
  const recIdRaw = field(answer.body, 'recId');
  const recId = typeof recIdRaw === 'string' && recIdRaw.trim() ? Number(recIdRaw) : recIdRaw;
  if (answer.status === 200 && typeof recId === 'number' && Number.isFinite(recId)) {
    if (recId >= SMALLEST_MESSAGE_ID) return sentWith(recIdRaw);
    const known = recIdErrors[recId];
    const detail = `Melipayamak recId ${recId}: ${known?.says ?? 'refused'}${said(status, (text) => ` (${text})`)}`;
    if (known?.reason === 'transient') return { status: 'transient', detail };
    return { status: 'permanent', reason: known?.reason ?? 'rejected', detail };
  }
  return outcomeOfStatus(answer, `Melipayamak ${describeAnswer(answer, status)}`);
}
