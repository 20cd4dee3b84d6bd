import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import Fastify, { LogController } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { loggerOptions, readableLogs, registerRequestLog } from '../src/lib/plugins/request-log.ts';
import { SETUP_LINK_MESSAGE, announceSetupLink } from '../src/modules/admin/index.ts';
import { ownServerEnv } from './support/services.ts';

/** The JSON lines written so far into the files of `dir` (pino-roll numbers them). */
function lines(dir: string): Record<string, unknown>[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it.each([
    ['info', 10_000, 30],
    ['warn', 0, 40],
  ] as const)(
    'LOG_FILE gets one JSON line per request with its duration (slow ones at %s)',
    async (_label, slowRequestMs, level) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-log-'));
      const logDir = path.join(dataDir, 'logs');
      const app = await buildApp(
        testConfig({ dataDir, logLevel: 'info', logFile: path.join(logDir, 'server.log'), slowRequestMs }),
      );
      try {
        await app.inject('/healthz');
        await app.inject('/fa/api/store/products/999/');
        await app.inject({ method: 'POST', url: '/fa/api/store/emails/', payload: { email: 'nope' } });
        let requests: Record<string, unknown>[] = [];
        for (let i = 0; i < 50 && requests.length < 3; i += 1) {
          await sleep(100);
          requests = lines(logDir).filter((l) => l.responseTime !== undefined);
        }
        expect(requests.map((r) => [r.method, r.url, r.statusCode, r.level])).toEqual([
          ['GET', '/healthz', 200, level],
          ['GET', '/fa/api/store/products/999/', 404, level],
          ['POST', '/fa/api/store/emails/', 400, level],
        ]);
        for (const r of requests) {
          expect(typeof r.responseTime).toBe('number');
          expect(r.reqId).toBeDefined();
        }
        // No second line per request (Fastify's "incoming request").
        expect(lines(logDir).filter((l) => l.msg === 'incoming request')).toEqual([]);
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // An app built with migrations and pino-roll's worker: 4–5 s on a loaded 2-core machine.
    20_000,
  );
});

/** A stream that keeps what is written to it. */
function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => stripVTControlCharacters(Buffer.concat(chunks).toString('utf8')) };
}

