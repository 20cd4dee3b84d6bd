import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fa from '../locales/fa.json';

export type Language = 'fa' | 'en';
export const LANGUAGES: readonly Language[] = ['fa', 'en'];
/** Where the chosen language is kept. */
export const LANGUAGE_KEY = 'adminLng';

export function toLanguage(value: string | null | undefined): Language {
  return value === 'en' || value?.startsWith('en-') ? 'en' : 'fa';
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'fa' ? 'rtl' : 'ltr';
}

export function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return 'fa';
  }
}

function applyToDocument(instance: I18n, language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.title = instance.t('appTitle', { lng: language });
}

/** An initialised i18next instance with both languages bundled (no fetching): ready synchronously. */
export function createI18n(language: Language = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng: language,
    fallbackLng: 'fa',
    supportedLngs: [...LANGUAGES],
    resources: { fa: { translation: fa }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => applyToDocument(instance, toLanguage(lng)));
  applyToDocument(instance, language);
  return instance;
}

/** Switches the language and remembers the choice. */
export function setLanguage(instance: I18n, language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode: the choice lasts until the page is closed
  }
  void instance.changeLanguage(language);
}
