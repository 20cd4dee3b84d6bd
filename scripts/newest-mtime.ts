import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest modification time under `target` (a file, or a folder walked whole), 0 when it is
 * missing: what the start's staleness checks compare a build with (ensure-web-build.ts for the apps,
 * build-server.ts for the server).
 */
export function newestMtime(target: string): number {
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
