import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Services that tests start themselves (a Redis they can stop, nginx), on free loopback ports. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the loopback port now. */
function listens(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A Redis of the test's own (so that it can be stopped), on a free loopback port. */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    if (await listens(port)) break;
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until something accepts connections on the port. */
export async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await listens(port)) return;
    await sleep(25);
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

/**
 * The environment of a server process a test starts on a store of its own: SQLite in `dataDir`, a
 * free loopback port, no demo data, the log on standard output; `extra` on top.
 */
export function ownServerEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_FILE: '',
    LOAD_DEMO: 'false',
    ...extra,
  };
}

const which = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
export const hasRedis = () => which('redis-server');
export const nginxBinary = () => ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p));

/**
 * A new, empty PostgreSQL database of its own (a random name after `prefix`) on the server of
 * `adminUrl`: its URL, and `drop` to remove it (closing its connections).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
