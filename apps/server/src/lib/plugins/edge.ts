import {
  INVALID_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
  withoutForbiddenCharacters,
  type FieldProblem,
} from '@storefront/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { fieldError, requestError } from '../errors.ts';
import { API_PREFIX, languageOf, requestLanguage, servedLanguageOf } from '../language.ts';

/**
 * The edge: what every request goes through before any route reads it, in one place.
 *
 * 1. Language prefixes. Clients built on a browser locale call `/en-US/api/…`, `/fa-IR/api/…` or
 *    `/en_US/api/…` (any case): such a prefix answers as its language (`en`) when this store serves
 *    it. A prefix shaped like a language this store does not serve (`/de/api/…`, `/de-DE/api/…`) is
 *    404 `language_not_found` (the not-found handler, lib/plugins/error-handling.ts, names it with
 *    `unservedLanguagePrefix`), never another language's content. Some calls of the spec's client
 *    omit the language (`/store/likes/`): they answer in the request's language (cookie,
 *    Accept-Language, default). The URL is rewritten before routing, so these share routes, caches
 *    and links with `/en/api/…`.
 * 2. Nesting. A JSON body nested deeper than MAX_JSON_DEPTH (arrays and objects) is refused, 400
 *    `invalid_json`, by a linear scan of its text before it is parsed: no recursive walk (the
 *    prototype-poisoning check, the text check below, a schema) ever sees it, so 30,000 nested
 *    arrays cannot overflow the stack.
 * 3. Text input. A JSON body's strings (at any depth) must not hold control characters other than
 *    tab and line breaks, nor broken Unicode (lone surrogates): such a field is refused, 400
 *    `invalid_characters` with the message in the request's language. Query parameters are search
 *    terms and filters: those characters are dropped from them. (Persian/Arabic digits, ي/ك and ZWNJ
 *    are the search's own normalisation, modules/search/normalize.ts; phones are contracts' normalizePhone.)
 */

/** A call without the language segment: `/store/…`, `/auth/…`, `/api/store/…`, `/api/auth/…`. */
const BARE_API = /^\/(?:api\/)?(?=(?:store|auth)(?:[/?#]|$))/;

/**
 * Fastify's `rewriteUrl`: `/en-US/api/x` → `/en/api/x`; `/store/x` and `/api/store/x` (clients that
 * omit the language) → `/{the request's language}/api/store/x`; anything else unchanged (so a
 * prefix of a language not served reaches no route: `unservedLanguagePrefix` names it in the 404).
 */
export function languagePrefixRewriter(languages: readonly string[], fallback: string) {
  const served = new Set(languages);
  // `/fa/api/…` as it is, the storefront's every call: a prefix compare per language, no regex.
  const ownPrefixes = languages.map((lang) => `/${lang}/api`);
  const ownPrefixCount = ownPrefixes.length;
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    for (let i = 0; i < ownPrefixCount; i += 1) {
      const prefix = ownPrefixes[i]!;
      if (url.startsWith(prefix)) {
        const next = url.charCodeAt(prefix.length);
        // `/`, `?`, `#` or the end (NaN): the API_PREFIX rule; `/fa/apix` goes on below.
        if (next === 0x2f || next === 0x3f || next === 0x23 || Number.isNaN(next)) return url;
      }
    }
    const bare = BARE_API.exec(url);
    if (bare) return `/${requestLanguage(req, served, fallback)}/api/${url.slice(bare[0].length)}`;
    const match = API_PREFIX.exec(url);
    if (!match || served.has(match[1]!)) return url;
    const lang = servedLanguageOf(match[1]!, served);
    return lang === undefined ? url : `/${lang}/api${url.slice(match[0].length)}`;
  };
}

/** Where a JSON body's strings hold forbidden characters: field path (dots) → problem. */
function badStrings(
  value: unknown,
  path: string,
  message: string,
  out: Record<string, FieldProblem[]>,
): void {
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value))
      out[path || 'non_field_errors'] = [{ code: 'invalid_characters', message }];
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => badStrings(item, path ? `${path}.${index}` : String(index), message, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      badStrings(item, path ? `${path}.${key}` : key, message, out);
    }
  }
}

/** Registers the text-input check of every route (a preValidation hook, so before any schema). */
export function registerInputNormalisation(app: FastifyInstance): void {
  const { languages, defaultLanguage } = app.config;
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string') {
          if (hasForbiddenCharacters(value)) query[key] = withoutForbiddenCharacters(value);
        } else if (Array.isArray(value)) {
          query[key] = value.map((v) => (typeof v === 'string' ? withoutForbiddenCharacters(v) : v));
        }
      }
    }
    if (request.body !== undefined && request.body !== null && typeof request.body === 'object') {
      const lang = languageOf(request.url, languages, defaultLanguage);
      const message = INVALID_CHARACTERS_MESSAGE[lang] ?? INVALID_CHARACTERS_MESSAGE.en!;
      const problems: Record<string, FieldProblem[]> = {};
      badStrings(request.body, '', message, problems);
      if (Object.keys(problems).length > 0) {
        done(fieldError(problems));
        return;
      }
    }
    done();
  });
}

/** How deep a JSON body may nest (arrays and objects); the deepest form of the API needs 5. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass over its characters,
 * counting brackets outside strings (no parse, no recursion). Text that is not JSON may be counted
 * wrongly; the parser refuses it afterwards anyway.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies: UTF-8 only (a body in another charset is 415, bytes that are not UTF-8 are 400
 * `invalid_encoding`, where the default parser would turn them into U+FFFD silently), nested at
 * most MAX_JSON_DEPTH deep (else 400 `invalid_json`, before anything walks it), then parsed by
 * Fastify's own parser (prototype poisoning refused). The back office (`/admin/api`) inherits it.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(
        requestError(415, 'unsupported_media_type', 'Unsupported charset: send JSON in UTF-8.'),
        undefined,
      );
      return;
    }
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(requestError(400, 'invalid_encoding', 'The body is not valid UTF-8.'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        requestError(400, 'invalid_json', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
