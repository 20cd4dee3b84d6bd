/**
 * A server process for the benchmark, started by run.ts with `fork`, so that the server under test
 * and the load generator (autocannon, in the parent) do not share an event loop.
 *
 * - `storefront`: generates and imports a synthetic store into a SQLite DATA_DIR (or, with
 *   `products: 0`, reuses the DATA_DIR as it is), then serves the real application on 127.0.0.1
 *   with the requested response-cache size.
 * - `bare`: a plain `node:http` server answering fixed URLs with canned bytes on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeGeneratedStore } from '../src/modules/catalogue/generate.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import type { CannedResponse, ChildMessage, ParentMessage, StorefrontRequest } from './protocol.ts';

const send = (message: ChildMessage) => process.send?.(message);

let close: () => Promise<void> = async () => undefined;

async function startStorefront(request: StorefrontRequest): Promise<number> {
  const config = testConfig({
    dataDir: request.dataDir,
    responseCacheMegabytes: request.responseCacheMegabytes,
  });
  const app = await buildApp(config);
  close = () => app.close();
  if (request.products > 0) {
    let started = performance.now();
    const file = await writeGeneratedStore(request.catalogueDir, {
      products: request.products,
      seed: request.seed,
    });
    send({ type: 'progress', text: `generated ${request.products} products in ${seconds(started)}` });
    started = performance.now();
    const summary = await importCatalogueFile(app.database, file, path.join(config.dataDir, 'media'));
    send({ type: 'progress', text: `imported ${summary.products} products in ${seconds(started)}` });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function startBare(routes: Record<string, CannedResponse>): Promise<number> {
  const table = new Map<string, { headers: Record<string, string>; body: Buffer }>();
  for (const [url, canned] of Object.entries(routes)) {
    const body = Buffer.from(canned.body, 'base64');
    table.set(url, {
      headers: { 'content-type': canned.contentType, 'content-length': String(body.length) },
      body,
    });
  }
  const server = http.createServer((req, res) => {
    const route = table.get(req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-length': '0' }).end();
      return;
    }
    res.writeHead(200, route.headers).end(route.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return (server.address() as AddressInfo).port;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function shutdown(code: number): Promise<never> {
  try {
    await close();
  } finally {
    process.exit(code);
  }
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'close') {
    void shutdown(0);
    return;
  }
  const { request } = message;
  const started = request.kind === 'storefront' ? startStorefront(request) : startBare(request.routes);
  started.then(
    (port) => send({ type: 'ready', port }),
    (error: unknown) => {
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      void shutdown(1);
    },
  );
});

// The parent went away (finished, crashed or was interrupted): do not linger.
process.on('disconnect', () => void shutdown(0));
