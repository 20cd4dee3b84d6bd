import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const startScript = (file: string) =>
  (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;

/** The node flags before the server's entry point in a command line. */
function flagsOf(command: string, entry: string): string[] {
  const match = new RegExp(`node((?:\\s+--\\S+)*)\\s+${entry.replaceAll('/', '\\/')}`).exec(command);
  if (!match) throw new Error(`no "node … ${entry}" in: ${command}`);
  return match[1]!.trim().split(/\s+/);
}

describe('the node flags the server starts with', () => {
  // Measured by bench/full-list.ts (docs/server.md, "Paging and long lists"): without a bounded
  // young generation the server's RSS under 8 full lists of 100,000 products doubled.
  it('npm start, the server package and the documented systemd unit start the server with the same flags', () => {
    const flags = flagsOf(startScript('package.json'), 'apps/server/src/main.ts');
    expect(flags).toContain('--max-semi-space-size=8');
    expect(flagsOf(startScript('apps/server/package.json'), 'src/main.ts')).toEqual(flags);
    const execStart = /^ExecStart=(.*)$/m.exec(read('docs/deploy.md'))?.[1];
    expect(flagsOf(execStart ?? '', 'apps/server/src/main.ts')).toEqual(flags);
  });
});
