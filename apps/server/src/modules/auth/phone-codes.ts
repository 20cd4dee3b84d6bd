import {
  CODE_COOLDOWN_SECONDS,
  CODE_LENGTH,
  CODE_LIFETIME_SECONDS,
  type CodePurpose,
  type CodeSent,
} from '@storefront/contracts';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CodeLimits } from './code-limits.ts';

/**
 * One-time codes sent by SMS (issue 24, "Phones that are proven"): a code proves that whoever types
 * it reads the texts of a phone. It is CODE_LENGTH random digits, kept only as an HMAC keyed by the
 * server's secret (a stolen database does not give the live codes, and the 10^6 codes of a phone
 * cannot be tried offline without the key), bound to its phone and purpose, valid for
 * CODE_LIFETIME_SECONDS, spent by its first right use, dead after MAX_WRONG_TRIES wrong ones. A new
 * code for a phone and purpose kills the older ones, so only the last text counts.
 *
 * The code is written with its SMS (an outbox row, sent by the outbox's worker through the channels
 * module) in the caller's transaction: a code nobody was sent never exists, and an SMS is never sent
 * for a code that was rolled back.
 */

/**
 * What a code proves, on the server: the storefront's purposes (contracts CodePurpose, which clients
 * may ask codes for) and the internal ones no client can name in /auth/codes/ — `quote_accept`, the
 * code a buyer types to accept a quote (modules/quotes), sent by the quote's own route.
 */
export type ServerCodePurpose = CodePurpose | 'quote_accept';

/** Wrong codes tried against one code before it is dead (a new one must be asked for). */
export const MAX_WRONG_TRIES = 5;

export class PhoneCodes {
  private readonly key: Buffer;
  readonly limits: CodeLimits;

  constructor(secret: string, limits: CodeLimits) {
    // A key of its own, derived from the server's secret, so a code's hash is no token's signature.
    this.key = crypto.createHmac('sha256', secret).update('storefront one-time codes').digest();
    this.limits = limits;
  }

  /** The answer telling a client a code is on its way (also when none was sent: nobody learns who is registered). */
  static sent(): CodeSent {
    return { expires_in: CODE_LIFETIME_SECONDS, retry_after: CODE_COOLDOWN_SECONDS };
  }

  /** A new random code: CODE_LENGTH digits, leading zeros included. */
  static newCode(): string {
    return String(crypto.randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  }

  hash(phone: string, purpose: ServerCodePurpose, code: string): string {
    return crypto.createHmac('sha256', this.key).update(`${phone}\n${purpose}\n${code}`).digest('hex');
  }

  /**
   * Makes a code for `phone` and `purpose` and writes its SMS to the outbox, with `trx` (the caller
   * commits, then kicks the outbox). Older codes of the phone and purpose go, and so do every
   * phone's expired codes (the table only ever holds codes of the last few minutes). Returns the code.
   */
  async issue(trx: Kysely<DB>, phone: string, purpose: ServerCodePurpose, language: string): Promise<string> {
    const now = new Date();
    const nowText = now.toISOString();
    const expires = new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000).toISOString();
    await trx.deleteFrom('one_time_codes').where('expires_at', '<', nowText).execute();
    await trx
      .deleteFrom('one_time_codes')
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .execute();
    const code = PhoneCodes.newCode();
    await trx
      .insertInto('one_time_codes')
      .values({
        phone,
        purpose,
        code_hash: this.hash(phone, purpose, code),
        created_at: nowText,
        expires_at: expires,
      })
      .execute();
    await trx
      .insertInto('outbox')
      .values({
        kind: 'sms',
        topic: 'otp',
        recipient: phone,
        webhook_id: null,
        // The SMS is worth nothing once the code has expired: the worker drops it then (reason expired).
        payload: JSON.stringify({
          kind: 'otp',
          language: language === 'en' ? 'en' : 'fa',
          params: [['code', code]],
          expires_at: expires,
        }),
        next_attempt_at: nowText,
        created_at: nowText,
      })
      .execute();
    return code;
  }

  /** Whether `phone` has a live code for `purpose` (to spare a password's hashing when it has none). */
  async hasLive(db: Kysely<DB>, phone: string, purpose: ServerCodePurpose): Promise<boolean> {
    const live = await this.liveQuery(db, phone, purpose, new Date().toISOString()).executeTakeFirst();
    return live !== undefined;
  }

  /**
   * Spends the live code of `phone` and `purpose` when `code` is it: true once, then never again. A
   * wrong code counts a try against the live one (MAX_WRONG_TRIES kill it). Run it in the
   * transaction that acts on the proof, but let that transaction commit when this answers false, so
   * that the wrong try is counted.
   */
  async consume(db: Kysely<DB>, phone: string, purpose: ServerCodePurpose, code: string): Promise<boolean> {
    const now = new Date().toISOString();
    const live = await this.liveQuery(db, phone, purpose, now).executeTakeFirst();
    if (!live) return false;
    const given = Buffer.from(this.hash(phone, purpose, code), 'hex');
    const stored = Buffer.from(live.code_hash, 'hex');
    if (given.length === stored.length && crypto.timingSafeEqual(given, stored)) {
      // Conditional, so that of two requests with the same code only one spends it.
      const spent = await db
        .updateTable('one_time_codes')
        .set({ used_at: now })
        .where('id', '=', live.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', MAX_WRONG_TRIES)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    }
    await db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    return false;
  }

  /** The code of `phone` and `purpose` that can still be spent (the newest: a new one kills the older). */
  private liveQuery(db: Kysely<DB>, phone: string, purpose: ServerCodePurpose, now: string) {
    return db
      .selectFrom('one_time_codes')
      .select(['id', 'code_hash'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', MAX_WRONG_TRIES)
      .orderBy('id', 'desc')
      .limit(1);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One-time codes by SMS and their per-phone limits (modules/auth/phone-codes.ts). */
    phoneCodes: PhoneCodes;
  }
}

/** `app.phoneCodes`, keyed by the server's secret (the one tokens are signed with). */
export function registerPhoneCodes(app: FastifyInstance, secret: string): void {
  const limits = app.config.rateLimits;
  app.decorate(
    'phoneCodes',
    new PhoneCodes(
      secret,
      new CodeLimits({ phone: limits === 'off' ? undefined : limits.code_phone }, app.sharedStore),
    ),
  );
}
