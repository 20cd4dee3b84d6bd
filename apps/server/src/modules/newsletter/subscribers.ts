import crypto from 'node:crypto';
import type { Subscriber, SubscriberQuery } from '@storefront/contracts/admin';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containing, like } from '../search/like.ts';

/**
 * Newsletter sign-ups for the back office (list, search, remove, export) and the unsubscribe link:
 * a token signed with HMAC-SHA256 (a key derived from the server's secret) that names the address,
 * so the link works without signing in, for ever, and cannot be made for another address.
 */
/** A sign-up from the storefront's footer: an address already on the list stays as it was. */
export async function addSubscriber(db: Kysely<DB>, email: string, language: string): Promise<void> {
  await db
    .insertInto('newsletter_emails')
    .values({ email, language, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export class Subscribers {
  private readonly db: Kysely<DB>;
  private readonly key: Buffer;
  constructor(db: Kysely<DB>, secret: string) {
    this.db = db;
    this.key = crypto.createHmac('sha256', secret).update('newsletter-unsubscribe').digest();
  }

  private signature(email: string): string {
    return crypto.createHmac('sha256', this.key).update(email).digest('base64url');
  }

  token(email: string): string {
    return `${Buffer.from(email).toString('base64url')}.${this.signature(email)}`;
  }

  /** The address a token names, or undefined for a token that is not ours. */
  verify(token: string): string | undefined {
    const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const expected = Buffer.from(this.signature(email));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? email : undefined;
  }

  unsubscribeUrl(base: string, email: string): string {
    return `${base}/newsletter/unsubscribe/${this.token(email)}`;
  }

  private where(query: Pick<SubscriberQuery, 'q'>) {
    let base = this.db.selectFrom('newsletter_emails');
    const q = query.q?.trim().toLowerCase();
    if (q) base = base.where(like(sql`email`, containing(q)));
    return base;
  }

  async list(query: SubscriberQuery, base: string): Promise<{ count: number; results: Subscriber[] }> {
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.page_size ?? 25);
    const { count } = await this.where(query)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await this.where(query)
      .select(['id', 'email', 'language', 'created_at'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      count: Number(count),
      results: rows.map((r) => ({ ...r, unsubscribe_url: this.unsubscribeUrl(base, r.email) })),
    };
  }

  async *stream(base: string, batch = 2000): AsyncGenerator<Subscriber[]> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('newsletter_emails')
        .select(['id', 'email', 'language', 'created_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      yield rows.map((r) => ({ ...r, unsubscribe_url: this.unsubscribeUrl(base, r.email) }));
    }
  }

  async remove(id: number): Promise<string | undefined> {
    return (await this.removeWhere('id', id))?.email;
  }

  /** Takes an address off the list; its language (for the answer page), or undefined when it was not on it. */
  async unsubscribe(email: string): Promise<string | undefined> {
    return (await this.removeWhere('email', email))?.language;
  }

  /** Deletes the address of that id or that email: its email and language, or undefined when there was none. */
  private removeWhere(column: 'id' | 'email', value: number | string) {
    return this.db
      .deleteFrom('newsletter_emails')
      .where(column, '=', value)
      .returning(['email', 'language'])
      .executeTakeFirst();
  }
}
