import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
      languages: ['fa', 'en'],
      defaultLanguage: 'fa',
      loadDemo: true,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.mediaDir).toBe(`${config.dataDir}/media`);
    expect([config.redisUrl, config.logFile, config.slowRequestMs]).toEqual([undefined, undefined, 500]);
  });
  it('reads the deployment variables: shared media, Redis, log file, slow requests', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/store',
      MEDIA_DIR: '/srv/media',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_FILE: '/var/log/storefront/server.log',
      SLOW_REQUEST_MS: '250',
    });
    expect(config).toMatchObject({
      mediaDir: '/srv/media',
      redisUrl: 'redis://127.0.0.1:6379',
      logFile: '/var/log/storefront/server.log',
      slowRequestMs: 250,
    });
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '-1' })).toThrow(ConfigError);
  });
  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/store',
      DATABASE_URL: 'postgres://u:p@db:5432/store',
      PUBLIC_URL: 'https://shop.example.ir/',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'warn',
      LANGUAGES: 'fa, en, ar',
      LOAD_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/store',
      databaseUrl: 'postgres://u:p@db:5432/store',
      publicUrl: 'https://shop.example.ir',
      logLevel: 'warn',
      languages: ['fa', 'en', 'ar'],
      loadDemo: false,
    });
  });
  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'shop',
        LOAD_DEMO: 'perhaps',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT="eighty"',
      'DATABASE_URL="mysql://x"',
      'LOG_LEVEL="loud"',
      'PUBLIC_URL="shop"',
      'LOAD_DEMO="perhaps"',
    ]) {
      expect(message).toContain(name);
    }
  });
  it('rejects a port out of range, a short JWT secret and a default language not offered', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET.*at least 32/);
    expect(() => loadConfig({ LANGUAGES: 'en', DEFAULT_LANGUAGE: 'fa' })).toThrow(/DEFAULT_LANGUAGE/);
    expect(() => loadConfig({ LANGUAGES: 'fa,<script>' })).toThrow(/LANGUAGES/);
  });
  it('reads the channels: the SMS gateway, its templates by kind, the bots and the proxy', () => {
    expect(loadConfig({})).toMatchObject({
      smsOverrides: { provider: undefined, apiKey: undefined, templates: {} },
      bale: { token: undefined },
      telegram: { token: undefined, proxyUrl: undefined },
    });
    const config = loadConfig({
      SMS_PROVIDER: ' Kavenegar ',
      SMS_API_KEY: 'key-1',
      SMS_SENDER: '10008663',
      SMS_BASE_URL: 'http://127.0.0.1:9999/',
      SMS_TEMPLATES: 'otp=verify, enquiry=enquiry-received,enquiry_en=enquiry-en',
      BALE_BOT_TOKEN: '123:abc',
      BALE_API_URL: 'http://127.0.0.1:9998',
      TELEGRAM_BOT_TOKEN: '456:def',
      TELEGRAM_PROXY_URL: 'http://user:pass@proxy.example:3128',
    });
    expect(config.smsOverrides).toEqual({
      provider: 'kavenegar',
      apiKey: 'key-1',
      sender: '10008663',
      baseUrl: 'http://127.0.0.1:9999/',
      templates: { otp: 'verify', enquiry: 'enquiry-received', enquiry_en: 'enquiry-en' },
    });
    expect(config.bale).toEqual({ token: '123:abc', apiUrl: 'http://127.0.0.1:9998' });
    expect(config.telegram).toEqual({
      token: '456:def',
      apiUrl: undefined,
      proxyUrl: 'http://user:pass@proxy.example:3128',
    });
  });
  it('refuses an unknown gateway, a gateway without its key and templates of unknown kinds', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', SMS_API_KEY: 'k' })).toThrow(
      /SMS_PROVIDER="twilio": must be one of kavenegar, smsir, melipayamak, ghasedak, ippanel/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'smsir' })).toThrow(
      /SMS_API_KEY="": must be set when SMS_PROVIDER/,
    );
    expect(() => loadConfig({ SMS_TEMPLATES: 'otp=verify,birthday=hb' })).toThrow(
      /SMS_TEMPLATES.*"birthday=hb" must be KIND=TEMPLATE/,
    );
    expect(() => loadConfig({ SMS_TEMPLATES: 'otp=' })).toThrow(/SMS_TEMPLATES/);
    expect(() => loadConfig({ TELEGRAM_PROXY_URL: 'proxy:3128' })).toThrow(/TELEGRAM_PROXY_URL/);
    expect(() => loadConfig({ RATE_LIMITS: 'code_phone=3/3600,code_address=20/3600' })).not.toThrow();
  });
});

describe('the JWT secret', () => {
  it('is generated once into DATA_DIR (owner-only) and reused; a configured one wins', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { resolveJwtSecret } = await import('../src/lib/secret.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-secret-'));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret('c'.repeat(40), dir)).toBe('c'.repeat(40));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
