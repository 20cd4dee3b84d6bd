import { describe, expect, it } from 'vitest';
import { kavenegar } from '../src/modules/channels/kavenegar.ts';
import type { SmsSettings, TemplatedSms } from '../src/modules/channels/types.ts';
import { expectOneRequest, useProviderServer } from './support/provider-server.ts';

/**
 * The Kavenegar adapter against a server that answers as kavenegar.com/rest.html documents:
 * `/v1/{key}/verify/lookup.json` and `/v1/{key}/account/info.json`, the HTTP status equal to
 * `return.status`, `{return: {status, message}, entries}`.
 */

const KEY = '4F6B2D7A3C5E-KEY-SECRET';
const OTP: TemplatedSms = { to: '09121234567', template: 'verify', params: [['code', '48213']] };

/** Kavenegar's answer: the HTTP status equal to `return.status`, with its message and entries. */
const kavenegarReply = (status: number, message: string, entries: unknown = null, delayMs?: number) => ({
  status,
  body: { return: { status, message }, entries },
  ...(delayMs ? { delayMs } : {}),
});
const ENTRY = {
  messageid: 8792343,
  message: 'کد تایید شما 48213',
  status: 5,
  statustext: 'در صف ارسال',
  sender: '10004346',
  receptor: '09121234567',
  date: 1356619709,
  cost: 120,
};

const settings: SmsSettings = { provider: 'kavenegar', apiKey: KEY, templates: { otp: 'verify' } };
const provider = useProviderServer(settings, kavenegarReply(200, 'تایید شد', [ENTRY]), '/');
const seen = provider.seen;

const sent = (entries: unknown = [ENTRY], delayMs?: number) =>
  provider.reply(kavenegarReply(200, 'تایید شد', entries, delayMs));
const refuse = (status: number, message: string) => provider.reply(kavenegarReply(status, message));

describe('Kavenegar verify/lookup', () => {
  it('sends the documented request: key in the path, receptor, template and tokens in order as a form', async () => {
    sent();
    const outcome = await kavenegar(settings).send({
      to: '09121234567',
      template: 'enquiry-received',
      params: [
        ['reference', 'E-000042'],
        ['name', 'مینا'],
        ['link', 'https://shop.example/r/abc'],
      ],
    });
    expect(outcome).toEqual({ status: 'sent', providerId: '8792343' });
    const call = expectOneRequest(provider, {
      method: 'POST',
      path: `/v1/${KEY}/verify/lookup.json`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    expect([...new URLSearchParams(call.body)]).toEqual([
      ['receptor', '09121234567'],
      ['template', 'enquiry-received'],
      ['token', 'E-000042'],
      ['token2', 'مینا'],
      ['token3', 'https://shop.example/r/abc'],
    ]);
  });

  it('sends a single token alone, and a success without entries still counts as sent', async () => {
    sent([]);
    expect(await kavenegar(settings).send(OTP)).toEqual({ status: 'sent' });
    expect([...new URLSearchParams(seen[0]!.body)]).toEqual([
      ['receptor', '09121234567'],
      ['template', 'verify'],
      ['token', '48213'],
    ]);
  });

  it('refuses more than three tokens without calling', async () => {
    const outcome = await kavenegar(settings).send({
      ...OTP,
      params: [
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['d', '4'],
      ],
    });
    expect(outcome).toMatchObject({ status: 'permanent', reason: 'template_refused' });
    expect(seen).toHaveLength(0);
  });

  it.each([
    [403, 'کلید API معتبر نیست', 'invalid_key'],
    [401, 'حساب کاربری غیرفعال شده است', 'invalid_key'],
    [411, 'دریافت کننده نامعتبر است', 'invalid_number'],
    [418, 'اعتبار حساب شما کافی نیست', 'no_credit'],
    [424, 'الگوی مورد نظر پیدا نشد یا هنوز تائید نشده است', 'template_refused'],
    [426, 'استفاده از این متد نیازمند سرویس پیشرفته می‌باشد', 'template_refused'],
    [428, 'ارسال کد از طریق تماس تلفنی امکان پذیر نیست', 'template_refused'],
    [431, 'ساختار کد صحیح نمی‌باشد', 'template_refused'],
    [412, 'ارسال کننده نامعتبر است', 'rejected'],
  ] as const)('return.status %i is permanent (%s) → %s', async (status, message, reason) => {
    refuse(status, message);
    const outcome = await kavenegar(settings).send(OTP);
    expect(outcome).toEqual({ status: 'permanent', reason, detail: `Kavenegar ${status}: ${message}` });
  });

  it.each([500, 502, 409, 429, 451])('return.status %i is transient', async (status) => {
    refuse(status, 'خطای سرور');
    expect(await kavenegar(settings).send(OTP)).toEqual({
      status: 'transient',
      detail: `Kavenegar ${status}: خطای سرور`,
    });
  });

  it('an answer that is not Kavenegar JSON is classified by its HTTP status', async () => {
    provider.reply({ status: 503, raw: '<html>Service Unavailable</html>' });
    expect(await kavenegar(settings).send(OTP)).toEqual({
      status: 'transient',
      detail: 'Kavenegar: HTTP 503',
    });
    provider.reply({ status: 404, raw: 'not found' });
    expect(await kavenegar(settings).send(OTP)).toMatchObject({ status: 'permanent', reason: 'rejected' });
  });

  it('a late answer is a transient time-out', async () => {
    sent([ENTRY], 500);
    const outcome = await kavenegar(settings, { timeoutMs: 50 }).send(OTP);
    expect(outcome.status).toBe('transient');
    expect(outcome).toMatchObject({ detail: expect.stringMatching(/^no answer within/) });
  });

  it('never puts the key in the detail, even when the provider echoes it', async () => {
    refuse(403, `API key ${KEY} is not valid`);
    const outcome = await kavenegar(settings).send(OTP);
    expect(outcome).toMatchObject({ status: 'permanent', reason: 'invalid_key' });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    // An unreachable server: the network error's text must not carry the URL (and so the key).
    const closed = await kavenegar({ ...settings, baseUrl: 'http://127.0.0.1:1' }).send(OTP);
    expect(closed.status).toBe('transient');
    expect(JSON.stringify(closed)).not.toContain(KEY);
  });
});

describe('Kavenegar account/info', () => {
  it('reads remaincredit, in rials', async () => {
    sent({ remaincredit: 125000, expiredate: 1893456000, type: 'Master' });
    expect(await kavenegar(settings).balance!()).toEqual({ amount: 125000, unit: 'IRR' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `/v1/${KEY}/account/info.json` });
  });

  it('has no balance when the key is refused or the answer is late', async () => {
    refuse(403, 'کلید API معتبر نیست');
    expect(await kavenegar(settings).balance!()).toBeUndefined();
    sent({ remaincredit: 1 }, 500);
    expect(await kavenegar(settings, { timeoutMs: 50 }).balance!()).toBeUndefined();
  });
});
