import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A server process of a test's own (`node apps/server/src/main.ts`), on a free loopback port with a
 * fresh DATA_DIR and the run's builds: for what the suite's shared server cannot show (a first start
 * with no staff account, whose setup link is in the log).
 */
export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
  /** Waits until its output matches `pattern`, and returns the match. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? '',
      ADMIN_DIST_DIR: process.env.E2E_ADMIN_DIST ?? '',
      LOAD_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const match = out.match(pattern);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
      if (Date.now() > until) throw new Error(`no ${pattern} in the server's output:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const url = `http://127.0.0.1:${port}`;
  // Ready when /healthz answers.
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    if (Date.now() > until) throw new Error(`the server did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    output: () => out,
    waitFor,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
