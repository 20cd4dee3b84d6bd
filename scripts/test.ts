/**
 * `npm test`: every test of the project, in two stages that both always run —
 * 1. the Vitest projects (server and contracts on SQLite and PostgreSQL, web components against a real
 *    API server); arguments after `--` go to Vitest (e.g. `npm test -- --reporter=json`);
 * 2. the end-to-end suite (Playwright in Chromium against a production build and the real server).
 * The exit status is non-zero when either stage failed. `npm run test:unit` and `npm run test:e2e`
 * run one stage alone.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (relative: string) => path.join(root, 'node_modules', relative);

function run(label: string, script: string, args: string[]): number {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`${label}: could not start (${result.error.message})`);
    return 1;
  }
  return result.status ?? 1;
}

const unit = run('unit and integration tests (Vitest)', bin('vitest/vitest.mjs'), [
  'run',
  ...process.argv.slice(2),
]);
const e2e = run('end-to-end tests (Playwright, Chromium)', bin('@playwright/test/cli.js'), ['test']);
console.log(
  `\nnpm test: unit/integration ${unit === 0 ? 'passed' : 'FAILED'}, end-to-end ${e2e === 0 ? 'passed' : 'FAILED'}`,
);
process.exit(unit === 0 && e2e === 0 ? 0 : 1);
