import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { CatalogueError, importCatalogueFile, type ImportProgress, type ImportSummary } from './import.ts';

/** What the import thread tells the command that started it. */
export type ImportMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; summary: ImportSummary }
  | { type: 'invalid'; errors: string[] }
  | { type: 'failed'; message: string };

/**
 * `catalogue import` runs here, in a worker thread whose heap is capped (cli.ts): what an import
 * keeps is small (ids, the small sections), and V8 left alone lets garbage grow the heap to over
 * 500 MB on a 100,000-product file before collecting it.
 */
async function main(file: string): Promise<ImportMessage> {
  const config = loadConfig();
  const database = openDatabase(config);
  let last = 0;
  try {
    await migrateToLatest(database);
    const summary = await importCatalogueFile(database, file, config.mediaDir, {
      onProgress: (progress) => {
        const now = performance.now();
        if (now - last < 100) return;
        last = now;
        parentPort?.postMessage({ type: 'progress', progress } satisfies ImportMessage);
      },
    });
    return { type: 'done', summary };
  } catch (error) {
    if (error instanceof CatalogueError) return { type: 'invalid', errors: error.errors };
    return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    await database.destroy();
  }
}

parentPort?.postMessage(await main((workerData as { file: string }).file));
