import type { FieldErrors } from '@storefront/contracts';

/** An error that becomes an HTTP answer with a JSON body the storefront understands. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: { detail: string } | FieldErrors;
  constructor(statusCode: number, body: string | FieldErrors) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = typeof body === 'string' ? { detail: body } : body;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
