import {
  fieldErrorsBody,
  type ErrorDetail,
  type FieldErrors,
  type FieldProblem,
  type RequestErrorCode,
} from '@storefront/contracts';

/**
 * An error that becomes an HTTP answer with a JSON body the storefront understands: a whole-request
 * error `{"detail", "code"}` or field errors `{"field": ["message"], "code", "codes"}`. The codes are
 * packages/contracts' (src/errors.ts).
 */
/** A whole-request error with more for the client to act on (the conflict's current entity…). */
export type DetailedError = ErrorDetail & Record<string, unknown>;

export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorDetail | FieldErrors;
  constructor(statusCode: number, body: DetailedError | FieldErrors) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** A whole-request error with fields of its own beside detail and code (documented in its route's schema). */
export const detailedError = (
  statusCode: number,
  code: RequestErrorCode,
  detail: string,
  more: Record<string, unknown>,
) => new HttpError(statusCode, { ...more, detail, code });

/** A whole-request error: `{"detail": detail, "code": code}`. */
export const requestError = (statusCode: number, code: RequestErrorCode, detail: string) =>
  new HttpError(statusCode, { detail, code });

/** 400 with field errors, e.g. `fieldError({ password: [{ code: 'password_too_short', message }] })`. */
export const fieldError = (fields: Record<string, FieldProblem[]>) =>
  new HttpError(400, fieldErrorsBody(fields));

export const notFound = (detail = 'Not found.') => requestError(404, 'not_found', detail);
