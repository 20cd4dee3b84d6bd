import {
  ApiError as ContractsApiError,
  type FieldErrorCode,
  type RequestErrorCode,
} from '@storefront/contracts';
import { tokenStore } from './token-store.ts';

/**
 * Where the API lives and how it is reached. The storefront is served by the API server, so the
 * origin is empty (same origin) in the browser; the component tests point it at the real server they
 * start, and the server-side render (entry-server.tsx) answers the calls inside the server.
 */
export const apiConfig: { origin: string; fetch: typeof fetch } = {
  origin: '',
  fetch: (input, init) => fetch(input, init),
};

/**
 * An error body: `{"detail": "…", "code": "…"}` or field errors
 * `{"field": ["…"], "code": "validation_failed", "codes": {"field": ["…"]}}` (packages/contracts).
 */
export type ErrorBody = { detail?: string } & Record<string, unknown>;

/**
 * The API's error (packages/contracts api-error.ts, the back office's too) as the storefront reads it:
 * `code` is the whole request's code only, since field errors are shown at their fields, never as a
 * request's message; the message is the server's `detail` when there is one.
 */
export class ApiError extends ContractsApiError {
  declare readonly body: ErrorBody | null;
  constructor(status: number, body: ErrorBody | null, message?: string) {
    super(status, body, message ?? `HTTP ${status}`);
  }
  /** The whole request's error code (`not_found`, `throttled`, `token_not_valid`…), when known. */
  override get code(): RequestErrorCode | undefined {
    return this.requestCode;
  }
  /** Field → the codes of its errors, one per message, in order. */
  get fieldCodes(): Record<string, FieldErrorCode[]> {
    return this.fields;
  }
  /** Field errors (`{"username": ["…"]}`) as field → messages; `detail`, `code`, `codes` are no fields. */
  get fieldErrors(): Record<string, string[]> {
    return this.fieldMessages;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Send the stored token (default). About-us and news calls are sent without it (docs/product.md, Roles). */
  auth?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(lang: string, path: string, query?: RequestOptions['query']): string {
  const url = `${apiConfig.origin}/${lang}/api/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls `/{lang}/api/{path}` and answers the parsed JSON. Throws ApiError for a non-2xx answer (status
 * 0 when the network failed). A 401 answered while a token was sent clears the stored token, which
 * shows the signed-out header.
 */
export async function apiRequest<T>(lang: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? tokenStore.get() : null;
  if (token) headers.Authorization = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await apiConfig.fetch(apiUrl(lang, path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : 'network error');
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && token) tokenStore.clear();
    const errorBody =
      data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as ErrorBody) : null;
    throw new ApiError(response.status, errorBody, errorBody?.detail);
  }
  return data as T;
}

/** Paged lists answer this when `limit`/`offset` are given. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
