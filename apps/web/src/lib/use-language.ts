import { useTranslation } from '../app/translate.tsx';
import { type Language, directionOf, toLanguage } from './languages.ts';

/** The active language (fa or en); components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export function useDirection(): 'rtl' | 'ltr' {
  return directionOf(useLanguage());
}
