import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { testConfig, type AppConfig } from '../../src/config.ts';
import { createPostgresDatabase } from './services.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface TestStore {
  dialect: DialectName;
  config: AppConfig;
}

const pgAdminUrl = inject('pgAdminUrl');

/** A fresh, empty store: a temp DATA_DIR, and for PostgreSQL a new database of its own. */
export async function createTestStore(
  dialect: DialectName,
  overrides: Partial<AppConfig> = {},
): Promise<TestStore & { cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const database = await createPostgresDatabase(pgAdminUrl, 'storefront_test');
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const config = testConfig({ dataDir, databaseUrl, ...overrides });
  return {
    dialect,
    config,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once on SQLite and once on PostgreSQL. `get()` returns the store of the running suite,
 * created fresh for it (set up in beforeAll of the suite).
 */
export function describeEachDatabase(
  title: string,
  body: (get: () => TestStore) => void,
  overrides: Partial<AppConfig> = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !pgAdminUrl;
    describe.skipIf(skip)(`${title} [${dialect}]`, () => {
      let store: (TestStore & { cleanup: () => Promise<void> }) | undefined;
      beforeAll(async () => {
        store = await createTestStore(dialect, overrides);
      });
      afterAll(async () => {
        await store?.cleanup();
      });
      body(() => {
        if (!store) throw new Error('test store not ready');
        return store;
      });
    });
  }
}
