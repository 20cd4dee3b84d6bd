import { z } from 'zod';
import { fieldErrorCodes, requestErrorCodes, type FieldErrorCode } from './error-codes.ts';

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
      // A choice field that is missing says so (fields.ts choiceField), like every other field.
      return message === REQUIRED_MESSAGE ? 'required' : 'choice_invalid';
    default:
      return 'invalid';
  }
}

/** "This field is required." — the DRF wording the storefront's clients know. */
export const REQUIRED_MESSAGE = 'This field is required.';
