import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrationsFor } from '../src/db/migrations/index.ts';
import { Settings } from '../src/modules/settings/repository.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * Migration 0019: on PostgreSQL the reviews counter becomes a sequence that goes on from the `meta`
 * row's value (a poller that read 7 before the upgrade must not see the counter go back); SQLite
 * keeps the row.
 */
describeEachDatabase('migration 0019: the reviews counter goes on from where it was', (get) => {
  let database: Database;

  beforeAll(async () => {
    database = openDatabase(get().config);
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrationsFor(database.dialect) },
    });
    const before = await migrator.migrateTo('0018-quotes');
    if (before.error) throw before.error;
    await sql`INSERT INTO meta (key, value) VALUES ('reviews_version', '7')`.execute(database.db);
    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('reads 7, then moves to 8', async () => {
    const settings = new Settings(database.db);
    expect((await settings.versions()).reviews).toBe(7);
    expect(await settings.nextReviewsVersion()).toBe(8);
    expect((await settings.versions()).reviews).toBe(8);
  });
});
