import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How a built browser app (the storefront's or the back office's) is served from its folder: its
 * build's .br and .gz files for the clients that accept them (compression.ts), hashed assets cached
 * for a year, everything else (index.html, the service files) asked again each time, dotfiles (the
 * server render's bundle) never.
 */
export function builtFilesOptions(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    index: false,
    wildcard: false,
    dotfiles: 'deny',
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  };
}
