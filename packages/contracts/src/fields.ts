import { z } from 'zod';
import { REQUIRED_MESSAGE } from './errors.ts';
import { asciiDigits } from './locale-format.ts';

export const REQUIRED = REQUIRED_MESSAGE;

/** A string field whose absence reads "This field is required." (the DRF wording the client knows). */
export const requiredString = () =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Not a valid string.'),
  });

/**
 * A field that must be one of `values`: absent or null reads "This field is required." (code
 * `required`, as every other field), anything else `message` (code `choice_invalid`).
 */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : message),
  });

/** An optional string field: absent, null and '' all mean "not given". */
export const optionalString = () =>
  z
    .string({ error: 'Not a valid string.' })
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : value.trim()));

/**
 * The one email rule (the API's fields, staff accounts, the catalogue's store and reviews): a local
 * part, @, a domain with a dot and a top-level part of two or more characters, none of them holding
 * spaces or the characters that make an address need quoting (`<>()[]\,;:"`). No more than that:
 * whether the address exists is for the mail server to say.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
/** At most 254 characters (RFC 5321's longest path, less its angle brackets). */
export const EMAIL_MAX = 254;
export const EMAIL_MESSAGE = 'Enter a valid email address.';
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** An Iranian mobile number: 11 digits starting 09; Persian/Arabic digits, spaces, dashes and +98 accepted. */
export const MOBILE_MESSAGE = 'Enter a valid mobile number: 11 digits starting with 09.';
export function normalizePhone(value: string): string {
  let digits = asciiDigits(value).replace(/[\s\-().\u200c\u200f\u200e]/g, '');
  if (digits.startsWith('+98')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0098')) digits = `0${digits.slice(4)}`;
  return digits;
}
export function isMobile(value: string): boolean {
  return /^09\d{9}$/.test(value);
}
/** Any Iranian phone number (mobile or landline with area code): 11 digits starting with 0. */
export const PHONE_MESSAGE =
  'Enter a valid phone number: 11 digits starting with 0 (for example 09121234567).';
export function isPhone(value: string): boolean {
  return /^0\d{10}$/.test(value);
}

/**
 * Characters no text field accepts: the C0 control characters other than tab, line feed and carriage
 * return (a textarea's line breaks), and DEL. NUL in particular: PostgreSQL cannot store it, and
 * SQLite's full-text syntax stops at it.
 */
// eslint-disable-next-line no-control-regex -- these are the characters it finds
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, all of them
const FORBIDDEN_CONTROLS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** true when a text holds a forbidden control character or a lone UTF-16 surrogate (broken Unicode). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CONTROLS.test(value) || LONE_SURROGATE.test(value);
}

/** The text without forbidden control characters and lone surrogates (for search terms and filters). */
export function withoutForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_CONTROLS_ALL, '').replace(LONE_SURROGATES, '');
}

/** The message of `invalid_characters`, in the request's language (English for any other). */
export const INVALID_CHARACTERS_MESSAGE: Record<string, string> = {
  en: 'This field contains characters that are not allowed (control characters or broken Unicode).',
  fa: 'این فیلد نویسه‌های غیرمجاز دارد (نویسه‌های کنترلی یا یونیکد نادرست).',
};
