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
  const fromCookie = cookieLanguage(req.headers.cookie, served);
  if (fromCookie !== undefined) return fromCookie;
  const header = req.headers['accept-language'];
  if (header === undefined || header === '') return fallback;
  for (const lang of preferredLanguages(header)) if (served.has(lang)) return lang;
  return fallback;
}

/** The language the `i18next` cookie holds, when it holds a served one. */
export function cookieLanguage(cookies: string | undefined, served: ReadonlySet<string>): string | undefined {
  if (cookies === undefined || !cookies.includes('i18next=')) return undefined;
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(cookies)?.[1];
  const fromCookie = cookie === undefined ? undefined : primaryLanguage(decodeURIComponentSafe(cookie));
  return fromCookie !== undefined && served.has(fromCookie) ? fromCookie : undefined;
}

/** How long the language cookie is kept: a year, as the storefront keeps it (apps/web app/i18n.ts). */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The `Set-Cookie` that keeps a language chosen by a page's `?lng=` (the language menu's links), the
 * same cookie the storefront writes once its scripts run: so the next page is in that language even
 * when the visitor moved on before the scripts ran, or has them blocked.
 */
export function languageCookie(lang: string, secure: boolean): string {
  return `i18next=${lang}; Max-Age=${LANGUAGE_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const primaryLanguage = (tag: string) => LANGUAGE_TAG.exec(tag.trim())?.[1]?.toLowerCase();

/** How many Accept-Language values are kept read: browsers send a handful, so nearly every request hits. */
const PREFERENCES_KEPT = 256;
/** Longer values (no browser sends them) are read each time, so the kept ones stay a few KB. */
const PREFERENCE_LENGTH_KEPT = 200;
const preferences = new Map<string, readonly string[]>();

/**
 * The primary languages an Accept-Language value asks for, most wanted first (q=0 left out, ties
 * in the header's order). Read once per distinct value and kept (at most PREFERENCES_KEPT, all
 * dropped when full: a client sending a new value each time costs what it cost before, no more).
 */
export function preferredLanguages(header: string): readonly string[] {
  let langs = preferences.get(header);
  if (langs === undefined) {
    langs = header
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.split(';');
        const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.join(';'))?.[1] ?? 1);
        return { lang: primaryLanguage(tag), q: Number.isFinite(q) ? q : 0, index };
      })
      .filter((a): a is { lang: string; q: number; index: number } => a.lang !== undefined && a.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index)
      .map((a) => a.lang);
    if (header.length <= PREFERENCE_LENGTH_KEPT) {
      if (preferences.size >= PREFERENCES_KEPT) preferences.clear();
      preferences.set(header, langs);
    }
  }
  return langs;
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
