import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { loadDemoIfEmpty } from '../../server/src/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
  }
}

/** One real API server on a fresh demo store for the web component tests (SQLite in a temp folder). */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-web-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOAD_DEMO: 'true',
    RATE_LIMITS: 'off',
    // Translations from apps/web/public (no build needed).
    WEB_DIST_DIR: path.resolve(import.meta.dirname, '../dist-none'),
  });
  const app = await buildApp(config);
  await loadDemoIfEmpty(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiOrigin', address);
  return async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
