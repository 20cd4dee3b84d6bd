import { promisify } from 'node:util';
import zlib from 'node:zlib';
import vary from 'vary';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityHeaders } from './security-headers.ts';

/**
 * Answers compressed for the clients that accept it (brotli, else gzip), in one place:
 * - every answer goes through @fastify/compress's hook (HTML, translations, errors, streamed lists:
 *   those compress as they are sent, in libuv's threads);
 * - the catalogue's cached answers are kept compressed beside their plain bytes
 *   (modules/store/catalogue-cache.ts), so a cache hit compresses nothing: `sendEncoded` picks the
 *   variant and sets Content-Encoding, which the hook then leaves alone. A variant is made in libuv's
 *   threads after the first request that asks for it, which the hook answers meanwhile: nothing is
 *   compressed on the event loop for the cache, and no request waits for a variant to be kept;
 * - the storefront's built files are compressed at build time (.br and .gz beside each one, by
 *   vite-plugin-compression2) and served as they are by @fastify/static (`preCompressed`).
 * Every answer that can be compressed says `Vary: Accept-Encoding`.
 */

export type Encoding = 'br' | 'gzip' | 'identity';
const SUPPORTED = ['br', 'gzip'] as const;
/** Answers shorter than this are sent as they are: compressing them gains nothing. */
export const COMPRESS_FROM = 1024;

/**
 * A 256 KB window (not brotli's 4 MB default): a streamed full list of 200 MB held 14 MB of encoder
 * per request (8 at once: 112 MB of RSS), and 3 MB with this window, for a 3% larger answer
 * (products repeat within a few KB). Answers under 256 KB compress as well as before.
 */
const BROTLI_DYNAMIC = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
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

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses a kept answer once, in libuv's threads: brotli at quality 6 takes milliseconds for an
 * answer of tens of KB, which on the event loop would hold up every other request.
 */
export function encode(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'br' ? brotliCompress(body, BROTLI_KEPT) : gzip(body, { level: 6 });
}

/**
 * Sends `plain` (a JSON answer) in the request's encoding: `variant` gives the kept compressed bytes,
 * or undefined while they are not made yet; then the plain bytes go to the hook of
 * @fastify/compress, which compresses them for this request as it does any answer (and leaves an
 * answer with a Content-Encoding alone).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  plain: Buffer,
  variant: (encoding: Exclude<Encoding, 'identity'>) => Buffer | undefined,
): FastifyReply {
  if (plain.byteLength < COMPRESS_FROM) return reply.send(plain);
  varyOnEncoding(reply);
  const encoding = encodingFor(request);
  if (encoding === 'identity') return reply.send(plain);
  const bytes = variant(encoding);
  if (bytes === undefined) return reply.send(plain);
  reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

/** Where kept answers live (CatalogueCache): the compressed variants are kept beside the plain bytes. */
export interface KeptAnswers {
  response(key: string, version: string): Buffer | undefined;
  keepResponse(key: string, version: string, body: Buffer): void;
}

/** The variants being made, per store of kept answers: each is made once, however many ask meanwhile. */
const making = new WeakMap<KeptAnswers, Set<string>>();

/**
 * The compressed bytes of a kept answer, for `sendEncoded`: those kept beside it, or undefined while
 * they are made (started by the first request that asks for them, kept once made if the plain answer
 * is still kept for the same version).
 */
export function keptVariants(kept: KeptAnswers, key: string, version: string, plain: Buffer) {
  return (encoding: Exclude<Encoding, 'identity'>): Buffer | undefined =>
    keptVariant(kept, key, version, plain, encoding);
}

/** One compressed variant of a kept answer (`keptVariants`), without a closure per request. */
function keptVariant(
  kept: KeptAnswers,
  key: string,
  version: string,
  plain: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
): Buffer | undefined {
  const variantKey = `${key}\u0000${encoding}`;
  const bytes = kept.response(variantKey, version);
  if (bytes !== undefined) return bytes;
  let underWay = making.get(kept);
  if (underWay === undefined) making.set(kept, (underWay = new Set()));
  const job = `${version}\u0000${variantKey}`;
  if (!underWay.has(job)) {
    underWay.add(job);
    void encode(plain, encoding)
      .then((made) => {
        if (kept.response(key, version) !== undefined) kept.keepResponse(variantKey, version, made);
      })
      // A variant that could not be made is not kept: the hook keeps compressing this answer.
      .catch(() => undefined)
      .finally(() => underWay.delete(job));
  }
  return undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The heads of a kept answer as `writeKept` writes them, worked out once per app: the security
 * headers, then Content-Type, Vary (answers of 1 KB or more), Content-Encoding (a compressed variant)
 * and Content-Length, whose value (the last item) is filled in per answer.
 */
export interface KeptHeads {
  readonly short: string[];
  readonly identity: string[];
  readonly br: string[];
  readonly gzip: string[];
}

export function keptHeads(security: SecurityHeaders): KeptHeads {
  const head = (...own: string[]) => [
    ...security.flat,
    'content-type',
    JSON_TYPE,
    ...own,
    'content-length',
    '',
  ];
  return {
    short: head(),
    identity: head('vary', 'Accept-Encoding'),
    br: head('vary', 'Accept-Encoding', 'content-encoding', 'br'),
    gzip: head('vary', 'Accept-Encoding', 'content-encoding', 'gzip'),
  };
}

/**
 * A visitor's cache hit of a JSON answer, written straight to Node's response by the route's
 * onRequest hook (modules/store/routes.ts, `fromCache`): the same status, headers in the same order
 * and bytes as the security headers' hook, `reply.type(JSON_TYPE)` and `sendEncoded` give, in one
 * `writeHead` and one `end`, without Fastify's send (its Content-Type parse, the onSend hooks, the
 * header copy) or `vary`'s parse of a Vary that is not there. The whole head, security headers
 * included, is one array given to `writeHead` (`KeptHeads`; the route's plugin took the security
 * headers over, lib/plugins/security-headers.ts): Node validates each name and value once and writes
 * them, where twelve `setHeader` calls stored them (a lower-cased name and an array each) for
 * `writeHead` to read back. Only for answers that no earlier hook put a header on (Fastify's own
 * headers would be skipped): the caller uses it only when CORS, the one such hook, is not registered.
 * The request's onResponse hooks (the request log) run as for any answer. Returns false, having sent
 * and set nothing, when the answer must go through `sendEncoded` instead: the client accepts an
 * encoding whose variant is not made yet, so the compression hook compresses the plain bytes
 * meanwhile.
 */
export function writeKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptAnswers,
  key: string,
  version: string,
  plain: Buffer,
  heads: KeptHeads,
): boolean {
  let head = heads.short;
  let bytes = plain;
  if (plain.byteLength >= COMPRESS_FROM) {
    const encoding = encodingFor(request);
    if (encoding === 'identity') head = heads.identity;
    else {
      const variant = keptVariant(kept, key, version, plain, encoding);
      if (variant === undefined) return false;
      head = heads[encoding];
      bytes = variant;
    }
  }
  const raw = reply.raw;
  // Filled in and handed to writeHead, which reads it at once and keeps nothing of it.
  head[head.length - 1] = String(bytes.byteLength);
  raw.writeHead(200, head);
  raw.end(bytes);
  return true;
}

/** Adds fields to the answer's Vary, keeping what is there (CORS's Origin): the `vary` package's rules. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  reply.header('Vary', vary.append(typeof current === 'string' ? current : '', field));
}

function varyOnEncoding(reply: FastifyReply): void {
  appendVary(reply, 'Accept-Encoding');
}
