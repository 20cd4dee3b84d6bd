import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { smsKinds, smsProviderNames, type SmsKind, type SmsProviderName } from '@storefront/contracts/admin';
import { isTimeZone } from './lib/time-zone.ts';

const booleanEnv = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), { message: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

/**
 * A whole number of `unit` (milliseconds, seconds, days; '' for a plain count) of at least `min`
 * and, when given, at most `max`; each failed check says which rule the value broke.
 */
const wholeNumber = (unit: string, range: { min: number; max?: number; atLeast?: string }) => {
  const of = unit === '' ? '' : ` of ${unit}`;
  const atLeast =
    range.atLeast ?? (range.min === 0 ? 'must not be negative' : `must be at least ${range.min}`);
  const number = z.coerce
    .number({ message: `must be a number${of}` })
    .int({ message: `must be a whole number${of}` })
    .min(range.min, { message: atLeast });
  return range.max === undefined
    ? number
    : number.max(range.max, { message: `must be at most ${range.max}` });
};

/** A token's lifetime in seconds: a minute at least. */
const tokenLifetime = wholeNumber('seconds', { min: 60, atLeast: 'must be at least 60 seconds' });

/** A text that is unset when empty or only spaces. */
const optionalText = () =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .optional();

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** An address, alone or with a display name: shop@example.ir, "Shop <shop@example.ir>". */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

export const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().trim().min(1, { message: 'must not be empty' }).default('localhost'),
  DATA_DIR: z.string().trim().min(1, { message: 'must not be empty' }).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: optionalUrl(['http:', 'https:'])
    .transform((v) => v?.replace(/\/+$/, ''))
    .optional(),
  JWT_SECRET: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters long' })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']).optional(),
  MEDIA_DIR: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .optional(),
  LOG_FILE: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .optional(),
  SLOW_REQUEST_MS: wholeNumber('milliseconds', { min: 0 }).default(500),
  LANGUAGES: z
    .string()
    .default('fa,en')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((langs) => langs.length > 0 && langs.every((l) => /^[a-z]{2,3}$/.test(l)), {
      message: 'must be a comma-separated list of language codes such as fa,en',
    })
    .refine((langs) => new Set(langs).size === langs.length, { message: 'must not repeat a language' }),
  DEFAULT_LANGUAGE: z.string().trim().default('fa'),
  LOAD_DEMO: booleanEnv.default(true),
  TRUST_PROXY: booleanEnv.default(false),
  WEB_DIST_DIR: z.string().trim().optional(),
  ADMIN_DIST_DIR: z.string().trim().optional(),
  JWT_ACCESS_LIFETIME: tokenLifetime.default(86_400),
  JWT_REFRESH_LIFETIME: tokenLifetime.default(30 * 86_400),
  RATE_LIMITS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      if (value.trim().toLowerCase() === 'off') return 'off' as const;
      const limits: Partial<RateLimits> = {};
      for (const part of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const match = /^([a-z_]+)=(\d+)\/(\d+)$/.exec(part);
        if (!match || !(match[1]! in DEFAULT_RATE_LIMITS) || Number(match[2]) < 1 || Number(match[3]) < 1) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" must be NAME=MAX/SECONDS with NAME one of ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}, or "off"`,
          });
          return z.NEVER;
        }
        limits[match[1] as keyof RateLimits] = { max: Number(match[2]), windowSeconds: Number(match[3]) };
      }
      return { ...DEFAULT_RATE_LIMITS, ...limits };
    }),
  STORE_TIME_ZONE: z
    .string()
    .trim()
    .default('Asia/Tehran')
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Tehran' }),
  RESPONSE_CACHE_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .min(0, { message: 'must not be negative' })
    .max(4096, { message: 'must be at most 4096' })
    .default(32),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine((origins) => origins.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
      message: 'must be a comma-separated list of origins such as https://shop.example.ir',
    }),
  // Notifications (modules/outbox): mail through SMTP, the outbox's worker.
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || MAIL_FROM_PATTERN.test(v), {
      message: 'must be an address such as shop@example.ir or "Shop <shop@example.ir>"',
    })
    .optional(),
  OUTBOX_WORKER: booleanEnv.default(true),
  OUTBOX_POLL_MS: wholeNumber('milliseconds', { min: 100 }).default(5000),
  OUTBOX_MAX_ATTEMPTS: wholeNumber('', { min: 1, max: 1000 }).default(20),
  OUTBOX_BACKOFF_MS: wholeNumber('milliseconds', { min: 1 }).default(30_000),
  OUTBOX_BACKOFF_MAX_MS: wholeNumber('milliseconds', { min: 1 }).default(3_600_000),
  OUTBOX_KEEP_DAYS: wholeNumber('days', { min: 1, max: 36_500 }).default(90),
  SMS_PROVIDER: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (smsProviderNames as readonly string[]).includes(v), {
      message: `must be one of ${smsProviderNames.join(', ')}`,
    })
    .transform((v) => v as SmsProviderName | undefined)
    .optional(),
  SMS_API_KEY: optionalText(),
  SMS_SENDER: optionalText(),
  SMS_BASE_URL: optionalUrl(['http:', 'https:']).optional(),
  SMS_TEMPLATES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const templates: Partial<Record<SmsKind, string>> = {};
      for (const part of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const match = /^([a-z_]+)=(\S+)$/.exec(part);
        if (!match || !(smsKinds as readonly string[]).includes(match[1]!)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" must be KIND=TEMPLATE with KIND one of ${smsKinds.join(', ')}`,
          });
          return z.NEVER;
        }
        templates[match[1] as SmsKind] = match[2]!;
      }
      return templates;
    }),
  BALE_BOT_TOKEN: optionalText(),
  BALE_API_URL: optionalUrl(['http:', 'https:']).optional(),
  TELEGRAM_BOT_TOKEN: optionalText(),
  TELEGRAM_API_URL: optionalUrl(['http:', 'https:']).optional(),
  TELEGRAM_PROXY_URL: optionalUrl(['http:', 'https:']).optional(),
  // Torob's product feed (modules/feeds): the key its tokens are checked against instead of the published one.
  TOROB_PUBLIC_KEY: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : ed25519PublicKeyPem(v)))
    .refine((v) => v !== null, {
      message: 'must be an Ed25519 public key in PEM (-----BEGIN PUBLIC KEY-----…) or its base64 body',
    })
    .transform((v) => v ?? undefined)
    .optional(),
});

