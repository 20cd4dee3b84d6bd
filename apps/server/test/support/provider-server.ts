import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { SmsSettings } from '../../src/modules/channels/types.ts';

/**
 * A real HTTP server standing in for an SMS gateway or a bot API in the channels' tests: it records
 * every request as it arrived and answers with whatever the test set last (a status, a JSON body or
 * raw text, late on purpose for the time-out cases). No mock of fetch: the adapter's request goes
 * over a socket like the real one.
 */

export interface SeenRequest {
  method: string;
  /** The path with its query string, as sent. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ProviderReply {
  status: number;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
  delayMs?: number;
}

export interface ProviderServer {
  /** `http://127.0.0.1:<port>`, to put in the settings' `baseUrl`. */
  url: string;
  seen: SeenRequest[];
  /** What every following request is answered with (a plain function: it may be taken apart). */
  reply: (next: ProviderReply) => void;
  /** Forgets the requests seen so far. */
  reset(): void;
  close(): Promise<void>;
}

export async function startProviderServer(
  first: ProviderReply = { status: 200, body: {} },
  seen: SeenRequest[] = [],
): Promise<ProviderServer> {
  let next = first;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const { status, body: json, raw, delayMs } = next;
      const answer = () => {
        if (res.destroyed) return;
        res
          .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
          .end(raw ?? JSON.stringify(json ?? null));
      };
      if (delayMs) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    reply: (reply) => (next = reply),
    reset: () => void seen.splice(0),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A test file's stand-in gateway: started before its tests, closed after them, and before each test
 * it forgets what it saw and answers `everyTest` again. It points `settings.baseUrl` at itself, with
 * `path` after its address (a provider's base may carry one, or a trailing slash the adapter drops).
 */
export function useProviderServer(
  settings: SmsSettings,
  everyTest: ProviderReply,
  path = '',
): ProviderServer {
  const seen: SeenRequest[] = [];
  let server: ProviderServer | undefined;
  const running = () => {
    if (!server) throw new Error('the provider server runs only while the tests do');
    return server;
  };
  beforeAll(async () => {
    server = await startProviderServer(everyTest, seen);
    settings.baseUrl = `${server.url}${path}`;
  });
  afterAll(() => running().close());
  beforeEach(() => {
    running().reset();
    running().reply(everyTest);
  });
  return {
    get url() {
      return running().url;
    },
    seen,
    reply: (next) => running().reply(next),
    reset: () => running().reset(),
    close: () => running().close(),
  };
}

/**
 * Checks that exactly one request arrived, with this method, path and these headers (each compared
 * as it is), and gives it for the body's checks.
 */
export function expectOneRequest(
  server: ProviderServer,
  expected: { method: string; path: string; headers: Record<string, string> },
): SeenRequest {
  expect(server.seen).toHaveLength(1);
  const call = server.seen[0]!;
  expect(call.method).toBe(expected.method);
  expect(call.path).toBe(expected.path);
  for (const [name, value] of Object.entries(expected.headers)) expect(call.headers[name]).toBe(value);
  return call;
}
