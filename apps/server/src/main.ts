import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { NativeModuleError } from './db/connection.ts';
import { loadDemoIfEmpty } from './demo.ts';
import { readableLogs, standardOutput } from './lib/plugins/request-log.ts';
import { announceSetupLink, setupLinkIfNeeded } from './modules/admin/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  if (config.loadDemo) await loadDemoIfEmpty(app);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `storefront ready: http://${config.host}:${config.port}/app/ (database: ${app.database.describe})`,
  );
  // First start: no staff account yet, so the operator gets a one-time link to create the owner.
  const setupLink = await setupLinkIfNeeded(app, config.publicUrl ?? `http://${config.host}:${config.port}`);
  if (setupLink) {
    announceSetupLink(app.log, setupLink, {
      terminal: standardOutput().isTTY,
      jsonLog: !readableLogs(config),
    });
  }
}

main().catch((error: unknown) => {
  // The native SQLite driver cannot load: its message says what to run (db/connection.ts).
  if (error instanceof NativeModuleError) console.error(error.message);
  else console.error('The storefront could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
