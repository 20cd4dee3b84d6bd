import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';

/** The JSON lines written so far into the files of `dir` (pino-roll numbers them). */
function lines(dir: string): Record<string, unknown>[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it.each([
    ['info', 10_000, 30],
    ['warn', 0, 40],
  ] as const)(
    'LOG_FILE gets one JSON line per request with its duration (slow ones at %s)',
    async (_label, slowRequestMs, level) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-log-'));
      const logDir = path.join(dataDir, 'logs');
      const app = await buildApp(
        testConfig({ dataDir, logLevel: 'info', logFile: path.join(logDir, 'server.log'), slowRequestMs }),
      );
      try {
        await app.inject('/healthz');
        await app.inject('/fa/api/store/products/999/');
        await app.inject({ method: 'POST', url: '/fa/api/store/emails/', payload: { email: 'nope' } });
        let requests: Record<string, unknown>[] = [];
        for (let i = 0; i < 50 && requests.length < 3; i += 1) {
          await sleep(100);
          requests = lines(logDir).filter((l) => l.responseTime !== undefined);
        }
        expect(requests.map((r) => [r.method, r.url, r.statusCode, r.level])).toEqual([
          ['GET', '/healthz', 200, level],
          ['GET', '/fa/api/store/products/999/', 404, level],
          ['POST', '/fa/api/store/emails/', 400, level],
        ]);
        for (const r of requests) {
          expect(typeof r.responseTime).toBe('number');
          expect(r.reqId).toBeDefined();
        }
        // No second line per request (Fastify's "incoming request").
        expect(lines(logDir).filter((l) => l.msg === 'incoming request')).toEqual([]);
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
