import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { parseStoreIdentity, Settings, SETTING_KEYS } from '../src/modules/settings/repository.ts';
import { describeEachDatabase } from './support/databases.ts';

describeEachDatabase('the settings repository (the meta table)', (get) => {
  let database: Database;
  let settings: Settings;

  beforeAll(async () => {
    database = openDatabase(get().config);
    await migrateToLatest(database);
    settings = new Settings(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps each setting under its key; put replaces, undefined removes', async () => {
    expect(await settings.text('staffOrigin')).toBeUndefined();
    await settings.put('staffOrigin', 'https://a.example');
    await settings.put('staffOrigin', 'https://b.example');
    expect(await settings.text('staffOrigin')).toBe('https://b.example');
    const row = await database.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', SETTING_KEYS.staffOrigin)
      .executeTakeFirst();
    expect(row?.value).toBe('https://b.example');
    expect(await settings.anySet(['catalogueFingerprint', 'staffOrigin'])).toBe(true);
    await settings.put('staffOrigin', undefined);
    expect(await settings.text('staffOrigin')).toBeUndefined();
    expect(await settings.anySet(['catalogueFingerprint', 'staffOrigin'])).toBe(false);
  });

  it('reads the review policy as publish unless it is hold', async () => {
    expect(await settings.reviewPolicy()).toBe('publish');
    await settings.setReviewPolicy('hold');
    expect(await settings.reviewPolicy()).toBe('hold');
    await settings.setReviewPolicy('publish');
    expect(await settings.reviewPolicy()).toBe('publish');
  });

  it('counts review changes from 1, inside a transaction too', async () => {
    const before = (await settings.versions()).reviews;
    const first = await settings.nextReviewsVersion();
    expect(first).toBe(before + 1);
    const second = await database.db.transaction().execute((trx) => new Settings(trx).nextReviewsVersion());
    expect(second).toBe(first + 1);
    expect((await settings.versions()).reviews).toBe(second);
  });

  it('moves the reviews counter without waiting for another transaction that moved it (PostgreSQL: a sequence)', async () => {
    if (database.dialect !== 'postgres') return;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const firstTaken = new Promise<void>((resolve) => (taken = resolve));
    const first = database.db.transaction().execute(async (trx) => {
      const value = await new Settings(trx).nextReviewsVersion();
      taken();
      await held;
      return value;
    });
    await firstTaken;
    // A row locked by the first transaction until its commit would hold this one (and the test) here.
    const second = await database.db.transaction().execute((trx) => new Settings(trx).nextReviewsVersion());
    release();
    expect(second).toBe((await first) + 1);
    expect((await settings.versions()).reviews).toBe(second);
  });

  it('reads the catalogue languages only when they are a list of tags', async () => {
    await settings.put('catalogueLanguages', '["fa","en"]');
    expect(await settings.catalogueLanguages()).toEqual(['fa', 'en']);
    await settings.put('catalogueLanguages', '{not json');
    expect(await settings.catalogueLanguages()).toBeUndefined();
    await settings.put('catalogueLanguages', '[1]');
    expect(await settings.catalogueLanguages()).toBeUndefined();
  });

  it('parses the store identity in one place, a copy each time', async () => {
    expect(await settings.storeIdentity()).toBeUndefined();
    await settings.put('storeIdentity', JSON.stringify({ name: { fa: 'فروشگاه', en: 'Shop' } }));
    const identity = (await settings.storeIdentity())!;
    expect(identity.name).toEqual({ fa: 'فروشگاه', en: 'Shop' });
    identity.name = { fa: 'changed' };
    expect((await settings.storeIdentity())!.name).toEqual({ fa: 'فروشگاه', en: 'Shop' });
    expect(() => parseStoreIdentity('{not json')).toThrow();
  });
});
