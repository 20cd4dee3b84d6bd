import i18next, { isSafeLanguageCode, type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiConfig } from '../lib/api-client.ts';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  directionOf,
  supportedLanguageOf,
  toLanguage,
  type Language,
} from '../lib/languages.ts';

export const NAMESPACES = ['common', 'pages', 'product', 'news'] as const;

/**
 * Where the language is looked for and kept (docs/product.md, Language). The detection is written
 * here, not taken from i18next-browser-languagedetector, and the translations are fetched by the few
 * lines of `localesBackend`, not i18next-http-backend: a server-rendered page brings its translations
 * in its state block, so neither plugin earns its place in the first load.
 */
export const DETECTION = {
  queryKey: 'lng',
  cookie: 'i18next',
  storageKey: 'i18nextLng',
  // The cookie lets the server render the next page in the language the visitor chose.
  cookieDays: 365,
} as const;

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

/**
 * A namespace the page's state did not bring (a language switch, the fallback) from
 * `/locales/{lng}/{ns}.json`. A 4xx is final; a 5xx or a network failure is retried by i18next
 * (maxRetries, retryTimeout), as the spec asks.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const url = `${apiConfig.origin}/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
          return;
        }
        try {
          callback(null, (await response.json()) as Record<string, unknown>);
        } catch {
          callback(`failed parsing ${url} as JSON`, false);
        }
      },
      () => callback(`failed loading ${url}`, true),
    );
  },
};

/** The translations of one language, namespace by namespace (what the server put into the page). */
export type Translations = Record<string, Record<string, unknown>>;

/**
 * `<html lang dir>` follow the language at once. The document title is not the translations': it is
 * the store's name from its identity (with the page's title), set by the pages (lib/use-page-title.ts)
 * and by the server's head, so a store's own name never flips to another after hydration.
 */
export function applyLanguageToDocument(
  instance: I18n,
  lng: string = instance.resolvedLanguage ?? DEFAULT_LANGUAGE,
) {
  const lang = toLanguage(lng);
  const html = document.documentElement;
  html.lang = lang;
  html.dir = directionOf(lang);
}

export interface CreateI18nOptions {
  /**
   * The language the server rendered the page in and its translations: the app starts in it (so it
   * hydrates what the server drew) without fetching them; the other language loads when chosen.
   */
  initial?: { language: Language; translations: Record<string, Translations> };
}

/** A fresh, initialised i18next instance for the app (and for each component test). */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(localesBackend).use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    keepLanguage(toLanguage(lng));
    if (instance.isInitialized || instance.hasLoadedNamespace('common', { lng }))
      applyLanguageToDocument(instance, lng);
  });
  const initial = options.initial;
  await instance.init({
    ...(initial
      ? { lng: initial.language, resources: initial.translations, partialBundledLanguages: true }
      : { lng: detectLanguage() }),
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // 4xx answers are not retried; 5xx and network failures are (localesBackend marks them).
    maxRetries: 3,
    retryTimeout: 500,
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  });
  applyLanguageToDocument(instance);
  return instance;
}
