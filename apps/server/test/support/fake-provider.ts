import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server standing in for an SMS gateway in the channels' tests: it records every
 * request and answers with whatever the test set last (a JSON body or raw text, after a delay when
 * the test wants a time-out). Each test file gives it the answers its provider documents.
 */

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ProviderReply {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of `body`. */
  raw?: string;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface FakeProvider {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The requests received since the last `reset`. */
  readonly seen: SeenRequest[];
  /** What every following request is answered. */
  reply(next: ProviderReply): void;
  /** Forgets the requests seen and answers `next` from now on. */
  reset(next: ProviderReply): void;
  close(): Promise<void>;
}

export async function startFakeProvider(first: ProviderReply = { status: 200 }): Promise<FakeProvider> {
  const seen: SeenRequest[] = [];
  let next = first;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const { status, raw, delayMs } = next;
      const text = raw ?? JSON.stringify(next.body ?? null);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(text);
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
    reset(reply) {
      seen.length = 0;
      next = reply;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
