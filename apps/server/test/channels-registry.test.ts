import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import {
  maskSecret,
  mergeChannels,
  parseStoredBots,
  parseStoredSms,
  templateFor,
} from '../src/modules/channels/registry.ts';

const noEnv = testConfig();

describe('the channels as set up now', () => {
  it('is not set up without a provider and a key; the owner’s values serve when the environment sets none', () => {
    expect(mergeChannels(noEnv, parseStoredSms(undefined), parseStoredBots(undefined)).sms).toBeUndefined();
    const onlyProvider = parseStoredSms(JSON.stringify({ provider: 'smsir', api_key: '' }));
    expect(mergeChannels(noEnv, onlyProvider, parseStoredBots(undefined)).sms).toBeUndefined();
    const stored = parseStoredSms(
      JSON.stringify({ provider: 'smsir', api_key: 'k', sender: '3000', templates: { otp: '100' } }),
    );
    const setup = mergeChannels(noEnv, stored, parseStoredBots(undefined));
    expect(setup.sms).toEqual({
      provider: 'smsir',
      apiKey: 'k',
      sender: '3000',
      baseUrl: undefined,
      templates: { otp: '100' },
    });
    expect(setup.smsLocks).toEqual({ provider: false, apiKey: false, sender: false, templates: false });
  });

  it('lets the environment win field by field, and says which fields it fixes', () => {
    const config = testConfig({
      smsOverrides: {
        provider: 'kavenegar',
        apiKey: 'env-key',
        sender: undefined,
        baseUrl: 'http://127.0.0.1:1',
        templates: { otp: 'verify' },
      },
      bale: { token: 'env-bale', apiUrl: undefined },
      telegram: { token: undefined, apiUrl: undefined, proxyUrl: 'http://proxy:3128' },
    });
    const stored = parseStoredSms(
      JSON.stringify({
        provider: 'smsir',
        api_key: 'owner-key',
        sender: '3000',
        templates: { enquiry: 'x' },
      }),
    );
    const bots = parseStoredBots(JSON.stringify({ bale_token: 'owner-bale', telegram_token: 'owner-tg' }));
    const setup = mergeChannels(config, stored, bots);
    expect(setup.sms).toMatchObject({
      provider: 'kavenegar',
      apiKey: 'env-key',
      sender: '3000',
      baseUrl: 'http://127.0.0.1:1',
      // The environment's templates replace the owner's as a whole: one list, one source.
      templates: { otp: 'verify' },
    });
    expect(setup.smsLocks).toEqual({ provider: true, apiKey: true, sender: false, templates: true });
    expect(setup.bots.bale?.token).toBe('env-bale');
    expect(setup.bots.telegram).toEqual({
      token: 'owner-tg',
      apiUrl: undefined,
      proxyUrl: 'http://proxy:3128',
    });
    expect(setup.botLocks).toEqual({ bale: true, telegram: false, telegramProxy: true });
  });

  it('reads a hand-edited or broken stored row without failing', () => {
    for (const raw of ['not json', 'null', '[]', '42', JSON.stringify({ provider: 'twilio', api_key: 7 })]) {
      expect(parseStoredSms(raw)).toEqual({ provider: null, api_key: '', sender: '', templates: {} });
      expect(parseStoredBots(raw)).toEqual({ bale_token: '', telegram_token: '', telegram_proxy_url: '' });
    }
    expect(
      parseStoredSms(JSON.stringify({ templates: { otp: ' 5 ', nonsense: 'x', test: 3 } })).templates,
    ).toEqual({
      otp: '5',
    });
  });

  it('takes an English template for English where there is one, else the Persian one', () => {
    const sms = {
      provider: 'kavenegar' as const,
      apiKey: 'k',
      templates: { enquiry: 'fa-t', enquiry_en: 'en-t', otp: 'o' },
    };
    expect(templateFor(sms, 'enquiry', 'en')).toBe('en-t');
    expect(templateFor(sms, 'enquiry', 'fa')).toBe('fa-t');
    expect(templateFor(sms, 'otp', 'en')).toBe('o');
    expect(templateFor(sms, 'staff_review', 'fa')).toBeUndefined();
  });

  it('never shows a secret in full', () => {
    expect(maskSecret(undefined)).toBeNull();
    expect(maskSecret('')).toBeNull();
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret('0123456789abcdef')).toBe('••••cdef');
  });
});
