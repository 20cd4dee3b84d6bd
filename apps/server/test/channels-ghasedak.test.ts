import { describe, expect, it } from 'vitest';
import { ghasedak } from '../src/modules/channels/ghasedak.ts';
import type { SendOutcome, SmsSettings } from '../src/modules/channels/types.ts';
import { expectOneRequest, useProviderServer } from './support/provider-server.ts';
import { expectKeyless, itAnswersLate, itKeepsAnEchoedKeyOut, smsTo } from './support/sms-cases.ts';

/**
 * The Ghasedak adapter against a server that answers as its gateway documents:
 * `POST /Rest/api/v1/WebService/SendOtpSMS` (header `ApiKey`) and
 * `GET /Rest/api/v1/WebService/GetAccountInformation`, every answer `{isSuccess, statusCode,
 * message, data}`.
 */

const KEY = 'b7ee4d1c9a-GHASEDAK-SECRET';
const OTP = smsTo('newOTP', { Code: '48213', Name: 'Sara' });

const SENT = {
  isSuccess: true,
  statusCode: 200,
  message: '',
  data: {
    items: [
      {
        messageBody: 'کد تایید شما 48213',
        receptor: '09121234567',
        cost: 840,
        messageId: '23304979',
        clientReferenceId: 'x',
        sendDate: '2024-12-25T09:59:45.599126+03:30',
      },
    ],
    totalCost: 840,
  },
};

const settings: SmsSettings = { provider: 'ghasedak', apiKey: KEY, templates: { otp: 'newOTP' } };
const fake = useProviderServer(settings, { status: 200, body: SENT });
/** What the next call answers (set per test; the default is set before each). */
const { reply } = fake;

const refusedWith = async (httpStatus: number, statusCode: number, message: string) => {
  reply({ status: httpStatus, body: { isSuccess: false, statusCode, message, data: null } });
  return ghasedak(settings).send(OTP);
};

const expectNoKey = (outcome: SendOutcome) => expectKeyless(outcome, KEY);

describe('Ghasedak OTP template send', () => {
  it('posts the documented request: ApiKey header, one receptor, inputs by name', async () => {
    const outcome = await ghasedak(settings).send(OTP);
    expect(outcome).toEqual({ status: 'sent', providerId: '23304979' });
    const call = expectOneRequest(fake, {
      method: 'POST',
      path: '/Rest/api/v1/WebService/SendOtpSMS',
      headers: { apikey: KEY, 'content-type': 'application/json' },
    });
    const body = JSON.parse(call.body) as { receptors: { mobile: string; clientReferenceId: string }[] };
    expect(body).toEqual({
      receptors: [{ mobile: '09121234567', clientReferenceId: expect.any(String) }],
      templateName: 'newOTP',
      inputs: [
        { param: 'Code', value: '48213' },
        { param: 'Name', value: 'Sara' },
      ],
    });
    expect(body.receptors[0]!.clientReferenceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('classifies its status codes', async () => {
    const key = await refusedWith(401, 401, 'کلید نامعتبر است');
    expect(key).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expect(key.status === 'permanent' && key.detail).toBe('Ghasedak statusCode 401: کلید نامعتبر است');
    expectNoKey(key);

    expect(await refusedWith(200, 411, 'گیرنده نامعتبر است')).toMatchObject({
      status: 'permanent',
      reason: 'invalid_number',
    });
    expect(await refusedWith(200, 424, 'الگوی مورد نظر یافت نشد')).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    expect(await refusedWith(200, 418, 'اعتبار شما کافی نمی‌باشد')).toMatchObject({
      status: 'permanent',
      reason: 'no_credit',
    });
    expect(await refusedWith(429, 429, 'تعداد درخواست بیش از حد مجاز')).toMatchObject({
      status: 'transient',
    });
    expect(await refusedWith(200, 500, 'خطای داخلی')).toMatchObject({ status: 'transient' });
    expect(await refusedWith(400, 400, 'پارامترها ناقص هستند')).toMatchObject({
      status: 'permanent',
      reason: 'rejected',
    });
  });

  it('falls back on the HTTP status when the body is not its answer', async () => {
    reply({ status: 502, raw: '<html>Bad Gateway</html>' });
    expect(await ghasedak(settings).send(OTP)).toEqual({ status: 'transient', detail: 'Ghasedak HTTP 502' });
  });

  itKeepsAnEchoedKeyOut(() => refusedWith(401, 401, `ApiKey ${KEY} is not valid`), KEY);

  itAnswersLate(fake, { status: 200, body: SENT }, ghasedak, settings, OTP);
});

describe('Ghasedak account information', () => {
  it('reads the credit from GetAccountInformation', async () => {
    reply({
      status: 200,
      body: {
        isSuccess: true,
        statusCode: 200,
        message: '',
        data: { credit: 125000, expireDate: '', plan: '' },
      },
    });
    expect(await ghasedak(settings).balance!()).toEqual({ amount: 125000, unit: 'IRR' });
    expect(fake.seen[0]).toMatchObject({
      method: 'GET',
      path: '/Rest/api/v1/WebService/GetAccountInformation',
    });
    expect(fake.seen[0]!.headers.apikey).toBe(KEY);
  });

  it('tells nothing when the key is refused', async () => {
    reply({ status: 401, body: { isSuccess: false, statusCode: 401, message: 'کلید نامعتبر', data: null } });
    expect(await ghasedak(settings).balance!()).toBeUndefined();
  });
});
