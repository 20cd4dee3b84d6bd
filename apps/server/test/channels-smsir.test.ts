import { describe, expect, it } from 'vitest';
import { smsir } from '../src/modules/channels/smsir.ts';
import type { SmsSettings, TemplatedSms } from '../src/modules/channels/types.ts';
import { expectOneRequest, useProviderServer } from './support/provider-server.ts';

/**
 * The SMS.ir adapter against a server that answers as sms.ir/rest-api documents: `POST /v1/send/verify`
 * and `GET /v1/credit` with `X-API-KEY`, every answer `{status, message, data}`, its codes inside
 * HTTP 200 (success), 400 (a refusal), 401 (the key) or 429 (too many requests).
 */

const KEY = 'Xk29fPq7LmN4sT8vWb3yZ-SECRET';
const OTP: TemplatedSms = { to: '09121234567', template: '123456', params: [['Code', '48213']] };

const SENT = { status: 200, body: { status: 1, message: 'موفق', data: { messageId: 89545112, cost: 1.0 } } };

const settings: SmsSettings = { provider: 'smsir', apiKey: KEY, templates: { otp: '123456' } };
const provider = useProviderServer(settings, SENT);
const seen = provider.seen;

const refuse = (httpStatus: number, status: number, message: string) =>
  provider.reply({ status: httpStatus, body: { status, message, data: null } });

describe('SMS.ir send/verify', () => {
  it('sends the documented request: X-API-KEY, mobile, numeric templateId, parameters by name', async () => {
    const outcome = await smsir(settings).send({
      to: '09121234567',
      template: '654321',
      params: [
        ['REFERENCE', 'E-000042'],
        ['LINK', 'https://shop.example/r/abc'],
      ],
    });
    expect(outcome).toEqual({ status: 'sent', providerId: '89545112' });
    const call = expectOneRequest(provider, {
      method: 'POST',
      path: '/v1/send/verify',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(JSON.parse(call.body)).toEqual({
      mobile: '09121234567',
      templateId: 654321,
      parameters: [
        { name: 'REFERENCE', value: 'E-000042' },
        { name: 'LINK', value: 'https://shop.example/r/abc' },
      ],
    });
  });

  it('refuses a template id that is not a number without calling', async () => {
    expect(await smsir(settings).send({ ...OTP, template: 'verify' })).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    expect(seen).toHaveLength(0);
  });

  it.each([
    [401, 10, 'کلید وب سرویس نامعتبر است', 'invalid_key'],
    [401, 11, 'کلید وب سرویس غیرفعال است', 'invalid_key'],
    [401, 12, 'کلید وب‌سرویس محدود به آی‌پی‌های تعریف شده می‌باشد', 'invalid_key'],
    [400, 104, 'شماره موبایل نامعتبر است', 'invalid_number'],
    [400, 115, 'شماره موبایل در لیست سیاه است', 'invalid_number'],
    [400, 113, 'قالب یافت نشد', 'template_refused'],
    [400, 114, 'طول مقدار پارامتر بیش از 25 کاراکتر است', 'template_refused'],
    [400, 102, 'اعتبار کافی نیست', 'no_credit'],
    [400, 101, 'شماره خط نامعتبر است', 'rejected'],
    [401, 13, 'حساب کاربری غیرفعال است', 'invalid_key'],
  ] as const)('HTTP %i, status %i (%s) → permanent %s', async (httpStatus, status, message, reason) => {
    refuse(httpStatus, status, message);
    expect(await smsir(settings).send(OTP)).toEqual({
      status: 'permanent',
      reason,
      detail: `SMS.ir ${status}: ${message}`,
    });
  });

  it.each([
    [500, 0, 'مشکلی در سامانه رخ داده است'],
    [429, 20, 'تعداد درخواست بیش از حد مجاز است'],
    [503, 7, 'خطای سرور'],
  ])('HTTP %i, status %i is transient', async (httpStatus, status, message) => {
    refuse(httpStatus, status, message);
    expect(await smsir(settings).send(OTP)).toEqual({
      status: 'transient',
      detail: `SMS.ir ${status}: ${message}`,
    });
  });

  it('an answer that is not SMS.ir JSON is classified by its HTTP status', async () => {
    provider.reply({ status: 502, raw: '<html>Bad Gateway</html>' });
    expect(await smsir(settings).send(OTP)).toEqual({ status: 'transient', detail: 'SMS.ir: HTTP 502' });
    provider.reply({ status: 401, raw: '' });
    expect(await smsir(settings).send(OTP)).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
  });

  it('a late answer is a transient time-out', async () => {
    provider.reply({ ...SENT, delayMs: 500 });
    const outcome = await smsir(settings, { timeoutMs: 50 }).send(OTP);
    expect(outcome.status).toBe('transient');
    expect(outcome).toMatchObject({ detail: expect.stringMatching(/^no answer within/) });
  });

  it('never puts the key in the detail, even when the provider echoes it', async () => {
    refuse(401, 10, `کلید ${KEY} نامعتبر است`);
    const outcome = await smsir(settings).send(OTP);
    expect(outcome).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });
});

describe('SMS.ir credit', () => {
  it('reads data from GET /v1/credit with the key in its header', async () => {
    provider.reply({ status: 200, body: { status: 1, message: 'موفق', data: 1523.5 } });
    expect(await smsir(settings).balance!()).toEqual({ amount: 1523.5, unit: 'credit' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/credit', headers: { 'x-api-key': KEY } });
  });

  it('has no balance when the key is refused or the answer is late', async () => {
    refuse(401, 10, 'کلید وب سرویس نامعتبر است');
    expect(await smsir(settings).balance!()).toBeUndefined();
    provider.reply({ status: 200, body: { status: 1, message: 'موفق', data: 10 }, delayMs: 500 });
    expect(await smsir(settings, { timeoutMs: 50 }).balance!()).toBeUndefined();
  });
});