/**
 * An Ed25519 public key as PEM, from PEM (its line breaks possibly written as `\n`, as one-line
 * environment files hold them) or from the base64 body alone, as Torob's guide prints it; null when
 * it is not such a key.
 */
function ed25519PublicKeyPem(value: string): string | null {
  const text = value.trim().replaceAll('\\n', '\n');
  const pem = text.startsWith('-----BEGIN')
    ? text
    : `-----BEGIN PUBLIC KEY-----\n${text.replace(/\s+/g, '')}\n-----END PUBLIC KEY-----`;
  try {
    const key = crypto.createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519'
      ? (key.export({ type: 'spki', format: 'pem' }) as string)
      : null;
  } catch {
    return null;
  }
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}
export interface RateLimits {
  /** Sign-in attempts per client address. */
  login: RateLimit;
  /** Failed sign-ins per address and account: past it, that address may not try that account (429). */
  login_user: RateLimit;
  /** Failed sign-ins per account from every address: past it, sign-in on the account is slowed, not refused. */
  login_account: RateLimit;
  register: RateLimit;
  review: RateLimit;
  order: RateLimit;
  newsletter: RateLimit;
  /** One-time codes sent per client address (POST auth/codes/, and registrations that send one). */
  code_address: RateLimit;
  /** One-time codes sent to one phone, from every address (no SMS-bombing of a stranger's number). */
  code_phone: RateLimit;
  /** What a visitor does on an enquiry's private page (messages, accept, decline), per client address. */
  thread: RateLimit;
}
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, windowSeconds: 60 },
  login_user: { max: 5, windowSeconds: 900 },
  login_account: { max: 50, windowSeconds: 3600 },
  register: { max: 10, windowSeconds: 3600 },
  review: { max: 20, windowSeconds: 3600 },
  order: { max: 20, windowSeconds: 3600 },
  newsletter: { max: 10, windowSeconds: 3600 },
  code_address: { max: 10, windowSeconds: 3600 },
  code_phone: { max: 5, windowSeconds: 3600 },
  thread: { max: 30, windowSeconds: 3600 },
};

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Imported and uploaded images (one folder shared by every instance). */
  mediaDir: string;
  /** Redis shared by several instances (limits); undefined: this process counts on its own. */
  redisUrl: string | undefined;
  /** Log to this file (rotated daily and at 50 MB, 14 kept) instead of stdout. */
  logFile: string | undefined;
  /** Requests that take longer are logged at warn. */
  slowRequestMs: number;
  languages: string[];
  defaultLanguage: string;
  loadDemo: boolean;
  trustProxy: boolean;
  webDistDir: string;
  /** The back office's build (apps/admin/dist), served at /admin/. */
  adminDistDir: string;
  jwtAccessLifetime: number;
  jwtRefreshLifetime: number;
  /** 'off' disables rate limiting (for load tests). */
  rateLimits: RateLimits | 'off';
  corsOrigins: string[];
  /** Memory for cached catalogue answers; 0 turns the cache off. */
  responseCacheMegabytes: number;
  /** The business's time zone: the back office's days (filters, dashboard). */
  storeTimeZone: string;
  /** nodemailer's SMTP transport URL (smtp:// or smtps://); undefined: mail waits in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail (required with smtpUrl). */
  mailFrom: string | undefined;
  /** Run the outbox's worker in this process (false: another instance sends). */
  outboxWorker: boolean;
  /** How often the worker looks for due messages (it also looks right after an enqueue here). */
  outboxPollMs: number;
  /** Attempts before a message is marked failed (kept; the back office can retry it). */
  outboxMaxAttempts: number;
  /** The first retry's delay; doubled each attempt (with jitter) up to outboxBackoffMaxMs. */
  outboxBackoffMs: number;
  outboxBackoffMaxMs: number;
  /** Sent messages (they hold visitors' personal data) are deleted this many days after sending. */
  outboxKeepDays: number;
  /**
   * The SMS gateway as the environment sets it (SMS_*): each value set here wins over the back
   * office's and shows there read-only (modules/channels/channel-settings.ts merges them).
   */
  smsOverrides: {
    provider: SmsProviderName | undefined;
    apiKey: string | undefined;
    sender: string | undefined;
    baseUrl: string | undefined;
    /** Empty when SMS_TEMPLATES is unset. */
    templates: Partial<Record<SmsKind, string>>;
  };
  /** Bale's bot (BALE_*): the token wins over the back office's; the API URL is Bale's public one when unset. */
  bale: { token: string | undefined; apiUrl: string | undefined };
  /** Telegram's bot (TELEGRAM_*), with the outbound proxy servers in Iran need to reach it. */
  telegram: { token: string | undefined; apiUrl: string | undefined; proxyUrl: string | undefined };
  /** TOROB_PUBLIC_KEY (PEM): verifies Torob's feed tokens instead of the key Torob publishes (modules/feeds). */
  torobPublicKey: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the configuration from environment variables; throws a ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined)
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (!e.LANGUAGES.includes(e.DEFAULT_LANGUAGE)) {
    problems.push(
      `DEFAULT_LANGUAGE=${JSON.stringify(e.DEFAULT_LANGUAGE)}: must be one of LANGUAGES (${e.LANGUAGES.join(', ')})`,
    );
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    problems.push('MAIL_FROM="": must be set when SMTP_URL is set (the address mail is sent from)');
  }
  if (e.SMS_PROVIDER !== undefined && e.SMS_API_KEY === undefined) {
    problems.push('SMS_API_KEY="": must be set when SMS_PROVIDER is set (the gateway\'s API key)');
  }
  if (e.OUTBOX_BACKOFF_MAX_MS < e.OUTBOX_BACKOFF_MS) {
    problems.push(
      `OUTBOX_BACKOFF_MAX_MS=${JSON.stringify(String(e.OUTBOX_BACKOFF_MAX_MS))}: must not be less than OUTBOX_BACKOFF_MS (${e.OUTBOX_BACKOFF_MS})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
    logFile: e.LOG_FILE === undefined ? undefined : path.resolve(e.LOG_FILE),
    slowRequestMs: e.SLOW_REQUEST_MS,
    languages: e.LANGUAGES,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    loadDemo: e.LOAD_DEMO,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    adminDistDir: path.resolve(e.ADMIN_DIST_DIR ?? path.join(repoRoot, 'apps/admin/dist')),
    jwtAccessLifetime: e.JWT_ACCESS_LIFETIME,
    jwtRefreshLifetime: e.JWT_REFRESH_LIFETIME,
    rateLimits: e.RATE_LIMITS,
    corsOrigins: e.CORS_ORIGINS,
    responseCacheMegabytes: e.RESPONSE_CACHE_MB,
    storeTimeZone: e.STORE_TIME_ZONE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxWorker: e.OUTBOX_WORKER,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxMaxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    outboxBackoffMs: e.OUTBOX_BACKOFF_MS,
    outboxBackoffMaxMs: e.OUTBOX_BACKOFF_MAX_MS,
    outboxKeepDays: e.OUTBOX_KEEP_DAYS,
    smsOverrides: {
      provider: e.SMS_PROVIDER,
      apiKey: e.SMS_API_KEY,
      sender: e.SMS_SENDER,
      baseUrl: e.SMS_BASE_URL,
      templates: e.SMS_TEMPLATES,
    },
    bale: { token: e.BALE_BOT_TOKEN, apiUrl: e.BALE_API_URL },
    telegram: { token: e.TELEGRAM_BOT_TOKEN, apiUrl: e.TELEGRAM_API_URL, proxyUrl: e.TELEGRAM_PROXY_URL },
    torobPublicKey: e.TOROB_PUBLIC_KEY,
  };
}

/** A configuration for tests and tools, with overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', LOAD_DEMO: 'false' }), ...overrides };
  // Media follow the data folder unless given.
  if (overrides.dataDir !== undefined && overrides.mediaDir === undefined) {
    config.mediaDir = path.join(overrides.dataDir, 'media');
  }
  return config;
}
