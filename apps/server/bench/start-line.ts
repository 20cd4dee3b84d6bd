/**
 * How a tree's `npm start` runs its server: the environment it sets, the node flags and the entry
 * point named by its root package.json `start` (`node FLAGS apps/server/dist/main.js`, the built server, since issue 22's
 * memory work; `node FLAGS apps/server/src/main.ts` in older trees). A tree whose start runs the
 * built server gets it built first when it is missing or older than its sources
 * (scripts/build-server.ts), so that a bench measures the code it was started for.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface StartLine {
  /** The environment the start line sets for the process (e.g. `MALLOC_MMAP_THRESHOLD_=131072`). */
  env: Record<string, string>;
  /** The node flags before the entry point (e.g. `--max-semi-space-size=8`). */
  flags: string[];
  /** The entry point's absolute path. */
  entry: string;
}

export function startLine(root: string): StartLine {
  const start = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const match =
    /((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--\S+)*)\s+(apps\/server\/(?:src\/main\.ts|dist\/main\.js))/.exec(
      start,
    );
  if (!match) throw new Error(`the start script does not run the server's main: ${start}`);
  const entry = path.join(root, match[3]!);
  const env = Object.fromEntries(
    match[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  if (entry.endsWith('.js')) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.ts'), '--if-stale'], {
      cwd: root,
      // Its message on stderr: a bench's stdout is its JSON.
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) throw new Error(`could not build the server of ${root}`);
  }
  return { env, flags: match[2]!.trim().split(/\s+/).filter(Boolean), entry };
}
