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
 * Starts the bare server for `files` (URL path → body) in a child process, with its files in `dir`;
 * the child is added to `children` (which the bench kills on exit) until it is stopped.
 */
export async function startBare(
  dir: string,
  files: Record<string, Buffer>,
  children: Set<ChildProcess>,
): Promise<{ url: string; stop: () => void }> {
  fs.mkdirSync(dir, { recursive: true });
  const index: Record<string, string> = {};
  Object.entries(files).forEach(([url, body], i) => {
    fs.writeFileSync(path.join(dir, `${i}.json`), body);
    index[url] = `${i}.json`;
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

/** The child: serves each file of `dir` at the URL path its index gives. */
function serve(dir: string): void {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<string, string>;
  const table = new Map<string, Buffer>();
  for (const [url, file] of Object.entries(index)) table.set(url, fs.readFileSync(path.join(dir, file)));
  const server = http.createServer((req, res) => {
    const body = table.get(req.url ?? '');
    if (!body) {
      res.writeHead(404, { 'content-length': '0' }).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
    });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === import.meta.filename) serve(process.argv[2]!);
