import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createTestStore, describeEachDatabase, type TestStore } from './support/databases.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function envFor(store: TestStore): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATA_DIR: store.config.dataDir,
    DATABASE_URL: store.config.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  };
}

async function startServer(store: TestStore): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverDir, 'src/main.ts')], {
    env: { ...envFor(store), PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const cli = (store: TestStore, args: string[]) =>
  run(process.execPath, [path.join(serverDir, 'src/cli.ts'), ...args], { env: envFor(store) }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describeEachDatabase('order requests outlive a crash, and the business can list them', (store) => {
  let server: { child: ChildProcess; url: string } | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
  });

  it('an order acknowledged before SIGKILL is there after restart', async () => {
    server = await startServer(store());
    const acknowledged: number[] = [];
    const sends = Array.from({ length: 20 }, async (_, i) => {
      const res = await fetch(`${server!.url}/fa/api/store/products/-1/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          phone: '09121234567',
          email: `crash${i}@example.com`,
          description: `پیش از خاموشی ${i}`,
        }),
      });
      if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
    });
    await Promise.all(sends);
    expect(acknowledged).toHaveLength(20);
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;

    server = await startServer(store());
    const listed = await cli(store(), ['orders', 'list', '--format', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    const ids = (JSON.parse(listed.stdout) as { id: number }[]).map((o) => o.id);
    for (const id of acknowledged) expect(ids).toContain(id);
    server.child.kill('SIGKILL');
    server = undefined;
  });

  it('orders list: CSV by default, JSON on request, --since filters, bad flags exit 2', async () => {
    const csv = await cli(store(), ['orders', 'list']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,language,product_id,product_title,phone,email,description');
    expect(lines).toHaveLength(21);
    expect(lines[1]).toContain('"09121234567"');
    expect(lines[1]).toContain('پیش از خاموشی');
    const future = await cli(store(), ['orders', 'list', '--since', '2999-01-01', '--format', 'json']);
    expect(JSON.parse(future.stdout)).toEqual([]);
    const past = await cli(store(), ['orders', 'list', '--since', '2000-01-01', '--format', 'json']);
    expect(JSON.parse(past.stdout)).toHaveLength(20);
    expect((await cli(store(), ['orders', 'list', '--since', 'yesterday-ish'])).code).toBe(2);
    expect((await cli(store(), ['orders', 'list', '--format', 'xml'])).code).toBe(2);
  });
});

it('CSV cells that look like spreadsheet formulas are neutralised', async () => {
  const store = await createTestStore('sqlite');
  try {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({ ...store.config, rateLimits: 'off' });
    await app.inject({
      method: 'POST',
      url: '/en/api/store/products/-1/orders/',
      payload: { email: 'a@b.ir', description: '=HYPERLINK("http://evil")' },
    });
    await app.close();
    const csv = await cli(store, ['orders', 'list']);
    expect(csv.stdout).toContain(`"'=HYPERLINK(""http://evil"")"`);
  } finally {
    await store.cleanup();
  }
});
