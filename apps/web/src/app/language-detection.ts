/**
 * The visitor's language as the spec detects it, and where a choice is kept: its own module, with
 * no React and no translations, so the islands' loader (src/islands.ts) decides with it before any
 * of the app's code is fetched. app/i18n.ts re-exports it.
 */
import { DEFAULT_LANGUAGE, supportedLanguageOf, type Language } from '../lib/languages.ts';

/**
 * Where the language is looked for and kept (docs/product.md, Language). The detection is written
 * here and the translations are fetched by the few lines of `fetchNamespace` (app/translate.tsx does
 * the rest): a server-rendered page brings its translations in its state block. The cookie's and the
 * storage key's names are i18next's, which the storefront used before: visitors' choices, and the
 * server reading the cookie (apps/server/src/lib/language.ts), carry on.
 */
export const DETECTION = {
  queryKey: 'lng',
  cookie: 'i18next',
  storageKey: 'i18nextLng',
  // The cookie lets the server render the next page in the language the visitor chose.
  cookieDays: 365,
} as const;

/** A plain language code (i18next's rule): `<script>…` or `" onmouseover=…` is not one. */
export function isSafeLanguageCode(code: string): boolean {
  return (
    /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
    !code.includes('..') &&
    !['__proto__', 'constructor', 'prototype'].includes(code)
  );
}

function fromStorage(storage: () => Storage): string | null {
  try {
    return storage().getItem(DETECTION.storageKey);
  } catch {
    // Storage blocked (privacy settings, sandboxed frames): this source says nothing.
    return null;
  }
}

function fromCookie(): string | null {
  const prefix = `${DETECTION.cookie}=`;
  const found = document.cookie
    .split(';')
    .map((part) => part.trimStart())
    .find((part) => part.startsWith(prefix));
  if (found === undefined) return null;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * The language detection (docs/product.md's Language order): the query key `lng`, the cookie
 * `i18next`, local storage `i18nextLng`, session storage, the browser's languages, `<html lang>`.
 * A value that is not a plain language code (`<script>…`, `" onmouseover=…`) is dropped, and the
 * first code whose language is supported wins (`de-DE, en` → en), else the default.
 */
export function detectLanguage(): Language {
  const query = new URLSearchParams(window.location.search).getAll(DETECTION.queryKey).at(-1);
  const codes = [
    query,
    fromCookie(),
    fromStorage(() => window.localStorage),
    fromStorage(() => window.sessionStorage),
    ...(navigator.languages ?? []),
    navigator.language,
    document.documentElement.getAttribute('lang'),
  ];
  for (const code of codes) {
    if (!code || !isSafeLanguageCode(code)) continue;
    const language = supportedLanguageOf(code);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The chosen language is kept in local storage and in the cookie (a year, the whole site). */
export function keepLanguage(language: Language) {
  try {
    window.localStorage.setItem(DETECTION.storageKey, language);
  } catch {
    // Storage blocked: the cookie still carries the choice.
  }
  const expires = new Date(Date.now() + DETECTION.cookieDays * 24 * 60 * 60 * 1000).toUTCString();
  document.cookie = `${DETECTION.cookie}=${language}; Expires=${expires}; Path=/; SameSite=Lax`;
}
