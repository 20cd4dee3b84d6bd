import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { builtFilesOptions } from '../../lib/plugins/built-files.ts';

/**
 * The back office's app (apps/admin's build) at /admin/: its hashed assets cached for a year, every
 * other path under /admin/ (its client-side routes) the app's index.html. Without a build, /admin/
 * says how to make one. A storefront visitor never downloads any of it.
 */
export const adminAppFiles: FastifyPluginAsync = async (app) => {
  const dist = app.config.adminDistDir;
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, builtFilesOptions(dist, '/admin/'));
  }
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    // The API's unknown paths are the API's JSON 404.
    if (request.url.startsWith('/admin/api/') || request.url === '/admin/api') throw notFound();
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The back office is not built: run `npm run build` and restart the server.');
    }
    return reply.type('text/html; charset=utf-8').send(await fs.promises.readFile(index));
  };
  app.get('/admin', sendApp);
  app.get('/admin/*', sendApp);
};
