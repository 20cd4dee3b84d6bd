import { describe, expect, it } from 'vitest';
import { ippanel, toE164 } from '../src/modules/channels/ippanel.ts';
import type { SendOutcome, SmsSettings } from '../src/modules/channels/types.ts';
import { expectOneRequest, useProviderServer } from './support/provider-server.ts';
import { expectKeyless, itAnswersLate, itKeepsAnEchoedKeyOut, smsTo } from './support/sms-cases.ts';

/**
 * The IPPanel Edge adapter against a server that answers as ippanelcom/Edge-Document documents:
 * `POST /api/send` (sending_type "pattern", header `Authorization`: the key) and
 * `GET /api/payment/credit/mine`, every answer `{data, meta:{status, message, message_code, errors}}`
 * (401 with 400-1 for a wrong key, 422 with 400-2 and the refused fields for an invalid request).
 */

const KEY = 'OWY5ZDE2-IPPANEL-SECRET-KEY';
const SENDER = '+983000505';
const OTP = smsTo('abc123pattern', { code: '48213', name: 'سارا' });

const SENT = {
  data: { message_outbox_ids: [1123594208] },
  meta: { status: true, message: 'انجام شد', message_parameters: [], message_code: '200-1' },
};

const settings: SmsSettings = {
  provider: 'ippanel',
  apiKey: KEY,
  sender: SENDER,
  templates: { otp: 'abc123pattern' },
};
const fake = useProviderServer(settings, { status: 200, body: SENT }, '/v1');
/** What the next call answers (set per test; the default is set before each). */
const { reply } = fake;

const refused = async (status: number, message_code: string, message: string, errors: object = {}) => {
  reply({
    status,
    body: { data: null, meta: { status: false, message, message_parameters: [], message_code, errors } },
  });
  return ippanel(settings).send(OTP);
};

const expectNoKey = (outcome: SendOutcome) => expectKeyless(outcome, KEY);

describe('IPPanel Edge pattern send', () => {
  it('posts the documented request: the key as Authorization, one E.164 recipient, params by name', async () => {
    const outcome = await ippanel(settings).send(OTP);
    expect(outcome).toEqual({ status: 'sent', providerId: '1123594208' });
    const call = expectOneRequest(fake, {
      method: 'POST',
      path: '/v1/api/send',
      headers: { authorization: KEY, 'content-type': 'application/json' },
    });
    expect(JSON.parse(call.body)).toEqual({
      sending_type: 'pattern',
      from_number: SENDER,
      code: 'abc123pattern',
      recipients: ['+989121234567'],
      params: { code: '48213', name: 'سارا' },
    });
  });

  it('writes national numbers in E.164 and leaves others as they are', () => {
    expect(toE164('09121234567')).toBe('+989121234567');
    expect(toE164('+989121234567')).toBe('+989121234567');
  });

  it('classifies its documented answers', async () => {
    const key = await refused(401, '400-1', 'اطلاعات وارد شده صحیح نمی باشد');
    expect(key).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expect(key.status === 'permanent' && key.detail).toBe(
      'IPPanel HTTP 401 400-1: اطلاعات وارد شده صحیح نمی باشد',
    );
    expectNoKey(key);

    expect(
      await refused(422, '400-2', 'شماره گیرنده معتبر نیست', { 'recipients.0': ['شماره گیرنده معتبر نیست'] }),
    ).toMatchObject({ status: 'permanent', reason: 'invalid_number' });
    expect(await refused(422, '400-2', 'الگو یافت نشد', { code: ['الگو یافت نشد'] })).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    expect(
      await refused(422, '400-2', 'پارامتر نامعتبر', { 'params.name': ['پارامتر نامعتبر'] }),
    ).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    expect(await refused(422, '400-3', 'اعتبار شما کافی نیست')).toMatchObject({
      status: 'permanent',
      reason: 'no_credit',
    });
    expect(await refused(422, '400-2', 'شماره فرستنده نامعتبر', { from_number: ['نامعتبر'] })).toMatchObject({
      status: 'permanent',
      reason: 'rejected',
    });
    expect(await refused(429, '429-1', 'تعداد درخواست زیاد است')).toMatchObject({ status: 'transient' });
  });

  it('counts a 5xx as transient', async () => {
    reply({ status: 500, raw: '<html>Server Error</html>' });
    expect(await ippanel(settings).send(OTP)).toEqual({ status: 'transient', detail: 'IPPanel HTTP 500' });
  });

  itKeepsAnEchoedKeyOut(() => refused(401, '400-1', `توکن ${KEY} نامعتبر است`), KEY);

  itAnswersLate(fake, { status: 200, body: SENT }, ippanel, settings, OTP);
});

describe('IPPanel Edge credit', () => {
  it('reads data.credit from /api/payment/credit/mine', async () => {
    reply({
      status: 200,
      body: {
        data: { credit: 6084722.7, yesterday_credit: 0, gift: 0, gift_expires_at: null, updated_at: '' },
        meta: { status: true, message: 'انجام شد', message_code: '200-1' },
      },
    });
    expect(await ippanel(settings).balance!()).toEqual({ amount: 6084722.7, unit: 'IRR' });
    expect(fake.seen[0]).toMatchObject({ method: 'GET', path: '/v1/api/payment/credit/mine' });
    expect(fake.seen[0]!.headers.authorization).toBe(KEY);
  });

  it('tells nothing when the key is refused', async () => {
    reply({
      status: 401,
      body: { data: null, meta: { status: false, message: 'x', message_code: '400-1' } },
    });
    expect(await ippanel(settings).balance!()).toBeUndefined();
  });
});
