import type { IncomingMessage } from 'node:http';

/**
 * Language tags as requests carry them: an API URL's prefix (`/en-US/api/…`), the `i18next` cookie,
 * Accept-Language. Pure functions; lib/plugins/edge.ts rewrites URLs with them, the error handler
 * names an unserved prefix, and the storefront's pages pick their language with them.
 */

/** An API URL's first segment: `/{prefix}/api…`. */
export const API_PREFIX = /^\/([^/?#]+)\/api(?=[/?#]|$)/;
/** A language tag (`en`, `fa-IR`, `en_us`): its primary language is the first group. */
const LANGUAGE_TAG = /^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$/;

/**
 * The language of a call that names none: the `i18next` cookie (the storefront's stored choice),
 * then the browser's Accept-Language (in order of preference), then the default.
 */
export function requestLanguage(req: IncomingMessage, served: ReadonlySet<string>, fallback: string): string {
  const primary = (tag: string) => LANGUAGE_TAG.exec(tag.trim())?.[1]?.toLowerCase();
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  const fromCookie = cookie === undefined ? undefined : primary(decodeURIComponentSafe(cookie));
  if (fromCookie !== undefined && served.has(fromCookie)) return fromCookie;
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.join(';'))?.[1] ?? 1);
      return { lang: primary(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((a) => a.lang !== undefined && a.q > 0 && served.has(a.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return accepted[0]?.lang ?? fallback;
}

/** decodeURIComponent, or the value as it is when it is not valid percent-encoding. */
export function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The language a value shaped like a language tag names (`EN`, `en-US`, `fa_IR` → en / fa), or undefined. */
export function languageOfTag(value: string): string | undefined {
  return LANGUAGE_TAG.exec(value)?.[1]?.toLowerCase();
}

/**
 * The served language a prefix names (`en`, `EN`, `en-US`, `en_gb`, `fa-IR` → en / fa), or undefined
 * when it is not shaped like a language tag or names a language this store does not serve.
 */
export function servedLanguageOf(prefix: string, served: ReadonlySet<string>): string | undefined {
  const primary = languageOfTag(prefix);
  return primary !== undefined && served.has(primary) ? primary : undefined;
}

/**
 * The prefix of an API URL that is shaped like a language (`de`, `xx-YY`, `DE_de`) but names none
 * this store serves, or undefined. Such a URL reached no route; its 404 says why.
 */
export function unservedLanguagePrefix(url: string, languages: readonly string[]): string | undefined {
  const prefix = API_PREFIX.exec(url)?.[1];
  if (prefix === undefined || !LANGUAGE_TAG.test(prefix)) return undefined;
  return servedLanguageOf(prefix, new Set(languages)) === undefined ? prefix : undefined;
}

/** The served language a URL names (`/en/api/…` → en), or the default. */
export function languageOf(url: string, languages: readonly string[], fallback: string): string {
  const first = /^\/([^/?#]+)/.exec(url)?.[1];
  return first !== undefined && languages.includes(first) ? first : fallback;
}
