import type { FieldErrorCode } from '@storefront/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

/** A field error's message in the current language, by its code (never the server's text). */
export function fieldMessage(t: TFunction, code: FieldErrorCode | string): string {
  return t(`errors.field.${code}`, { defaultValue: t('errors.field.invalid') });
}

/** A whole-request error's message in the current language, by its code. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code) return t(`errors.request.${error.code}`, { defaultValue: t('errors.generic') });
    if (error.status === 0) return t('errors.network');
    return t('errors.generic');
  }
  if (error instanceof TypeError) return t('errors.network');
  return t('errors.generic');
}

/** Field errors of a save, with the body's prefix (`entity.`) taken off their paths. */
export function fieldErrorsOf(error: unknown, prefix = ''): Record<string, FieldErrorCode[]> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, FieldErrorCode[]> = {};
  for (const [path, codes] of Object.entries(error.fields)) {
    const key = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    out[key] = codes;
  }
  return out;
}
