import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { parseMediaVariantName } from '@storefront/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { makeVariant, originalOf } from './variants.ts';

/**
 * /media/{name}: the store's images, named by content hash (so cached for a year, immutable), with
 * ETag, 304 and Range from @fastify/static. A responsive variant (`{hash}-{width}.{avif|webp}`,
 * variants.ts) that is not there yet, because its original was stored before variants existed, is
 * made on this first request; one without a raster original is a 404 like any unknown file.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { mediaDir } = app.config;
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    serve: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Media files are named by their content hash, so a name never changes meaning.
    immutable: true,
    maxAge: '365d',
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
      // SVG is an image format that can hold script: never let a media file run anything.
      res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });

  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const { name } = request.params;
    const variant = parseMediaVariantName(name);
    if (variant) {
      const original = await originalOf(mediaDir, variant.hash);
      if (original) {
        try {
          await makeVariant(mediaDir, original, variant.width, variant.format);
        } catch (error) {
          // An original sharp cannot read: the variant does not exist (404), the original still does.
          request.log.warn({ err: error, name }, 'media: variant could not be made');
        }
      }
    }
    return reply.sendFile(name);
  });
};
