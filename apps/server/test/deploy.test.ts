import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { createTestStore } from './support/databases.ts';
import { writeCatalogue } from './support/fixture.ts';
import { limitsPerMinute } from './support/rate-limits.ts';
import { freePort, hasRedis, nginxBinary, startRedis, waitForPort } from './support/services.ts';

const pgAdminUrl = inject('pgAdminUrl');
const CONF = path.resolve(import.meta.dirname, '../../../deploy/nginx-storefront.conf');

/**
 * The documented deployment (docs/deploy.md): deploy/nginx-storefront.conf in front of two
 * instances on one PostgreSQL, one Redis and one media folder. Requests are shared between the
 * instances, the client's address comes through the proxy (limits per client, counted together),
 * errors keep their shape, and a long list streams through.
 */
describe.skipIf(!pgAdminUrl || !hasRedis() || !nginxBinary())('nginx in front of two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let store: Awaited<ReturnType<typeof createTestStore>>;
  const apps: FastifyInstance[] = [];
  const served = [0, 0];
  let nginx: ChildProcess | undefined;
  let prefix = '';
  let base = '';

  beforeAll(async () => {
    redis = await startRedis();
    store = await createTestStore('postgres', {
      redisUrl: redis.url,
      trustProxy: true,
      rateLimits: limitsPerMinute(50, { login_user: 5, order: 3 }),
    });
    const ports: number[] = [];
    for (const index of [0, 1]) {
      const app = await buildApp(store.config);
      if (index === 0) {
        await importCatalogueFile(app.database, writeCatalogue(), store.config.mediaDir);
      }
      app.addHook('onResponse', (_request, _reply, done) => {
        served[index]! += 1;
        done();
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      ports.push((app.server.address() as AddressInfo).port);
      apps.push(app);
    }
    const port = await freePort();
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-nginx-'));
    // nginx's workers drop root for an unprivileged user, which must be able to write its temp files.
    fs.chmodSync(prefix, 0o777);
    const site = fs
      .readFileSync(CONF, 'utf8')
      .replace('server 127.0.0.1:3001', `server 127.0.0.1:${ports[0]}`)
      .replace('server 127.0.0.1:3002', `server 127.0.0.1:${ports[1]}`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`);
    fs.writeFileSync(path.join(prefix, 'site.conf'), site);
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `daemon off; worker_processes 1; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
    );
    nginx = spawn(nginxBinary()!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      stdio: 'inherit',
    });
    await waitForPort(port);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    for (const app of apps) await app.close();
    await store?.cleanup();
    await redis?.stop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('shares the requests between the instances, with every answer as the app wrote it', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${base}/fa/api/store/products/1/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      const product = (await res.json()) as { images: { image: string }[] };
      // Image URLs name the host the client asked, through the proxy.
      expect(product.images[0]!.image.startsWith(`${base}/media/`)).toBe(true);
    }
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
    const missing = await fetch(`${base}/fa/api/store/products/999/`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      detail: 'No Product matches the given query.',
      code: 'not_found',
    });
    const big = await fetch(`${base}/fa/api/store/emails/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
    // A media file through the proxy.
    const product = (await (await fetch(`${base}/fa/api/store/products/1/`)).json()) as {
      images: { image: string }[];
    };
    const image = await fetch(product.images[0]!.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('limits each client by its own address, counted together by both instances', async () => {
    const order = (client: string) =>
      fetch(`${base}/fa/api/store/products/-1/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ phone: '09121234567' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await order('203.0.113.7')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another client is not affected.
    expect((await order('203.0.113.8')).status).toBe(201);
  });
});
