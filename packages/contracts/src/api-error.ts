// Free of Zod, like error-codes.ts: the storefront's bundle takes it without the schemas.
import { fieldCodesOf, requestCodeOf, type FieldErrorCode, type RequestErrorCode } from './error-codes.ts';

/** `validation_failed` (field errors) or a whole-request code this version knows. */
export type ApiErrorCode = RequestErrorCode | 'validation_failed';

/** The code of an error body: `validation_failed` or a known request code (else undefined). */
export function errorCodeOf(body: unknown): ApiErrorCode | undefined {
  if (body !== null && typeof body === 'object' && (body as { code?: unknown }).code === 'validation_failed')
    return 'validation_failed';
  return requestCodeOf(body);
}

/**
 * A failed call of the server's API (the storefront's and the back office's): its HTTP status (0 when
 * the network failed), its error body (docs/server.md, "Errors"), and what a client reads from it by
 * code, never by the server's English text.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed body (null when there was none or it was not JSON): the conflict's `current`… */
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const code = errorCodeOf(body);
    super(message ?? `HTTP ${status}${code ? ` (${code})` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The body's code: `validation_failed` for field errors, else the whole request's; undefined when unknown. */
  get code(): ApiErrorCode | undefined {
    return errorCodeOf(this.body);
  }

  /** The whole request's code (`not_found`, `throttled`…); none for field errors or an unknown code. */
  get requestCode(): RequestErrorCode | undefined {
    return requestCodeOf(this.body);
  }

  /** Field path (dots, e.g. `entity.title.fa`) → its codes, one per message; an unknown code is `invalid`. */
  get fields(): Record<string, FieldErrorCode[]> {
    return fieldCodesOf(this.body);
  }

  /** Field → the server's messages (`{"username": ["…"]}`); `detail`, `code` and `codes` are no fields. */
  get fieldMessages(): Record<string, string[]> {
    const fields: Record<string, string[]> = {};
    if (this.body === null || typeof this.body !== 'object') return fields;
    for (const [key, value] of Object.entries(this.body)) {
      if (key === 'detail' || key === 'code' || key === 'codes') continue;
      if (Array.isArray(value)) fields[key] = value.map(String);
      else if (typeof value === 'string') fields[key] = [value];
    }
    return fields;
  }
}

/** The ApiError of a failed answer's status and text (a body that is not JSON carries no code). */
export function errorFromResponse(status: number, text: string): ApiError {
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (a proxy's page): no code
    }
  }
  return new ApiError(status, body);
}
