import { sql, type Kysely } from 'kysely';
import { USER_STATUS_CHANNEL } from '../../db/channels.ts';
import type { DialectName } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_active: number;
  /** 1: registered while SMS codes were on, waiting for the code sent to the phone. */
  verification_pending: number;
}

const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'is_active',
  'verification_pending',
] as const;

/** How long this process trusts what it read about a user's state (changes elsewhere: the CLI, another instance). */
const STATUS_TTL_MS = 5000;
const STATUS_MAX = 10_000;

export class UsersRepository {
  private readonly db: Kysely<DB>;
  /**
   * Whether a user exists and is active, by id: asked on every request that carries a token, so kept
   * for a few seconds; cleared at once when this process changes the user.
   */
  private readonly status = new Map<number, { active: boolean; at: number }>();
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  findByUsername(username: string, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').select(USER_COLUMNS).where('username', '=', username).executeTakeFirst();
  }

  /** true when the user exists and is active (a removed user is not). */
  async isActive(id: number): Promise<boolean> {
    const known = this.status.get(id);
    if (known && performance.now() - known.at < STATUS_TTL_MS) return known.active;
    const row = await this.db.selectFrom('users').select('is_active').where('id', '=', id).executeTakeFirst();
    const active = row?.is_active === 1;
    this.status.delete(id);
    this.status.set(id, { active, at: performance.now() });
    if (this.status.size > STATUS_MAX) this.status.delete(this.status.keys().next().value!);
    return active;
  }

  /** Forgets what this process cached of a user (changed elsewhere: another instance). */
  forget(id: number): void {
    this.status.delete(id);
  }

  /**
   * Every instance forgets what it cached of the user (disabled or deleted by the back office): this
   * one at once, the others on PostgreSQL by NOTIFY (modules/store/catalogue-events.ts); on SQLite
   * other processes within STATUS_TTL_MS.
   */
  async announce(id: number, dialect: DialectName): Promise<void> {
    this.forget(id);
    if (dialect === 'postgres') {
      await sql`SELECT pg_notify(${USER_STATUS_CHANNEL}, ${String(id)})`.execute(this.db);
    }
  }

  /** Enables or disables a user: a disabled user cannot sign in and its tokens are refused. */
  async setActive(id: number, active: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    this.status.delete(id);
  }

  /** Removes a user (its likes go with it; its order requests stay, without the user). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
    this.status.delete(id);
  }

  /**
   * Creates a user; undefined when the username is taken (checked by the unique index). `pending`:
   * the account waits for the code sent to its phone. `db`: a transaction to write it in.
   */
  async create(
    username: string,
    email: string,
    passwordHash: string,
    options: { pending?: boolean; db?: Kysely<DB> } = {},
  ): Promise<UserRow | undefined> {
    const row = await (options.db ?? this.db)
      .insertInto('users')
      .values({
        username,
        email,
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
        verification_pending: options.pending ? 1 : 0,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    return row;
  }

  /**
   * Registers again over an account that never proved its phone: its email and password are the new
   * registration's, and it stays pending (`pending`) or becomes active. Undefined when the account is
   * no longer pending (activated meanwhile): then the phone is taken.
   */
  async replacePending(
    id: number,
    email: string,
    passwordHash: string,
    pending: boolean,
    db: Kysely<DB> = this.db,
  ): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({
        email,
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
        verification_pending: pending ? 1 : 0,
      })
      .where('id', '=', id)
      .where('verification_pending', '=', 1)
      .returning(USER_COLUMNS)
      .executeTakeFirst();
  }

  /** The phone is proven (a code sent to it came back): the account is no longer pending. */
  async verified(id: number, db: Kysely<DB> = this.db): Promise<void> {
    await db.updateTable('users').set({ verification_pending: 0 }).where('id', '=', id).execute();
  }

  /** A new password, set by a reset code (which proves the phone too). */
  async resetPassword(id: number, passwordHash: string, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, verification_pending: 0 })
      .where('id', '=', id)
      .execute();
  }
}
