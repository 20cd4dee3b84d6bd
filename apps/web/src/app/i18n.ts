import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
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
 * Detection exactly as docs/product.md, Language: query key `lng`, cookie `i18next`, local storage `i18nextLng`,
 * session storage, browser language, html lang; the result is cached in local storage. The detector
 * drops values that are not plain language codes (`<script>…`, `" onmouseover=…`), and supportedLngs
 * narrows the rest to fa or en (fallback fa).
 */
export const DETECTION: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  // The cookie as well, so the server renders the next page in the language the visitor chose.
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
};

/** The language detection alone (docs/product.md's Language order), without an i18next instance. */
export function detectLanguage(): Language {
  // With languageUtils the detector answers every code it found, in order; like i18next, the first
  // one whose language is supported wins (`de-DE, en` → en), else the default.
  const services = { languageUtils: { getBestMatchFromCodes: () => undefined } };
  const found: unknown = new LanguageDetector(services as never, DETECTION).detect();
  const codes = Array.isArray(found) ? found.map(String) : typeof found === 'string' ? [found] : [];
  for (const code of codes) {
    const language = supportedLanguageOf(code);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

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
  /** Extra backend options (the component tests load from the real server's origin). */
  backend?: HttpBackendOptions;
  /**
   * The language the server rendered the page in and its translations: the app starts in it (so it
   * hydrates what the server drew) without fetching them; the other language loads when chosen.
   */
  initial?: { language: Language; translations: Record<string, Translations> };
}

/** A fresh, initialised i18next instance for the app (and for each component test). */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    if (instance.isInitialized || instance.hasLoadedNamespace('common', { lng }))
      applyLanguageToDocument(instance, lng);
  });
  const initial = options.initial;
  await instance.init<HttpBackendOptions>({
    ...(initial
      ? {
          lng: initial.language,
          resources: initial.translations,
          partialBundledLanguages: true,
        }
      : {}),
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    detection: DETECTION,
    interpolation: { escapeValue: false },
    returnNull: false,
    // 4xx answers are not retried; 5xx and network failures are (i18next-http-backend marks them).
    maxRetries: 3,
    retryTimeout: 500,
    backend: {
      loadPath: `${apiConfig.origin}/locales/{{lng}}/{{ns}}.json`,
      ...options.backend,
    },
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  });
  applyLanguageToDocument(instance);
  return instance;
}
