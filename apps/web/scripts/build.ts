/**
 * `npm run build`: the browser's build (vite build, with the arguments given: `--outDir`, `--logLevel`…)
 * and then the server-side render's (`vite build --ssr src/entry-server.tsx`) into `.ssr/` inside the
 * same folder, so a build is one folder wherever it goes (WEB_DIST_DIR, the e2e suite's temporary
 * one). The server loads `.ssr/entry-server.js` and never serves it (its static files deny dotfiles).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = path.resolve(web, at === -1 ? 'dist' : (args[at + 1] ?? 'dist'));
const level = args.indexOf('--logLevel');
// Vite's own command-line script, wherever npm put it (the workspace's or the root's node_modules).
const vite = createRequire(import.meta.url).resolve('vite/bin/vite.js');

function run(viteArgs: string[]): void {
  const result = spawnSync(process.execPath, [vite, ...viteArgs], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['build', ...args]);
run([
  'build',
  '--ssr',
  'src/entry-server.tsx',
  '--outDir',
  path.join(outDir, '.ssr'),
  '--emptyOutDir',
  ...(level === -1 ? [] : ['--logLevel', args[level + 1] ?? 'info']),
]);
