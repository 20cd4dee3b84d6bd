import { apiConfig } from '../lib/api-client.ts';
import { DEFAULT_LANGUAGE, directionOf, supportedLanguageOf, type Language } from '../lib/languages.ts';
import { Translator, type Namespace, type Translations } from './translate.tsx';

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

/** How often a translation answered with a 5xx or lost on the way is asked again, and the first wait. */
export const RETRIES = { times: 3, firstWaitMs: 500 } as const;

/**
 * A namespace the page's state did not bring (a language switch, the fallback) from
 * `/locales/{lng}/{ns}.json`. A 4xx is final; a 5xx or a network failure is asked again up to three
 * times, waiting 0.5, 1 and 2 s, as the spec asks. Undefined when it cannot be had: its texts fall back.
 */
export async function fetchNamespace(
  language: Language,
  namespace: Namespace,
): Promise<Record<string, unknown> | undefined> {
  const url = `${apiConfig.origin}/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
  for (let attempt = 0, wait: number = RETRIES.firstWaitMs; ; attempt++, wait *= 2) {
    let retry: boolean;
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as Record<string, unknown>;
      retry = response.status >= 500;
    } catch {
      // A network failure, or an answer cut off or not JSON: asked again.
      retry = true;
    }
    if (!retry || attempt >= RETRIES.times) return undefined;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * `<html lang dir>` follow the language at once. The document title is not the translations': it is
 * the store's name from its identity (with the page's title), set by the pages (lib/use-page-title.ts)
 * and by the server's head, so a store's own name never flips to another after hydration.
 */
export function applyLanguageToDocument(language: Language) {
  const html = document.documentElement;
  html.lang = language;
  html.dir = directionOf(language);
}

export interface CreateI18nOptions {
  /**
   * The language the server rendered the page in and its translations: the app starts in it (so it
   * hydrates what the server drew) without fetching them; the other language loads when chosen.
   */
  initial?: { language: Language; translations: Record<string, Translations> };
}

/**
 * The app's translator (and each component test's), its language's and the fallback's translations
 * here: the page's state's, and what they lack fetched. The language is kept (local storage and the
 * cookie) and put on `<html>` now and at each change.
 */
export async function createI18n(options: CreateI18nOptions = {}): Promise<Translator> {
  const initial = options.initial;
  const language = initial?.language ?? detectLanguage();
  const translator = new Translator(language, initial?.translations, fetchNamespace);
  await translator.loadLanguage(language);
  const apply = (lng: Language) => {
    keepLanguage(lng);
    applyLanguageToDocument(lng);
  };
  translator.on('languageChanged', apply);
  apply(language);
  return translator;
}
