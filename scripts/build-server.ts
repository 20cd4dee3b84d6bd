/**
 * The server as built JavaScript: apps/server/src/main.ts and everything it imports from the server's
 * sources and @storefront/contracts, bundled by Rolldown into apps/server/dist (main.js and the chunks
 * of what is imported on first use); packages under node_modules stay imports of their own. `npm start`,
 * the server package's `start` and the systemd unit in docs/deploy.md run apps/server/dist/main.js.
 *
 * Why: Node runs the TypeScript sources by stripping their types (amaro, a WebAssembly module) and
 * keeps each of the ~400 modules' source and compiled code; the bundle skips both, about 30 MB of
 * RSS in every server (docs/server.md, "Memory under full lists"). Tests, the dev server and the CLI
 * keep running the sources.
 *
 * dist sits as deep under the repository as src, so that the sources' paths taken from
 * `import.meta.dirname` (config.ts's repository root, the demo catalogue) lead to the same places.
 *
 * `node scripts/build-server.ts` builds; `--if-stale` only when dist/main.js is missing or older than
 * the server's sources, the contracts or a package.json (what `npm start` runs first, through
 * scripts/ensure-web-build.ts). BUILD_SERVER_OUT_DIR builds elsewhere (tests); it must be a folder of
 * apps/server for the reason above.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './newest-mtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
export const SERVER_DIST = path.join(server, 'dist');
const SOURCES = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/contracts/src'),
  path.join(root, 'packages/contracts/package.json'),
  path.join(root, 'package.json'),
  import.meta.filename,
];

/** Whether `outDir`/main.js is missing or older than any of the sources it is built from. */
export function serverBuildIsStale(outDir: string = SERVER_DIST): boolean {
  const main = path.join(outDir, 'main.js');
  if (!fs.existsSync(main)) return true;
  const built = fs.statSync(main).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** A package under node_modules (kept as an import) rather than a file of the server or the contracts. */
function isPackage(id: string): boolean {
  if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('\0')) return false;
  return !id.startsWith('@storefront/');
}

/** Bundles the server into `outDir` (emptied first); resolves with the files written. */
export async function buildServer(outDir: string = SERVER_DIST): Promise<string[]> {
  if (path.dirname(path.resolve(outDir)) !== server) {
    throw new Error(`the server's build must be a folder of apps/server (its paths are relative): ${outDir}`);
  }
  const { build } = await import('rolldown');
  const output = await build({
    input: { main: path.join(server, 'src/main.ts') },
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
    output: { dir: outDir, format: 'esm', cleanDir: true, sourcemap: true },
  });
  return output.output.map((file) => file.fileName);
}

if (import.meta.main) {
  const ifStale = process.argv.includes('--if-stale');
  const outDir = process.env.BUILD_SERVER_OUT_DIR
    ? path.resolve(process.env.BUILD_SERVER_OUT_DIR)
    : SERVER_DIST;
  if (!ifStale || serverBuildIsStale(outDir)) {
    if (!fs.existsSync(path.join(root, 'node_modules/rolldown'))) {
      console.error(
        `storefront: the server's build (${path.relative(root, outDir)}) is missing or older than its sources, ` +
          'and Rolldown is not installed: run npm install (or build where it is: npm run build)',
      );
      process.exit(1);
    }
    const started = performance.now();
    const files = await buildServer(outDir);
    console.log(
      `storefront: built the server into ${path.relative(root, outDir)} (${files.length} files, ${Math.round(
        performance.now() - started,
      )} ms)`,
    );
  }
}
