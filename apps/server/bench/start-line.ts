/**
 * How a tree's `npm start` runs its server: the node flags and the entry point named by its root
 * package.json `start` (`node FLAGS apps/server/dist/main.js`, the built server, since issue 22's
 * memory work; `node FLAGS apps/server/src/main.ts` in older trees). A tree whose start runs the
 * built server gets it built first when it is missing or older than its sources
 * (scripts/build-server.ts), so that a bench measures the code it was started for.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface StartLine {
  /** The node flags before the entry point (e.g. `--max-semi-space-size=8`). */
  flags: string[];
  /** The entry point's absolute path. */
  entry: string;
}

export function startLine(root: string): StartLine {
  const start = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const match = /node((?:\s+--\S+)*)\s+(apps\/server\/(?:src\/main\.ts|dist\/main\.js))/.exec(start);
  if (!match) throw new Error(`the start script does not run the server's main: ${start}`);
  const entry = path.join(root, match[2]!);
  if (entry.endsWith('.js')) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.ts'), '--if-stale'], {
      cwd: root,
      // Its message on stderr: a bench's stdout is its JSON.
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) throw new Error(`could not build the server of ${root}`);
  }
  return { flags: match[1]!.trim().split(/\s+/).filter(Boolean), entry };
}
