/**
 * Builds the storefront (apps/web) and the back office (apps/admin) when a build is missing or older
 * than its sources, so that `npm start` always serves the current apps. Skipped with SKIP_WEB_BUILD=1,
 * and each app when WEB_DIST_DIR / ADMIN_DIST_DIR points elsewhere (a build made by a deploy step).
 * Then the server itself (apps/server/dist, what `npm start` runs: scripts/build-server.ts) when it is
 * missing or older than its sources; that one is never skipped, and without Rolldown to build it the
 * start stops with what to run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './newest-mtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const admin = path.join(root, 'apps/admin');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

/** Whether an app's build (`dist/index.html`) is missing or older than any of its sources or the contracts. */
export function buildIsStale(app: string = web): boolean {
  const builtIndex = path.join(app, 'dist/index.html');
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  return (
    SOURCES.some((source) => newestMtime(path.join(app, source)) > built) ||
    newestMtime(path.join(root, 'packages/contracts/src')) > built
  );
}

function ensure(app: string, workspace: string, skip: boolean): void {
  if (skip || !buildIsStale(app)) return;
  if (!fs.existsSync(path.join(root, 'node_modules/vite'))) {
    console.warn(
      `storefront: the build of ${workspace} is missing or stale and Vite is not installed (npm install); serving what exists`,
    );
    return;
  }
  console.log(`storefront: building ${workspace} …`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `storefront: the build of ${workspace} failed; the server starts with the previous build, if any`,
    );
  }
}

function main(): void {
  if (process.env.SKIP_WEB_BUILD !== '1') {
    ensure(web, '@storefront/web', Boolean(process.env.WEB_DIST_DIR));
    ensure(admin, '@storefront/admin', Boolean(process.env.ADMIN_DIST_DIR));
  }
  const server = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.ts'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (server.status !== 0) process.exit(server.status ?? 1);
}

main();
