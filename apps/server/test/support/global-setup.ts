import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './services.ts';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server where each test file creates its own database; '' when none. */
    pgAdminUrl: string;
  }
}

function findInitdb(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const candidate = path.join(base, v, 'bin', 'initdb');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Starts a throwaway PostgreSQL (initdb + pg_ctl) on a free loopback port; returns its URL and a stop function. */
async function startOwnPostgres(initdb: string): Promise<{ url: string; stop: () => void }> {
  const bin = path.dirname(initdb);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres (or nobody) user then.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot
    ? spawnSync('id', ['-u', 'postgres']).status === 0
      ? 'postgres'
      : 'nobody'
    : undefined;
  const run = (cmd: string, args: string[]) =>
    user
      ? execFileSync('runuser', ['-u', user, '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (user) execFileSync('chown', ['-R', user, dir]);
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export default async function setup(project: TestProject): Promise<() => void> {
  let stop = () => {};
  let url = process.env.TEST_DATABASE_URL ?? '';
  if (!url) {
    const initdb = findInitdb();
    if (initdb) {
      const started = await startOwnPostgres(initdb);
      url = started.url;
      stop = started.stop;
    }
  }
  if (!url) {
    const message =
      '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
      '!! No PostgreSQL: TEST_DATABASE_URL is not set and initdb was not found.    !!\n' +
      '!! The PostgreSQL half of the suite is SKIPPED. Set TEST_DATABASE_URL or    !!\n' +
      '!! install PostgreSQL (apt-get install postgresql).                         !!\n' +
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n';
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`REQUIRE_POSTGRES=1 but no PostgreSQL is available.${message}`);
    }
    console.warn(message);
  }
  project.provide('pgAdminUrl', url);
  return stop;
}
