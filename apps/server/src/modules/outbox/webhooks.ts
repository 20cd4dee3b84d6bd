import type { Webhook } from '@storefront/contracts/admin';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * All SQL of the store's webhooks (the settings page, owners only): each with its deliveries'
 * counts by status; created with their signing secret; turned on and off; deleted with the
 * deliveries still waiting marked failed (the sent ones stay in the history, webhook_id set null).
 */
export class WebhookRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Every webhook (or the one of `id`), with its deliveries counted by status. */
  async list(id?: number): Promise<Webhook[]> {
    let query = this.db
      .selectFrom('webhooks')
      .select((eb) => [
        'webhooks.id',
        'webhooks.url',
        'webhooks.active',
        'webhooks.created_at',
        ...(['sent', 'pending', 'failed'] as const).map((status) =>
          eb
            .selectFrom('outbox')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('outbox.webhook_id', '=', 'webhooks.id')
            .where('outbox.status', '=', status)
            .as(status),
        ),
      ])
      .orderBy('webhooks.id');
    if (id !== undefined) query = query.where('webhooks.id', '=', id);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      url: r.url,
      active: r.active === 1,
      created_at: r.created_at,
      sent: Number(r.sent ?? 0),
      pending: Number(r.pending ?? 0),
      failed: Number(r.failed ?? 0),
    }));
  }

  /** A new webhook; returns its id. */
  async create(url: string, secret: string): Promise<number> {
    const row = await this.db
      .insertInto('webhooks')
      .values({ url, secret, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Turns a webhook on or off; false when there is no such webhook. */
  async setActive(id: number, active: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async url(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('webhooks').select('url').where('id', '=', id).executeTakeFirst();
    return row?.url;
  }

  /** Deletes a webhook; its waiting deliveries are not sent. `alongside` runs in the same transaction (the audit). */
  async remove(id: number, alongside: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('outbox')
        .set({ status: 'failed', last_error: 'The webhook was deleted.' })
        .where('webhook_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      await trx.deleteFrom('webhooks').where('id', '=', id).execute();
      await alongside(trx);
    });
  }
}
