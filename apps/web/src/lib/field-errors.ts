import type { TFunction } from 'i18next';

/**
 * Turns a server field message (English, DRF wording) into a translated one. Known messages map to
 * keys; an unknown one is shown as the server wrote it in English and as a generic message in Persian.
 */
const KNOWN: [RegExp, string][] = [
  [/already exists/i, 'fieldErrors.userExists'],
  [/field is required/i, 'fieldErrors.required'],
  [/may not be blank/i, 'fieldErrors.blank'],
  [/valid email/i, 'fieldErrors.invalidEmail'],
  [/mobile number|starting with 09/i, 'fieldErrors.invalidMobile'],
  [/too short/i, 'fieldErrors.passwordTooShort'],
  [/too common/i, 'fieldErrors.passwordTooCommon'],
  [/entirely numeric|only digits/i, 'fieldErrors.passwordNumeric'],
  [/too similar/i, 'fieldErrors.passwordSimilar'],
  [/no more than/i, 'fieldErrors.passwordTooLong'],
];

export function translateFieldError(message: string, t: TFunction, lang: string): string {
  for (const [pattern, key] of KNOWN) {
    if (pattern.test(message)) return t(key as 'fieldErrors.invalid');
  }
  return lang === 'en' ? message : t('fieldErrors.invalid');
}
