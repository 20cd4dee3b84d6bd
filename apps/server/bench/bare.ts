/**
 * The baseline of the scale and enquiry benches: a bare `node:http` process (no framework, no
 * database) that answers fixed URL paths with fixed bytes, so a bench's figures can be quoted as a
 * ratio of what this machine serves at best. `startBare` writes the bytes to files and forks this
 * file, which serves them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * An answer of the bare server: its body, and optionally the head to send it with (name, value pairs
 * in order; Node adds Date, Connection and Keep-Alive itself, and Content-Length is the body's). By
 * default the head is Content-Type and Content-Length alone.
 */
export type BareAnswer = Buffer | { body: Buffer; headers: [string, string][] };

/** The head of an answer as the server sent it, for the bare server to send the same (`BareAnswer`). */
export function sameHead(headers: Headers): [string, string][] {
  const ownOfNode = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return [...headers.entries()].filter(([name]) => !ownOfNode.has(name));
}

/**
 * Starts the bare server for `files` (URL path → answer) in a child process, with its files in `dir`;
 * the child is added to `children` (which the bench kills on exit) until it is stopped.
 */
export async function startBare(
  dir: string,
  files: Record<string, BareAnswer>,
  children: Set<ChildProcess>,
): Promise<{ url: string; stop: () => void }> {
  fs.mkdirSync(dir, { recursive: true });
  const index: Record<string, { file: string; headers?: [string, string][] }> = {};
  Object.entries(files).forEach(([url, answer], i) => {
    const { body, headers } = Buffer.isBuffer(answer) ? { body: answer, headers: undefined } : answer;
    fs.writeFileSync(path.join(dir, `${i}.json`), body);
    index[url] = { file: `${i}.json`, ...(headers ? { headers } : {}) };
  });
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
  const child = fork(import.meta.filename, [dir], { stdio: 'inherit' });
  children.add(child);
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      children.delete(child);
    },
  };
}

/**
 * The child: serves each file of `dir` at the URL path its index gives, with its head (one array given
 * to `writeHead`, made once: the fastest way Node has).
 */
function serve(dir: string): void {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<
    string,
    { file: string; headers?: [string, string][] }
  >;
  const table = new Map<string, { body: Buffer; head: string[] }>();
  for (const [url, { file, headers }] of Object.entries(index)) {
    const body = fs.readFileSync(path.join(dir, file));
    const own = headers ?? [['content-type', 'application/json; charset=utf-8']];
    table.set(url, { body, head: [...own.flat(), 'content-length', String(body.length)] });
  }
  const server = http.createServer((req, res) => {
    const answer = table.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404, { 'content-length': '0' }).end();
      return;
    }
    res.writeHead(200, answer.head);
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === import.meta.filename) serve(process.argv[2]!);