describe('logs on a terminal and off it', () => {
  const config = testConfig({ logLevel: 'info' });

  it('readable on a terminal without LOG_FILE; JSON off a terminal, to a file, or silent', () => {
    expect(readableLogs(config, { isTTY: true })).toBe(true);
    expect(readableLogs(config, { isTTY: false })).toBe(false);
    expect(readableLogs({ ...config, logFile: '/tmp/x.log' }, { isTTY: true })).toBe(false);
    expect(readableLogs({ ...config, logLevel: 'silent' }, { isTTY: true })).toBe(false);
  });

  it('on a terminal, a request is one readable line', async () => {
    const out = capture();
    const app = Fastify({
      logger: loggerOptions(config, { isTTY: true, destination: out.stream }),
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app, config);
    app.get('/x', async () => 'ok');
    await app.inject('/x');
    app.log.warn('mail is not configured');
    await app.close();
    const text = out.text();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/x 200 [\d.]+ ms$/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: mail is not configured$/m);
    expect(text).not.toContain('{');
  });

  it('at warn only a slow request has a line; at error no request pays for one (no hook at all)', async () => {
    const written = async (logLevel: 'warn' | 'error', slowRequestMs: number) => {
      const levelConfig = testConfig({ logLevel, slowRequestMs });
      const out = capture();
      const app = Fastify({
        logger: loggerOptions(levelConfig, { isTTY: true, destination: out.stream }),
        logController: new LogController({ disableRequestLogging: true }),
      });
      const hooked = registerRequestLog(app, levelConfig);
      app.get('/x', async () => 'ok');
      await app.inject('/x');
      await app.close();
      return { hooked, text: out.text() };
    };
    expect(await written('warn', 10_000)).toEqual({ hooked: true, text: '' });
    const slow = await written('warn', -1);
    expect(slow.hooked).toBe(true);
    expect(slow.text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: GET \/x 200 [\d.]+ ms \(slow\)$/m);
    expect(await written('error', -1)).toEqual({ hooked: false, text: '' });
  });

  it('off a terminal, JSON lines', () => {
    const options = loggerOptions(config, { isTTY: false });
    expect(options).not.toHaveProperty('stream');
    const out = capture();
    const logger = pino(options as LoggerOptions, out.stream);
    logger.info({ method: 'GET', url: '/x', statusCode: 200, responseTime: 1 }, 'request completed');
    logger.flush();
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', statusCode: 200 });
  });

  it('the setup link: framed, on its own line, with what to do, on a terminal; one JSON line in a JSON log', () => {
    const link = 'http://localhost:3000/admin/setup/AbC-123_xyz';
    const written: string[] = [];
    const out = capture();
    const logger = pino({}, out.stream);
    announceSetupLink(logger, link, { terminal: true, jsonLog: false }, (text) => written.push(text));
    expect(out.text()).toBe('');
    const lines = written.join('').split('\n').filter(Boolean);
    // A frame of equal widths, the link alone on its line inside it.
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    for (const line of lines) expect([...line].length, line).toBe([...lines[0]!].length);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^│ +${link.replaceAll('.', '\\.')} +│$`)));
    expect(lines.join('\n')).toContain('Open this one-time link in a browser to create the owner account');

    written.length = 0;
    announceSetupLink(logger, link, { terminal: false, jsonLog: true }, (text) => written.push(text));
    logger.flush();
    expect(written).toEqual([]);
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, setupLink: link, msg: `${SETUP_LINK_MESSAGE}: ${link}` });

    // A terminal with LOG_FILE: framed on the terminal, and in the file's JSON.
    written.length = 0;
    announceSetupLink(logger, link, { terminal: true, jsonLog: true }, (text) => written.push(text));
    logger.flush();
    expect(written.join('')).toContain(link);
    expect(out.text().trim().split('\n')).toHaveLength(2);
  });
});

/** Starts `npm start`'s entry point on a fresh store; resolves with its output once `until` appears. */
async function startServer(
  command: string,
  args: string[],
  until: RegExp,
): Promise<{ output: string; code: number | null }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
  const child = spawn(command, args, {
    cwd: os.tmpdir(),
    detached: true,
    env: ownServerEnv(dataDir, { LOG_LEVEL: 'info', REDIS_URL: '' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // The whole process group: `script` and the server under it.
    if (until.test(output)) process.kill(-child.pid!, 'SIGTERM');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await done;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { output: stripVTControlCharacters(output), code };
}

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const hasScript = fs.existsSync('/usr/bin/script');

describe('npm start', () => {
  it.skipIf(!hasScript)(
    'in a terminal (a pseudo-terminal by `script`): readable lines and the framed setup link',
    async () => {
      const { output } = await startServer(
        'script',
        ['-qfec', `${process.execPath} ${MAIN}`, '/dev/null'],
        /└─+┘/,
      );
      expect(output).toMatch(/\] INFO: storefront ready: http:\/\/127\.0\.0\.1:0\/app\//);
      expect(output).toMatch(/│ +http:\/\/127\.0\.0\.1:0\/admin\/setup\/[\w-]{20,} +│/);
      expect(output).not.toContain('{"level"');
    },
    30_000,
  );

  it('off a terminal: JSON lines, the setup link in its own field', async () => {
    const { output } = await startServer(process.execPath, [MAIN], /setupLink/);
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => typeof l.setupLink === 'string')).toMatchObject({
      level: 40,
      setupLink: expect.stringMatching(/\/admin\/setup\/[\w-]{20,}$/),
    });
    expect(output).not.toContain('┌');
  }, 30_000);
});
