import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { NativeModuleError, openSqlite } from '../src/db/connection.ts';
import { ownServerEnv } from './support/services.ts';

/**
 * `npm start` when better-sqlite3's compiled part is missing or built for another Node.js (npm
 * skipped its install script, or Node was upgraded): a message that says what to run, exit 1, no
 * stack (db/connection.ts, main.ts).
 */

const require = createRequire(import.meta.url);
type Sqlite = typeof BetterSqlite3;
const RealSqlite = require('better-sqlite3') as Sqlite;

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-native-')), 'store.db');

function expectAdvice(error: unknown): void {
  expect(error).toBeInstanceOf(NativeModuleError);
  const message = (error as Error).message;
  expect(message).toContain('npm rebuild better-sqlite3');
  expect(message).toContain(process.version);
  expect(message).toContain('DATABASE_URL');
}

/**
 * The installed packages npm 11 would run a script for at install: a preinstall, install or
 * postinstall script, or a binding.gyp (npm's implied `node-gyp rebuild`; counted even where the
 * package turns that off with `gypfile: false`, which a release can drop). Walks every
 * node_modules folder of the workspace, nested ones included.
 */
function packagesWithInstallSteps(root: string): Set<string> {
  const found = new Set<string>();
  const visit = (modules: string) => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dir = path.join(modules, entry);
      if (entry.startsWith('@')) {
        visit(dir);
        continue;
      }
      const manifest = path.join(dir, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        scripts?: Record<string, string>;
      };
      const scripts = pkg.scripts ?? {};
      if (
        ['preinstall', 'install', 'postinstall'].some((name) => scripts[name]) ||
        fs.existsSync(path.join(dir, 'binding.gyp'))
      )
        found.add(pkg.name ?? entry);
      visit(path.join(dir, 'node_modules'));
    }
  };
  visit(path.join(root, 'node_modules'));
  for (const group of ['apps', 'packages']) {
    const base = path.join(root, group);
    if (!fs.existsSync(base)) continue;
    for (const workspace of fs.readdirSync(base)) visit(path.join(base, workspace, 'node_modules'));
  }
  return found;
}

describe("the project's allowScripts (npm 11 skips the install steps of packages it does not name)", () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, unknown>;
  };
  const allowScripts = manifest.allowScripts ?? {};
  /** Whether `name` is allowed: by its name, or by name@version. */
  const allowed = (name: string) =>
    Object.entries(allowScripts).some(
      ([key, value]) => value === true && (key === name || key.startsWith(`${name}@`)),
    );

  it('names better-sqlite3 (the SQLite driver, whose compiled part is built at install)', () => {
    expect(allowed('better-sqlite3')).toBe(true);
  });

  it('names every installed package with an install script or a binding.gyp', () => {
    const needed = packagesWithInstallSteps(root);
    // The walk finds the driver itself (its binding.gyp): it looks where the packages are.
    expect(needed).toContain('better-sqlite3');
    expect([...needed].filter((name) => !allowed(name))).toEqual([]);
  });
});

describe('the SQLite driver cannot load', () => {
  it('its compiled addon is missing (the real module, pointed at no addon)', () => {
    const missing = path.join(os.tmpdir(), 'no-such-dir', 'better_sqlite3.node');
    let thrown: unknown;
    try {
      openSqlite(tempFile(), () => {
        return class extends RealSqlite {
          constructor(file: string) {
            super(file, { nativeBinding: missing });
          }
        } as unknown as Sqlite;
      });
    } catch (error) {
      thrown = error;
    }
    expectAdvice(thrown);
    expect((thrown as Error).message).toContain('no-such-dir');
  });

  it('its addon was built for another Node.js, or the package is not installed', () => {
    const errors = [
      Object.assign(
        new Error(
          "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 127. This version of Node.js requires\nNODE_MODULE_VERSION 137.",
        ),
        { code: 'ERR_DLOPEN_FAILED' },
      ),
      Object.assign(new Error("Cannot find module 'better-sqlite3'"), { code: 'MODULE_NOT_FOUND' }),
    ];
    for (const error of errors) {
      let thrown: unknown;
      try {
        openSqlite(tempFile(), () => {
          throw error;
        });
      } catch (caught) {
        thrown = caught;
      }
      expectAdvice(thrown);
      // The cause, on one line.
      expect((thrown as Error).message).toContain(error.message.replace(/\s+/g, ' '));
      expect((thrown as Error).cause).toBe(error);
    }
  });

  it('other errors are not mistaken for it; the real driver opens a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-native-'));
    // A directory is not a database file.
    expect(() => openSqlite(dir)).toThrow();
    try {
      openSqlite(dir);
    } catch (error) {
      expect(error).not.toBeInstanceOf(NativeModuleError);
    }
    const db = openSqlite(tempFile());
    expect(db.prepare('select 1 as one').get()).toEqual({ one: 1 });
    db.close();
  });

  it('npm start: the advice on stderr, exit code 1, no stack', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-native-'));
    // What Node throws when an addon was built for another Node.js, in place of better-sqlite3.
    fs.writeFileSync(
      path.join(dir, 'broken.cjs'),
      `throw Object.assign(new Error("The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 127."), { code: 'ERR_DLOPEN_FAILED' });\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'hooks.mjs'),
      `import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const broken = pathToFileURL(${JSON.stringify(path.join(dir, 'broken.cjs'))}).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'better-sqlite3' ? { url: broken, format: 'commonjs', shortCircuit: true } : next(specifier, context),
});
`,
    );
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const child = spawn(process.execPath, ['--import', path.join(dir, 'hooks.mjs'), main], {
      cwd: os.tmpdir(),
      env: ownServerEnv(path.join(dir, 'data')),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('npm rebuild better-sqlite3');
    expect(stderr).toContain('NODE_MODULE_VERSION 127');
    expect(stderr).not.toMatch(/^\s+at /m);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
