/**
 * The child processes of a benchmark (the server under test, the CLI) and its database: shared by
 * enquiries.ts and scale.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Every child still running: killed when the benchmark exits, however it exits. */
export const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** `node <command> <args>`: the child, and its output once it exits 0 (else an error with it). */
export function runNode(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  name = path.basename(command),
): { child: ChildProcess; done: Promise<string> } {
  const child = spawn(process.execPath, [command, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${name} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
  return { child, done };
}

/**
 * Waits until the server child answers /healthz at `url` (polling every `everyMs`); throws with
 * what it wrote on stderr if it exits first. Returns the child's stop function.
 */
export async function untilHealthy(
  child: ChildProcess,
  url: string,
  everyMs: number,
): Promise<() => Promise<void>> {
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}:\n${stderr}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    children.delete(child);
  };
}

/** The environment of the server and CLI under test: production, no demo data, no log file, no database URL. */
export function benchEnv(): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, LOAD_DEMO: 'false', NODE_ENV: 'production' };
  delete base.DATABASE_URL;
  delete base.LOG_FILE;
  return base;
}

/**
 * Creates the database `name` on the PostgreSQL of `adminUrl`: its URL, and the admin connection
 * that drops it and is ended at the end; the error instead of the URL when PostgreSQL does not answer.
 */
export async function createBenchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ admin: pg.Client; url?: string; error?: Error }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { admin, url: url.toString() };
  } catch (error) {
    return { admin, error: error as Error };
  }
}

/**
 * Puts a benchmark's `section` into the report `file` between its two markers, or, in a file
 * without them (or none yet), where `place` puts it.
 */
export function writeSection(
  file: string,
  [startMarker, endMarker]: [string, string],
  section: string,
  place: (text: string) => string,
): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + section + text.slice(end + endMarker.length)
      : place(text);
  fs.writeFileSync(file, next);
}
