export const LANGUAGES = [
  { code: 'fa', name: 'فارسی', countryCode: 'ir', dir: 'rtl' },
  { code: 'en', name: 'English', countryCode: 'gb', dir: 'ltr' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'fa';
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES.map((l) => l.code);

/** The supported language of a code ('en-US', 'EN' → en), or undefined ('xx', '', undefined). */
export function supportedLanguageOf(value: string | undefined | null): Language | undefined {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

/** Narrows any detected or stored value ('en-US', 'EN', undefined, 'xx') to a supported language. */
export function toLanguage(value: string | undefined | null): Language {
  return supportedLanguageOf(value) ?? DEFAULT_LANGUAGE;
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return toLanguage(language) === 'en' ? 'ltr' : 'rtl';
}
