import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale } from '../../../scripts/build-server.ts';
import { freePort } from './support/services.ts';

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
  it('npm start, the server package and the documented systemd unit start the built server with the same flags', () => {
    const flags = flagsOf(startScript('package.json'), 'apps/server/dist/main.js');
    expect(flags).toContain('--max-semi-space-size=8');
    expect(flagsOf(startScript('apps/server/package.json'), 'dist/main.js')).toEqual(flags);
    const execStart = /^ExecStart=(.*)$/m.exec(read('docs/deploy.md'))?.[1];
    expect(flagsOf(execStart ?? '', 'apps/server/dist/main.js')).toEqual(flags);
  });
});

describe('the built server (scripts/build-server.ts)', () => {
  // A folder of apps/server like dist, so that the sources' relative paths hold; removed after.
  let outDir = '';
  const dataDirs: string[] = [];
  beforeAll(() => {
    outDir = fs.mkdtempSync(path.join(root, 'apps/server/.build-test-'));
  });
  afterAll(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `node <entry>` on an empty store (the demo loaded); the answers to `paths`, then SIGTERM. */
  async function answersOf(entry: string, paths: string[]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-built-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        LOAD_DEMO: 'true',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = performance.now() + 90_000;
      for (;;) {
        const ready = await fetch(`${base}/healthz`).catch(() => undefined);
        if (ready?.ok) break;
        if (child.exitCode !== null) throw new Error(`${entry} exited ${child.exitCode}: ${stderr}`);
        if (performance.now() > deadline) throw new Error(`${entry} not ready in 90 s: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const answers: { path: string; status: number; type: string | null; body: string }[] = [];
      for (const p of paths) {
        const res = await fetch(base + p, { redirect: 'manual' });
        answers.push({
          path: p,
          status: res.status,
          type: res.headers.get('content-type'),
          body: await res.text(),
        });
      }
      return answers;
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }

  it('is one bundle beside src that answers as the sources do: demo store, storefront build, translations', async () => {
    expect(serverBuildIsStale(outDir)).toBe(true);
    const files = await buildServer(outDir);
    expect(files).toContain('main.js');
    expect(serverBuildIsStale(outDir)).toBe(false);
    // Only packages are left as imports: the server's own files and the contracts are inside.
    const bundle = fs.readFileSync(path.join(outDir, 'main.js'), 'utf8');
    expect(bundle).not.toMatch(/from\s+["'](?:\.{1,2}\/|@storefront\/)[^"']*\.ts["']/);

    // Paths that depend on where the code thinks it is: the demo catalogue (apps/server/demo), the
    // storefront's build or its placeholder (apps/web/dist), the translations, the back office.
    const paths = [
      '/fa/api/store/products/',
      '/en/api/store/products/1/',
      '/app/',
      '/locales/fa/common.json',
      '/locales/en/common.json',
      '/admin/',
      '/healthz',
    ];
    const [built, source] = await Promise.all([
      answersOf(path.join(outDir, 'main.js'), paths),
      answersOf(path.join(root, 'apps/server/src/main.ts'), paths),
    ]);
    expect(JSON.parse(built[0]!.body)).toHaveLength(JSON.parse(source[0]!.body).length);
    expect(JSON.parse(built[0]!.body).length).toBeGreaterThanOrEqual(24);
    for (const [i, answer] of built.entries()) {
      const other = source[i]!;
      expect({ path: answer.path, status: answer.status, type: answer.type }).toEqual({
        path: other.path,
        status: other.status,
        type: other.type,
      });
      if (answer.path.startsWith('/locales/')) {
        expect(answer.body, answer.path).toBe(other.body);
      }
    }
  }, 240_000);
});

describe('what a server loads at start', () => {
  // docs/server.md, "Memory under full lists": packages only an export or a PDF needs are imported
  // when first asked for, not by every server (ExcelJS ~11 MB of RSS, playwright-core 81 MB).
  it('builds the whole app without ExcelJS or playwright-core', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-loaded-'));
    const script = `
      import { createRequire } from 'node:module';
      const { buildApp } = await import(${JSON.stringify(path.join(root, 'apps/server/src/app.ts'))});
      const { testConfig } = await import(${JSON.stringify(path.join(root, 'apps/server/src/config.ts'))});
      const app = await buildApp(testConfig({ dataDir: ${JSON.stringify(dataDir)} }));
      await app.ready();
      const files = Object.keys(createRequire(import.meta.url).cache);
      const packages = files.map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean);
      console.log(JSON.stringify([...new Set(packages)]));
      await app.close();
    `;
    try {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
      expect(run.status, run.stderr).toBe(0);
      const loaded = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as string[];
      // The check sees the packages loaded: fastify itself is there.
      expect(loaded).toContain('fastify');
      expect(loaded).not.toContain('exceljs');
      expect(loaded).not.toContain('playwright-core');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
