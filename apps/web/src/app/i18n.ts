import { apiConfig } from '../lib/api-client.ts';
import { directionOf, type Language } from '../lib/languages.ts';
import { detectLanguage, keepLanguage } from './language-detection.ts';

export { DETECTION, detectLanguage, isSafeLanguageCode, keepLanguage } from './language-detection.ts';
import { Translator, type Namespace, type Translations } from './translate.tsx';

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
