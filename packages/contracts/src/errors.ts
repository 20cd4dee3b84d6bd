import { z } from 'zod';

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
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export const errorCodes = [...requestErrorCodes, ...fieldErrorCodes] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const requestErrorCodeSchema = z.enum(requestErrorCodes);
export const fieldErrorCodeSchema = z.enum(fieldErrorCodes);

/** The `code` of a body of field errors. */
export const VALIDATION_FAILED = 'validation_failed';

/**
 * Error body for a whole request: `{"detail": "…", "code": "not_found"}` (the DRF shape the
 * storefront's clients read, with its code).
 */
export const errorDetailSchema = z.object({ detail: z.string(), code: requestErrorCodeSchema });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/**
 * Error body for invalid fields, in the DRF shape `{"field": ["message", …]}`, plus the body's
 * `code` ("validation_failed") and `codes`: the same fields with one code per message, in the same
 * order, e.g.
 * `{"phone": ["Enter a valid phone…"], "code": "validation_failed", "codes": {"phone": ["phone_invalid"]}}`.
 * A field of a nested object is named by its path with dots (`items.0.name`); an error of the body
 * as a whole is under `non_field_errors`.
 */
export const fieldErrorsSchema = z
  .object({
    code: z.literal(VALIDATION_FAILED),
    codes: z.record(z.string(), z.array(fieldErrorCodeSchema)),
  })
  .catchall(z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** One invalid field: its message (as shown to a person) and its code (for a program). */
export interface FieldProblem {
  message: string;
  code: FieldErrorCode;
}

/** Builds a field-error body from field → problems (in the order they were found). */
export function fieldErrorsBody(fields: Record<string, FieldProblem[]>): FieldErrors {
  const body: Record<string, unknown> = {};
  const codes: Record<string, FieldErrorCode[]> = {};
  for (const [field, problems] of Object.entries(fields)) {
    if (problems.length === 0) continue;
    body[field] = problems.map((p) => p.message);
    codes[field] = problems.map((p) => p.code);
  }
  return { ...body, code: VALIDATION_FAILED, codes } as FieldErrors;
}

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

/** A custom Zod issue's parameters carrying its code: `.refine(f, coded('phone_invalid', MESSAGE))`. */
export function coded(code: FieldErrorCode, message: string) {
  return { message, params: { code } };
}

/**
 * The code of one Zod issue (as fastify-type-provider-zod hands it over: `keyword` is Zod's issue
 * code, `params` the rest of the issue). Custom checks name their code (see `coded`); Zod's own
 * checks map by kind.
 */
export function codeOfIssue(
  keyword: string,
  params: Record<string, unknown>,
  message: string,
): FieldErrorCode {
  const own = (params.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'string' && (fieldErrorCodes as readonly string[]).includes(own)) {
    return own as FieldErrorCode;
  }
  switch (keyword) {
    case 'invalid_type':
      return message === REQUIRED_MESSAGE ? 'required' : 'invalid_type';
    case 'too_big':
      return params.origin === 'string' || params.origin === 'array' ? 'too_long' : 'out_of_range';
    case 'too_small':
      if (params.origin === 'string') return params.minimum === 1 ? 'blank' : 'too_short';
      return 'out_of_range';
    case 'invalid_value':
      return 'choice_invalid';
    default:
      return 'invalid';
  }
}

/** "This field is required." — the DRF wording the storefront's clients know. */
export const REQUIRED_MESSAGE = 'This field is required.';
