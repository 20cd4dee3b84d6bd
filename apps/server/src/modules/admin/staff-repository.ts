import crypto from 'node:crypto';
import type { Staff, StaffRole } from '@storefront/contracts/admin';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * All SQL of staff accounts, their sessions and one-time links (setup, invitations). Tokens handed
 * out (cookies, links) are random; only their SHA-256 is stored, so a copy of the database signs
 * nobody in and opens no link.
 */

export type StaffRow = Selectable<DB['staff']>;

/** How long a session lives without use, and at most. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export function staffView(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    active: row.is_active === 1,
    totp_enabled: row.totp_enabled === 1,
    created_at: row.created_at,
  };
}

export interface SessionRow {
  id: string;
  staff: StaffRow;
  csrf_token: string;
}

export class StaffRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findByEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: number): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<StaffRow[]> {
    return this.db.selectFrom('staff').selectAll().orderBy('id').execute();
  }

  /** Creates an account; undefined when the email is taken (the unique index decides races). */
  async create(input: { email: string; name: string; passwordHash: string; role: StaffRole }) {
    const existing = await this.findByEmail(input.email);
    if (existing) return undefined;
    try {
      return await this.db
        .insertInto('staff')
        .values({
          email: input.email,
          name: input.name,
          password_hash: input.passwordHash,
          role: input.role,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (await this.findByEmail(input.email)) return undefined;
      throw error;
    }
  }

  async update(
    id: number,
    changes: Partial<
      Pick<StaffRow, 'role' | 'is_active' | 'totp_secret' | 'totp_enabled' | 'recovery_codes'>
    >,
  ) {
    return this.db.updateTable('staff').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** A staff member's notification choices (mail language, new enquiries, reviews waiting). */
  async setNotifications(
    id: number,
    choices: { language: string; notify_enquiries: boolean; notify_reviews: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({
        language: choices.language,
        notify_enquiries: choices.notify_enquiries ? 1 : 0,
        notify_reviews: choices.notify_reviews ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
  }

  /** How many active owners there are besides `exceptId` (the last owner may not be demoted). */
  async otherActiveOwners(exceptId: number): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'owner')
      .where('is_active', '=', 1)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- sessions -------------------------------------------------------------------------------

  /** Starts a session; returns the cookie's token. */
  async startSession(staffId: number, ip: string, userAgent: string): Promise<string> {
    const token = newToken();
    const now = new Date();
    await this.db
      .insertInto('staff_sessions')
      .values({
        id: tokenHash(token),
        staff_id: staffId,
        csrf_token: newToken(),
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
        ip: ip.slice(0, 64),
        user_agent: userAgent.slice(0, 300),
      })
      .execute();
    return token;
  }

  /** The live session of a cookie's token with its (active) staff member, its expiry pushed on. */
  async session(token: string): Promise<SessionRow | undefined> {
    if (token.length === 0 || token.length > 100) return undefined;
    const id = tokenHash(token);
    const row = await this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .selectAll('staff')
      .select(['staff_sessions.csrf_token', 'staff_sessions.expires_at', 'staff_sessions.last_seen_at'])
      .where('staff_sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const now = Date.now();
    if (Date.parse(row.expires_at) <= now || row.is_active !== 1) {
      await this.db.deleteFrom('staff_sessions').where('id', '=', id).execute();
      return undefined;
    }
    // Seen again: written at most once a minute.
    if (now - Date.parse(row.last_seen_at) > 60_000) {
      await this.db
        .updateTable('staff_sessions')
        .set({
          last_seen_at: new Date(now).toISOString(),
          expires_at: new Date(now + SESSION_IDLE_MS).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    }
    const { csrf_token, expires_at: _e, last_seen_at: _l, ...staff } = row;
    return { id, staff, csrf_token };
  }

  sessionsOf(staffId: number) {
    return this.db
      .selectFrom('staff_sessions')
      .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('staff_id', '=', staffId)
      .where('expires_at', '>', new Date().toISOString())
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  /** Ends one session of a staff member (by its id, the token's hash); false when there is none. */
  async endSession(staffId: number, sessionId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('staff_sessions')
      .where('staff_id', '=', staffId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async endAllSessions(staffId: number): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
  }

  // ---- one-time links -------------------------------------------------------------------------

  /** A new link; returns its token. A new setup link replaces any unused one. */
  async createLink(input: {
    kind: 'setup' | 'invite';
    email: string;
    role: StaffRole;
    createdBy: number | null;
  }): Promise<{ token: string; expiresAt: string }> {
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS).toISOString();
    if (input.kind === 'setup') {
      await this.db
        .deleteFrom('staff_links')
        .where('kind', '=', 'setup')
        .where('used_at', 'is', null)
        .execute();
    }
    await this.db
      .insertInto('staff_links')
      .values({
        id: tokenHash(token),
        kind: input.kind,
        email: input.email,
        role: input.role,
        created_by: input.createdBy,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The unused, unexpired link of a token and kind. */
  async link(token: string, kind: 'setup' | 'invite') {
    if (token.length === 0 || token.length > 100) return undefined;
    const row = await this.db
      .selectFrom('staff_links')
      .selectAll()
      .where('id', '=', tokenHash(token))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!row || Date.parse(row.expires_at) <= Date.now()) return undefined;
    return row;
  }

  /** Marks a link used; false when another request used it first. */
  async useLink(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('staff_links')
      .set({ used_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
