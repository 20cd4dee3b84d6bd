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
