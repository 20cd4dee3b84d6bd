/**
 * What the benches that compare source trees share (bench/mixed.ts, bench/endpoints.ts): the trees
 * named on the command line, a scratch directory and the child processes that die with the bench,
 * and a tree's real server process (`<root>/apps/server/src/main.ts`, NODE_ENV=production) on a
 * fresh demo store in SQLite or a PostgreSQL database of its own, with rate limits off.
 *
 * The knobs given to a tree's server are read alike by the baseline (08441f8) and by this
 * tree: PORT, HOST, DATA_DIR, DATABASE_URL (empty: SQLite in DATA_DIR), LOAD_DEMO, RATE_LIMITS=off,
 * LOG_LEVEL and WEB_DIST_DIR; ADMIN_DIST_DIR is new since, and a tree that does not know it ignores it.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase, freePort } from '../test/support/services.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A source tree to measure: its label in the tables and its root (a checkout with node_modules). */
export interface Tree {
  label: string;
  root: string;
}

/** The trees given as `label=path` (or a bare path, labelled by its last segment); none: `this` tree. */
export function treesFromArgs(args: readonly string[], thisRoot: string): Tree[] {
  if (args.length === 0) return [{ label: 'this', root: thisRoot }];
  return args.map((arg) => {
    const at = arg.indexOf('=');
    const label = at === -1 ? path.basename(arg) : arg.slice(0, at);
    return { label, root: path.resolve(at === -1 ? arg : arg.slice(at + 1)) };
  });
}

/** A comma-separated list of databases (e.g. an environment variable); unset: both. */
export function databasesFrom(list: string | undefined): DatabaseKind[] {
  return (list ?? 'sqlite,postgres')
    .split(',')
    .map((d) => d.trim())
    .filter((d): d is DatabaseKind => d === 'sqlite' || d === 'postgres');
}

/** The bench's scratch directory and its child processes: both removed when the bench exits. */
export interface Workspace {
  dir: string;
  children: Set<ChildProcess>;
}

export function benchWorkspace(prefix: string): Workspace {
  const workspace: Workspace = { dir: fs.mkdtempSync(path.join(os.tmpdir(), prefix)), children: new Set() };
  process.on('exit', () => {
    for (const child of workspace.children) child.kill();
    fs.rmSync(workspace.dir, { recursive: true, force: true });
  });
  process.on('SIGINT', () => process.exit(130));
  return workspace;
}

export interface TreeServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The node flags a tree's root package.json `start` gives its server (`node FLAGS apps/server/src/main.ts`;
 * none in older trees), so that every tree is measured as it runs in production.
 */
export function startFlags(root: string): string[] {
  const start = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const match = /node((?:\s+--\S+)*)\s+apps\/server\/(?:src\/main\.ts|dist\/main\.js)/.exec(start);
  if (!match) throw new Error(`the start script does not run apps/server/src/main.ts: ${start}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

/**
 * `node <root>/apps/server/src/main.ts` on a free port with a fresh demo store (in a DATA_DIR of its
 * own, and on PostgreSQL a database created from `pgAdminUrl` and dropped on stop); ready once it
 * lists products.
 */
export async function startTreeServer(
  root: string,
  database: DatabaseKind,
  options: { workspace: Workspace; pgAdminUrl: string; pgDatabasePrefix: string },
): Promise<TreeServer> {
  const { workspace } = options;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(workspace.dir, 'data-'));
  const pgDatabase =
    database === 'postgres'
      ? await createPostgresDatabase(options.pgAdminUrl, options.pgDatabasePrefix)
      : undefined;
  const child = spawn(process.execPath, [...startFlags(root), path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : { DATABASE_URL: '' }),
      LOAD_DEMO: 'true',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      // The API only: no storefront build (pages are not part of these loads).
      WEB_DIST_DIR: path.join(workspace.dir, 'no-web-build'),
      ADMIN_DIST_DIR: path.join(workspace.dir, 'no-admin-build'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workspace.children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`))),
  );
  exited.catch(() => {});
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (performance.now() > deadline) throw new Error('the server was not ready within 180 s');
    const ready = await Promise.race([
      fetch(`${url}/fa/api/store/products/`)
        .then(async (res) => res.ok && ((await res.json()) as unknown[]).length > 0)
        .catch(() => false),
      exited,
    ]);
    if (ready) break;
    await sleep(250);
  }
  return {
    url,
    stop: async () => {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000)]);
      child.kill('SIGKILL');
      workspace.children.delete(child);
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON answer; anything but 2xx throws with the status and body. */
export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
