import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_active: number;
}

export class UsersRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'password_hash', 'is_active'])
      .where('username', '=', username)
      .executeTakeFirst();
  }

  async isActive(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('is_active').where('id', '=', id).executeTakeFirst();
    return row?.is_active === 1;
  }

  /** Creates a user; undefined when the username is taken (checked by the unique index). */
  async create(username: string, email: string, passwordHash: string): Promise<UserRow | undefined> {
    const row = await this.db
      .insertInto('users')
      .values({ username, email, password_hash: passwordHash, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(['id', 'username', 'email', 'password_hash', 'is_active'])
      .executeTakeFirst();
    return row;
  }
}
