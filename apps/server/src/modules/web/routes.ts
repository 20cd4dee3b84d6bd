import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const PLACEHOLDER = `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>فروشگاه</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.8}
a{color:#0b5cad}section+section{margin-block-start:2rem;border-block-start:1px solid #ddd;padding-block-start:1rem}</style>
</head>
<body>
<main>
<section><h1>فروشگاه به‌زودی</h1><p>ویترین فروشگاه در حال ساخت است. داده‌های فروشگاه از هم‌اکنون در دسترس‌اند:
<a href="/fa/api/store/products/">محصولات</a>، <a href="/fa/api/store/posts/">اخبار</a>.</p></section>
<section lang="en" dir="ltr"><h2>Storefront coming soon</h2><p>The storefront is being built. The store's data is already
available: <a href="/en/api/store/products/">products</a>, <a href="/en/api/store/posts/">news</a>.</p></section>
</main>
</body>
</html>
`;

/**
 * The storefront at /app/*: the production build of apps/web when present (deep links answer
 * index.html), otherwise a placeholder page. `/` redirects to /app/.
 */
export const webRoutes: FastifyPluginAsync = async (app) => {
  const dist = app.config.webDistDir;
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);

  app.get('/', async (_request, reply) => reply.redirect('/app/'));

  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/app/',
      decorateReply: false,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return built ? fs.promises.readFile(index) : PLACEHOLDER;
  };
  app.get('/app', sendIndex);
  app.get('/app/*', sendIndex);
};
