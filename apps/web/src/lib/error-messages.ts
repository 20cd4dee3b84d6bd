import {
  fieldErrorCodes,
  requestErrorCodes,
  type FieldErrorCode,
  type RequestErrorCode,
} from '@storefront/contracts';
import type { TFunction } from '../app/translate.tsx';
import { ApiError } from './api-client.ts';

/**
 * The storefront's words for the server's errors, chosen by the error's code (packages/contracts,
 * src/errors.ts), never by the server's English text. Every code has a translation in both
 * languages (`fieldErrors.<code>`, `requestErrors.<code>` in common.json; a test checks).
 */

/** Limits a message can name, per field (e.g. the review's 500 characters). */
export type FieldLimits = Partial<Record<string, number>>;

/** The translated message of one field code; `max` fills in "at most {{max}} characters". */
export function fieldMessage(code: FieldErrorCode, t: TFunction, max?: number): string {
  if (code === 'too_long' && max !== undefined) return t('fieldErrors.too_long_max', { max });
  return t(`fieldErrors.${code}` as 'fieldErrors.invalid');
}

/** The translated message of a whole-request code. */
export function requestMessage(code: RequestErrorCode, t: TFunction): string {
  return t(`requestErrors.${code}` as 'requestErrors.bad_request');
}

/**
 * A failed call's field errors, translated: field → messages. A field whose messages came without
 * codes (an older server) gets the generic "not valid" message.
 */
export function fieldMessages(
  error: ApiError,
  t: TFunction,
  limits: FieldLimits = {},
): Record<string, string[]> {
  const codes = error.fieldCodes;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const list = codes[field] ?? messages.map((): FieldErrorCode => 'invalid');
    out[field] = [...new Set(list.map((code) => fieldMessage(code, t, limits[field])))];
  }
  return out;
}

/**
 * A message for a failed call as a whole: no connection, too many requests, or the translated
 * message of its code; `fallback` when the answer had no code this version knows.
 */
export function failureMessage(error: unknown, t: TFunction, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('toast.networkError');
  if (error.code) return requestMessage(error.code, t);
  if (error.status === 429) return requestMessage('throttled', t);
  return fallback;
}

export const knownFieldCodes: readonly FieldErrorCode[] = fieldErrorCodes;
export const knownRequestCodes: readonly RequestErrorCode[] = requestErrorCodes;
