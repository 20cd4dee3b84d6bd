import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hasCatalogue, importCatalogueFile } from './modules/catalogue/import.ts';

export const DEMO_CATALOGUE = path.resolve(import.meta.dirname, '../demo/catalogue.json');

/** Loads the bundled demo store into a store that has never had a catalogue. */
export async function loadDemoIfEmpty(app: FastifyInstance): Promise<boolean> {
  if (await hasCatalogue(app.database.db)) return false;
  const summary = await importCatalogueFile(app.database, DEMO_CATALOGUE, app.config.mediaDir);
  app.log.info({ summary }, 'loaded the demo store into the empty store');
  return true;
}
