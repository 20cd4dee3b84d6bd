import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { apiConfig } from '../lib/api-client.ts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, directionOf, toLanguage } from '../lib/languages.ts';

export const NAMESPACES = ['common', 'pages', 'product', 'news'] as const;

/**
 * Detection exactly as spec section 1: query key `lng`, cookie `i18next`, local storage `i18nextLng`,
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
  caches: ['localStorage'],
};

/** `<html lang dir>` and the document title follow the language at once. */
export function applyLanguageToDocument(
  instance: I18n,
  lng: string = instance.resolvedLanguage ?? DEFAULT_LANGUAGE,
) {
  const lang = toLanguage(lng);
  const html = document.documentElement;
  html.lang = lang;
  html.dir = directionOf(lang);
  document.title = instance.t('siteTitle', { lng: lang, ns: 'common' });
}

export interface CreateI18nOptions {
  /** Extra backend options (the component tests load from the real server's origin). */
  backend?: HttpBackendOptions;
}

/** A fresh, initialised i18next instance for the app (and for each component test). */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    if (instance.isInitialized || instance.hasLoadedNamespace('common', { lng }))
      applyLanguageToDocument(instance, lng);
  });
  await instance.init<HttpBackendOptions>({
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
