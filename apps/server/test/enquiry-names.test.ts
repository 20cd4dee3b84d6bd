import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrationsFor } from '../src/db/migrations/index.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * Migration 0014 renames the enquiries' tables (orders → enquiries, order_events → enquiry_events,
 * order_search → enquiry_search): a store that already holds enquiries keeps every row, its history
 * and its search, under the new names.
 */
describeEachDatabase('migration 0014: the enquiries keep their rows under their new names', (get) => {
  let database: Database;
  let migrator: Migrator;

  beforeAll(async () => {
    database = openDatabase(get().config);
    migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrationsFor(database.dialect) },
    });
    const { error } = await migrator.migrateTo('0013-about-us-team');
    if (error) throw error;
    // A store as 0013 left it: one enquiry with its history, under the old names.
    await sql`INSERT INTO orders (product_id, product_title, user_id, phone, email, description, language, created_at, search_doc)
      VALUES (NULL, '', NULL, '09121234567', 'buyer@example.ir', 'زعفران سرگل', 'fa', '2026-11-20T10:00:00.000Z', ' 09121234567 buyer@example.ir زعفران سرگل ')`.execute(
      database.db,
    );
    await sql`INSERT INTO order_events (order_id, at, staff_id, staff_email, kind, body)
      VALUES (1, '2026-11-20T11:00:00.000Z', NULL, 'owner@example.ir', 'note', 'called back')`.execute(
      database.db,
    );
    const latest = await migrator.migrateToLatest();
    if (latest.error) throw latest.error;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('moves the rows and the history, with the history pointing at its enquiry', async () => {
    const enquiries = await database.db
      .selectFrom('enquiries')
      .select(['id', 'phone', 'description'])
      .execute();
    expect(enquiries).toEqual([{ id: 1, phone: '09121234567', description: 'زعفران سرگل' }]);
    const events = await database.db.selectFrom('enquiry_events').select(['enquiry_id', 'body']).execute();
    expect(events).toEqual([{ enquiry_id: 1, body: 'called back' }]);
  });

  it('leaves no table, index or sequence under the old names', async () => {
    const names =
      database.dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`.execute(database.db)
          ).rows
        : (
            await sql<{ name: string }>`SELECT relname AS name FROM pg_class
              WHERE relnamespace = current_schema()::regnamespace`.execute(database.db)
          ).rows;
    const old = names.map((r) => r.name).filter((name) => /^(orders|order_)/.test(name));
    expect(old).toEqual([]);
    expect(names.map((r) => r.name)).toEqual(
      expect.arrayContaining(['enquiries', 'enquiry_events', 'enquiries_status_idx', 'enquiries_unread_idx']),
    );
  });

  it('keeps the ids going on from the last one, and the history cascading with its enquiry', async () => {
    const next = await database.db
      .insertInto('enquiries')
      .values({
        product_id: null,
        product_title: '',
        user_id: null,
        phone: '09129999999',
        email: '',
        description: 'قیمت پسته',
        language: 'fa',
        created_at: '2026-11-21T10:00:00.000Z',
        search_doc: ' 09129999999 قیمت پسته ',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(2);
    await database.db
      .insertInto('enquiry_events')
      .values({
        enquiry_id: 2,
        at: '2026-11-21T11:00:00.000Z',
        staff_id: null,
        staff_email: '',
        kind: 'note',
        body: 'x',
      })
      .execute();
    await database.db.deleteFrom('enquiries').where('id', '=', 2).execute();
    const left = await database.db.selectFrom('enquiry_events').select('enquiry_id').execute();
    expect(left).toEqual([{ enquiry_id: 1 }]);
  });

  it('finds the enquiries again by their search text (SQLite: the new FTS5 index, kept up to date)', async () => {
    if (database.dialect !== 'sqlite') {
      const found = await database.db
        .selectFrom('enquiries')
        .select('id')
        .where('search_doc', 'like', '%سرگل%')
        .execute();
      expect(found).toEqual([{ id: 1 }]);
      return;
    }
    const match = async (text: string) =>
      (
        await sql<{
          rowid: number;
        }>`SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ${text}`.execute(database.db)
      ).rows.map((r) => r.rowid);
    expect(await match('"سرگل"')).toEqual([1]);
    await database.db.updateTable('enquiries').set({ search_doc: ' کشمش ' }).where('id', '=', 1).execute();
    expect(await match('"سرگل"')).toEqual([]);
    expect(await match('"کشمش"')).toEqual([1]);
  });
});
