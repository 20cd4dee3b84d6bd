// Free of Zod: the storefront's bundle takes these without the schemas (package.json sideEffects).

/**
 * Machine-readable error codes. Every error body the server sends carries one, next to the
 * human-readable `detail` or field messages, so that every client (the storefront, the back office,
 * a business's own tools) picks its translated message by code and never by matching English text.
 * Codes are stable: a code may be added, never renamed or given another meaning.
 */
export const requestErrorCodes = [
  /** No such route, product, post or file. */
  'not_found',
  /** The path exists, the method does not (the answer's Allow header lists the methods that do). */
  'method_not_allowed',
  /** The body is larger than the server accepts. */
  'payload_too_large',
  /** A path segment is longer than the server accepts. */
  'uri_too_long',
  /** The body's content type (or its charset) is not one the route reads. */
  'unsupported_media_type',
  /** The body is not well-formed JSON, or a JSON body was announced and none was sent. */
  'malformed_json',
  /** The URL or the body is not valid UTF-8 / percent-encoding. */
  'invalid_encoding',
  /** Any other malformed request. */
  'bad_request',
  /** Too many requests: wait for the Retry-After header's seconds. */
  'throttled',
  /** The route needs a signed-in user and the request carries no token. */
  'not_authenticated',
  /** The token is not valid: bad signature, expired, or its user was removed or disabled. */
  'token_not_valid',
  /** Sign-in failed: unknown phone, wrong password or a disabled account (one answer for all). */
  'no_active_account',
  /** The server failed; nothing the client did. */
  'server_error',
  /** The server is shutting down or its database does not answer. */
  'service_unavailable',
  /** Back office: the signed-in staff member's role may not use this route. */
  'forbidden',
  /** Back office: a write without the session's CSRF token (or from another origin). */
  'csrf_failed',
  /** Back office sign-in: the account uses two-factor sign-in; send the code from the app. */
  'totp_required',
  /** Back office sign-in: the two-factor code (or recovery code) is wrong or used. */
  'totp_invalid',
  /** Back office: the setup or invitation link is unknown, used or expired. */
  'link_not_valid',
  /** Back office: someone else saved this entity since it was opened (the answer holds their version). */
  'edit_conflict',
  /** Back office: other entities point to this one; say what becomes of them. */
  'has_dependents',
  /** Upload: the file is larger than the server accepts. */
  'file_too_large',
  /** Upload: not a JPEG, PNG, WebP, AVIF or SVG image, or a file that is not what its type says. */
  'file_type_not_allowed',
  /** Import: the catalogue file is not valid (the body's `errors` list each problem); nothing was written. */
  'catalogue_invalid',
  /** The URL's language prefix (`/de/api/…`) names a language this store does not serve. */
  'language_not_found',
  /** The JSON body is nested deeper than the server reads (arrays and objects, 32 levels). */
  'invalid_json',
  /** One-time codes: SMS is not set up on this store, so no code can be sent (register and sign in with a password). */
  'sms_not_configured',
  /** One-time codes: a code was sent to this phone a moment ago; the body's `retry_after` says how many seconds to wait. */
  'code_cooldown',
  /** One-time codes: the code is wrong, used or expired (one answer for all). */
  'code_invalid',
  /** Sign-in: the account's phone is not proven yet; send the code that was texted to it. */
  'phone_not_verified',
  /** Back office: the channel (SMS, Bale, Telegram) is not set up, so nothing can be sent through it. */
  'channel_not_configured',
  /** Back office: the provider refused or did not answer the test message (the detail says why). */
  'channel_send_failed',
  /** Back office: the setting is fixed by an environment variable and cannot be changed here. */
  'setting_locked',
  /** Quotes: the quote's validity has ended; ask the store to issue it again. */
  'quote_expired',
  /** Quotes: a newer version of the quote was sent; only the newest can be accepted. */
  'quote_superseded',
  /** Quotes: the quote was already accepted or declined. */
  'quote_decided',
  /** Quotes: there is no draft to send (save one first), or nothing changed since the last version. */
  'quote_no_draft',
  /** Documents: server-made PDFs are not available here (no Chromium); print the page from the browser. */
  'pdf_unavailable',
  /** Documents: the PDF took too long to make; try again. */
  'pdf_timeout',
  /** Messages: the attachment is not an image (JPEG, PNG, WebP) or a PDF, judged by its bytes. */
  'attachment_invalid',
  /** Messages: the attachment is larger than 5 MB. */
  'attachment_too_large',
] as const;
export type RequestErrorCode = (typeof requestErrorCodes)[number];

export const fieldErrorCodes = [
  /** The field is missing (or null where a value is needed). */
  'required',
  /** The field is empty or only spaces. */
  'blank',
  /** The field has the wrong JSON type (a number where text is expected…). */
  'invalid_type',
  /** The text is longer than the field allows. */
  'too_long',
  /** The text is shorter than the field needs. */
  'too_short',
  /** The text holds control characters (other than tab and newline) or broken Unicode. */
  'invalid_characters',
  'email_invalid',
  /** Any Iranian phone: 11 digits starting with 0. */
  'phone_invalid',
  /** An Iranian mobile number: 11 digits starting with 09. */
  'mobile_invalid',
  /** An order request needs a phone or an email. */
  'contact_required',
  'username_taken',
  'password_too_short',
  'password_too_similar',
  'password_too_common',
  'password_entirely_numeric',
  'integer_invalid',
  'boolean_invalid',
  /** Not one of the allowed values (e.g. `ordering`). */
  'choice_invalid',
  /** A number outside the allowed range. */
  'out_of_range',
  /** Anything else wrong with one field. */
  'invalid',
  /** Back office: another staff account has this email. */
  'email_taken',
  /** Not an http(s) URL. */
  'url_invalid',
  /** The id names no entity of that kind (a collection, industry, tag… that does not exist). */
  'reference_invalid',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export const errorCodes = [...requestErrorCodes, ...fieldErrorCodes] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Reads the field codes of an error body a client received (empty when it has none). */
export function fieldCodesOf(body: unknown): Record<string, FieldErrorCode[]> {
  if (body === null || typeof body !== 'object') return {};
  const codes = (body as { codes?: unknown }).codes;
  if (codes === null || typeof codes !== 'object') return {};
  const known = new Set<string>(fieldErrorCodes);
  const out: Record<string, FieldErrorCode[]> = {};
  for (const [field, list] of Object.entries(codes as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    out[field] = list.map((c) => (typeof c === 'string' && known.has(c) ? (c as FieldErrorCode) : 'invalid'));
  }
  return out;
}

/** The `code` of a whole-request error body a client received, when it is one this version knows. */
export function requestCodeOf(body: unknown): RequestErrorCode | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && (requestErrorCodes as readonly string[]).includes(code)
    ? (code as RequestErrorCode)
    : undefined;
}
