import zlib from 'node:zlib';
import vary from 'vary';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers compressed for the clients that accept it (brotli, else gzip), in one place:
 * - every answer goes through @fastify/compress's hook (HTML, translations, errors, streamed lists:
 *   those compress as they are sent, in libuv's threads);
 * - the catalogue's cached answers are kept compressed beside their plain bytes
 *   (modules/store/catalogue-cache.ts), so a cache hit compresses nothing: `sendEncoded` picks the
 *   variant and sets Content-Encoding, which the hook then leaves alone;
 * - the storefront's built files are compressed at build time (.br and .gz beside each one, by
 *   vite-plugin-compression2) and served as they are by @fastify/static (`preCompressed`).
 * Every answer that can be compressed says `Vary: Accept-Encoding`.
 */

export type Encoding = 'br' | 'gzip' | 'identity';
const SUPPORTED = ['br', 'gzip'] as const;
/** Answers shorter than this are sent as they are: compressing them gains nothing. */
export const COMPRESS_FROM = 1024;

const BROTLI_DYNAMIC = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Kept answers are compressed once and sent many times: worth a higher quality. */
const BROTLI_KEPT = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: [...SUPPORTED],
    threshold: COMPRESS_FROM,
    brotliOptions: BROTLI_DYNAMIC,
    zlibOptions: { level: 6 },
  });
}

/** The encoding a request accepts that we prefer (br, then gzip), else identity. */
export function encodingFor(request: FastifyRequest): Encoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return 'identity';
  return (negotiate(header, [...SUPPORTED]) as Encoding | null) ?? 'identity';
}

/** Compresses a kept answer once (synchronously: kept answers are at most 512 KB). */
export function encode(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_KEPT) : zlib.gzipSync(body, { level: 6 });
}

/**
 * Sends `plain` (a JSON answer) in the request's encoding: `variant` finds or makes the compressed
 * bytes (kept by the caller). The hook of @fastify/compress leaves an answer with a
 * Content-Encoding alone.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  plain: Buffer,
  variant: (encoding: Exclude<Encoding, 'identity'>) => Buffer,
): FastifyReply {
  if (plain.byteLength < COMPRESS_FROM) return reply.send(plain);
  varyOnEncoding(reply);
  const encoding = encodingFor(request);
  if (encoding === 'identity') return reply.send(plain);
  reply.header('Content-Encoding', encoding);
  return reply.send(variant(encoding));
}

/** Where kept answers live (CatalogueCache): the compressed variants are kept beside the plain bytes. */
export interface KeptAnswers {
  response(key: string, version: string): Buffer | undefined;
  keepResponse(key: string, version: string, body: Buffer): void;
}

/** The compressed bytes of a kept answer, made once and kept beside it (for `sendEncoded`). */
export function keptVariants(kept: KeptAnswers, key: string, version: string, plain: Buffer) {
  return (encoding: Exclude<Encoding, 'identity'>): Buffer => {
    const variantKey = `${key}\u0000${encoding}`;
    let bytes = kept.response(variantKey, version);
    if (bytes === undefined) {
      bytes = encode(plain, encoding);
      kept.keepResponse(variantKey, version, bytes);
    }
    return bytes;
  };
}

/** Adds fields to the answer's Vary, keeping what is there (CORS's Origin): the `vary` package's rules. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  reply.header('Vary', vary.append(typeof current === 'string' ? current : '', field));
}

function varyOnEncoding(reply: FastifyReply): void {
  appendVary(reply, 'Accept-Encoding');
}
