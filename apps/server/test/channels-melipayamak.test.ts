import { describe, expect, it } from 'vitest';
import { melipayamak } from '../src/modules/channels/melipayamak.ts';
import type { SendOutcome, SmsSettings } from '../src/modules/channels/types.ts';
import { expectOneRequest, useProviderServer } from './support/provider-server.ts';
import { expectKeyless, itAnswersLate, smsTo } from './support/sms-cases.ts';

/**
 * The Melipayamak adapter against a server that answers as its console API documents:
 * `POST /api/send/shared/{token}` with `{bodyId, to, args}` → `{recId, status}` (a long id when sent,
 * one of the documented codes otherwise), and `POST /api/receive/credit/{token}` → `{amount, status}`.
 */

const KEY = 'c0ffee15-MELI-SECRET-token';
const OTP = smsTo('289852', { code: '48213', minutes: '3' });

const settings: SmsSettings = { provider: 'melipayamak', apiKey: KEY, templates: { otp: '289852' } };
const fake = useProviderServer(settings, { status: 200, body: { recId: 3741437414, status: '' } }, '/');
/** What the next call answers (set per test; the default is set before each). */
const { reply } = fake;

const refusedWith = async (recId: number, status: string) => {
  reply({ status: 200, body: { recId, status } });
  return melipayamak(settings).send(OTP);
};

const expectNoKey = (outcome: SendOutcome) => expectKeyless(outcome, KEY);

describe('Melipayamak shared-service pattern send', () => {
  it('posts the documented request: the token in the path, bodyId as a number, args in order', async () => {
    const outcome = await melipayamak(settings).send(OTP);
    expect(outcome).toEqual({ status: 'sent', providerId: '3741437414' });
    const call = expectOneRequest(fake, {
      method: 'POST',
      path: `/api/send/shared/${KEY}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(call.body)).toEqual({
      bodyId: 289852,
      to: '09121234567',
      args: ['48213', '3'],
    });
  });

  it('refuses a template that is not a bodyId without calling', async () => {
    const outcome = await melipayamak(settings).send({ ...OTP, template: 'verify' });
    expect(outcome).toMatchObject({ status: 'permanent', reason: 'template_refused' });
    expect(fake.seen).toHaveLength(0);
  });

  it('classifies the documented recId codes', async () => {
    const key = await refusedWith(0, 'نام کاربری یا رمز عبور اشتباه است');
    expect(key).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expect(key.status === 'permanent' && key.detail).toContain('recId 0');
    expectNoKey(key);

    expect(await refusedWith(16, 'شماره گیرنده یافت نشد')).toMatchObject({
      status: 'permanent',
      reason: 'invalid_number',
    });
    expect(await refusedWith(35, 'شماره در لیست سیاه است')).toMatchObject({
      status: 'permanent',
      reason: 'invalid_number',
    });
    expect(await refusedWith(-4, 'کد متن ارسالی صحیح نمی‌باشد')).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    expect(await refusedWith(-5, 'متن ارسالی با متغیرها مطابقت ندارد')).toMatchObject({
      status: 'permanent',
      reason: 'template_refused',
    });
    const credit = await refusedWith(2, 'اعتبار کافی نمی‌باشد');
    expect(credit).toMatchObject({ status: 'permanent', reason: 'no_credit' });
    expect(credit.status === 'permanent' && credit.detail).toContain('اعتبار کافی');
    expect(await refusedWith(-6, 'خطای داخلی')).toMatchObject({ status: 'transient' });
    expect(await refusedWith(6, 'سامانه در حال بروزرسانی است')).toMatchObject({ status: 'transient' });
    expect(await refusedWith(99, 'نامشخص')).toMatchObject({ status: 'permanent', reason: 'rejected' });
  });

  it('takes a recId given as a string', async () => {
    reply({ status: 200, body: { recId: '3741437415', status: '' } });
    expect(await melipayamak(settings).send(OTP)).toEqual({ status: 'sent', providerId: '3741437415' });
  });

  it('falls back on the HTTP status: a 5xx is transient, a 401 a wrong key, with no key in the detail', async () => {
    reply({ status: 503, raw: '<html>Service Unavailable</html>' });
    const down = await melipayamak(settings).send(OTP);
    expect(down).toMatchObject({ status: 'transient', detail: 'Melipayamak HTTP 503' });

    reply({ status: 401, body: { recId: null, status: `token ${KEY} is not valid` } });
    const key = await melipayamak(settings).send(OTP);
    expect(key).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expectNoKey(key);
  });

  itAnswersLate(fake, { status: 200, body: { recId: 3741437414, status: '' } }, melipayamak, settings, OTP);
});

describe('Melipayamak credit', () => {
  it('posts /api/receive/credit/{token} and reads the amount', async () => {
    reply({ status: 200, body: { amount: 1523.5, status: '' } });
    expect(await melipayamak(settings).balance!()).toEqual({ amount: 1523.5, unit: 'credit' });
    expect(fake.seen[0]).toMatchObject({ method: 'POST', path: `/api/receive/credit/${KEY}` });
  });

  it('tells nothing when the answer is not a credit', async () => {
    reply({ status: 401, body: { amount: null, status: 'کلید نامعتبر' } });
    expect(await melipayamak(settings).balance!()).toBeUndefined();
  });
});
