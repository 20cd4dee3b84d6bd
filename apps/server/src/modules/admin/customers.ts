import type { Customer, CustomerDeleted, CustomerDetail, CustomerQuery } from '@storefront/contracts/admin';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { newestFirstPage } from '../../db/newest-first.ts';
import type { DB } from '../../db/schema.ts';
import { toAsciiDigits } from '../search/normalize.ts';
import { pickFrom } from '../../lib/translate.ts';
import { enquiryRows, enquiryView } from '../enquiries/inbox.ts';
import { writeReviews } from '../reviews/changes.ts';
import { removeReviewsBy } from '../reviews/moderation.ts';
import { containedInAny, containing, like } from '../search/like.ts';
import type { UsersRepository } from '../auth/repository.ts';

/**
 * Registered storefront users as the back office sees them (customers): the list with search, one
 * customer with their likes and enquiries, disabling (through UsersRepository, so this process's
 * cache of user states forgets it at once) and deleting an account with its personal data.
 */
export class Customers {
  private readonly database: Database;
  private readonly db: Kysely<DB>;
  private readonly users: UsersRepository;
  private readonly fallback: string;
  private readonly dialect: 'sqlite' | 'postgres';
  constructor(database: Database, users: UsersRepository, fallback: string) {
    this.database = database;
    this.db = database.db;
    this.users = users;
    this.fallback = fallback;
    this.dialect = database.dialect;
  }

  /** Every instance forgets what it cached of the user (UsersRepository.announce). */
  private announce(id: number): Promise<void> {
    return this.users.announce(id, this.dialect);
  }

  private rows() {
    return this.db.selectFrom('users').select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.is_active',
      'users.created_at',
      eb
        .selectFrom('likes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('likes.user_id', '=', 'users.id')
        .as('likes'),
      eb
        .selectFrom('enquiries')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('enquiries.user_id', '=', 'users.id')
        .as('enquiries'),
    ]);
  }

  private view(row: {
    id: number;
    username: string;
    email: string;
    is_active: number;
    created_at: string;
    likes: number | string | null;
    enquiries: number | string | null;
  }): Customer {
    return {
      id: row.id,
      phone: row.username,
      email: row.email,
      active: row.is_active === 1,
      created_at: row.created_at,
      likes: Number(row.likes ?? 0),
      enquiries: Number(row.enquiries ?? 0),
    };
  }

  async list(query: CustomerQuery): Promise<{ count: number; results: Customer[] }> {
    let base = this.db.selectFrom('users');
    if (query.status) base = base.where('users.is_active', '=', query.status === 'active' ? 1 : 0);
    const q = toAsciiDigits(query.q?.trim().toLowerCase() ?? '');
    if (q) {
      base = base.where(containedInAny([sql`users.username`, sql`lower(users.email)`], q));
    }
    const { count, results } = await newestFirstPage(base, this.rows(), 'users.id', query);
    return { count, results: results.map((r) => this.view(r)) };
  }

  async find(id: number): Promise<Customer | undefined> {
    const row = await this.rows().where('users.id', '=', id).executeTakeFirst();
    return row ? this.view(row) : undefined;
  }

  async detail(id: number, lang: string): Promise<CustomerDetail | undefined> {
    const customer = await this.find(id);
    if (!customer) return undefined;
    const liked = await this.db
      .selectFrom('likes')
      .innerJoin('products', 'products.id', 'likes.product_id')
      .select(['products.id', 'products.title', 'likes.created_at'])
      .where('likes.user_id', '=', id)
      .orderBy('likes.created_at', 'desc')
      .limit(200)
      .execute();
    const enquiries = await enquiryRows(this.db)
      .where('enquiries.user_id', '=', id)
      .orderBy('enquiries.id', 'desc')
      .limit(200)
      .execute();
    return {
      customer,
      liked: liked.map((l) => ({
        id: l.id,
        title: pickFrom(JSON.parse(l.title) as Record<string, string>, { lang, fallback: this.fallback }),
        liked_at: l.created_at,
      })),
      enquiries: enquiries.map(enquiryView),
    };
  }

  async setActive(id: number, active: boolean): Promise<boolean> {
    if (!(await this.find(id))) return false;
    await this.users.setActive(id, active);
    await this.announce(id);
    return true;
  }

  /**
   * Deletes an account and its personal data, in one transaction: the user and its likes; its
   * enquiries (and those sent with its phone or email) keep their product, date and status but lose
   * phone, email and message; reviews written with its email go (through `writeReviews`: the pages
   * and reviews lists of their products are dropped everywhere), as do its newsletter sign-up and the
   * outbox's messages (sent or waiting) addressed to it or naming its phone or email. `audit` is
   * called inside the transaction, so the record commits with the deletion.
   */
  async remove(
    id: number,
    audit?: (trx: Kysely<DB>, removed: CustomerDeleted) => Promise<void>,
  ): Promise<CustomerDeleted | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) return undefined;
    const email = user.email.trim().toLowerCase();
    const phone = user.username.trim();
    const result = await writeReviews(this.database, async (trx, shown) => {
      const likes = await trx.deleteFrom('likes').where('user_id', '=', id).executeTakeFirst();
      const enquiries = await trx
        .updateTable('enquiries')
        .set({ phone: '', email: '', description: '', search_doc: '' })
        .where((eb) =>
          eb.or([
            eb('user_id', '=', id),
            ...(phone !== '' ? [eb('phone', '=', phone)] : []),
            ...(email !== '' ? [eb('email', '=', email)] : []),
          ]),
        )
        .executeTakeFirst();
      const reviews = email === '' ? 0 : await removeReviewsBy(trx, email, shown);
      const newsletter =
        email === ''
          ? { numDeletedRows: 0n }
          : await trx.deleteFrom('newsletter_emails').where('email', '=', email).executeTakeFirst();
      const named = [phone, email].filter((text) => text !== '');
      const messages =
        named.length === 0
          ? { numDeletedRows: 0n }
          : await trx
              .deleteFrom('outbox')
              .where((eb) =>
                eb.or([
                  ...(email !== '' ? [eb('recipient', '=', email)] : []),
                  ...named.map((text) => like(sql`payload`, containing(text))),
                ]),
              )
              .executeTakeFirst();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      const removed: CustomerDeleted = {
        likes: Number(likes.numDeletedRows),
        enquiries_anonymised: Number(enquiries.numUpdatedRows),
        reviews,
        newsletter: Number(newsletter.numDeletedRows),
        messages: Number(messages.numDeletedRows),
      };
      await audit?.(trx, removed);
      return removed;
    });
    // Forget the cached state everywhere: the deleted user's tokens are refused from now on.
    await this.announce(id);
    return result;
  }
}
