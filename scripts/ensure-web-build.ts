/**
 * Builds the storefront (apps/web) when its build is missing or older than its sources, so that
 * `npm start` always serves the current store. Skipped with SKIP_WEB_BUILD=1 or when WEB_DIST_DIR
 * points elsewhere (a build made by a deploy step).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(web, source)) > built);
}

function main(): void {
  if (process.env.SKIP_WEB_BUILD === '1' || process.env.WEB_DIST_DIR) return;
  if (!webBuildIsStale()) return;
  if (!fs.existsSync(path.join(root, 'node_modules/vite'))) {
    console.warn(
      'storefront: the web build is missing or stale and Vite is not installed (npm install); serving what exists',
    );
    return;
  }
  console.log('storefront: building the web app (apps/web) …');
  const result = spawnSync('npm', ['run', 'build', '-w', '@storefront/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('storefront: the web build failed; the server starts with the previous build, if any');
  }
}

main();
