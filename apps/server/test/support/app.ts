import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { importCatalogueFile } from '../../src/modules/catalogue/import.ts';
import type { TestStore } from './databases.ts';
import { writeCatalogue } from './fixture.ts';

/**
 * For the running suite: builds the app on the suite's fresh store with the fixture catalogue
 * imported, hands it to `use`, and closes it after the suite.
 */
export function withFixtureApp(store: () => TestStore, use: (app: FastifyInstance) => void): void {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp(store().config);
    await importCatalogueFile(app.database, writeCatalogue(), path.join(store().config.dataDir, 'media'));
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
