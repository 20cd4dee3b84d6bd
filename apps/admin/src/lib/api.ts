import { ApiError, errorFromResponse } from '@storefront/contracts';
import type {
  StaffSession,
  bulkResultSchema,
  conflictSchema,
  dependentsSchema,
  savedSchema,
  uploadedSchema,
} from '@storefront/contracts/admin';
import { CSRF_HEADER } from '@storefront/contracts/admin';
import type { z } from 'zod';

/** Where the back office's API lives (same origin, cookie session). */
export const API_BASE = '/admin/api';

export type Saved = z.infer<typeof savedSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type Uploaded = z.infer<typeof uploadedSchema>;
export type ConflictBody = z.infer<typeof conflictSchema>;
export type DependentsBody = z.infer<typeof dependentsSchema>;

/** A failed request (status, code, each field's codes): the storefront's too (packages/contracts api-error.ts). */
export { ApiError, errorCodeOf, errorFromResponse, type ApiErrorCode } from '@storefront/contracts';

let csrfToken: string | null = null;
/** The session's CSRF token, sent with every write. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}
export function getCsrfToken() {
  return csrfToken;
}

type Query = Record<string, unknown>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value as string | number | boolean));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** One JSON request to the API; throws ApiError for a non-2xx answer. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(`${API_BASE}${withQuery(path, options.query)}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, text);
  if (response.status === 204 || text === '') return undefined as T;
  return JSON.parse(text) as T;
}

function rememberSession(session: StaffSession): StaffSession {
  setCsrfToken(session.csrf_token);
  return session;
}

// ---- sessions, setup, invitations -------------------------------------------------------------

/** The signed-in staff member, or null when there is none (401). */
export async function getSession(): Promise<StaffSession | null> {
  try {
    return rememberSession(await request<StaffSession>('GET', '/session'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

/** Ends this session (signing in, setup and invitations are resources/auth's). */
export const signOut = () => request<void>('DELETE', '/session');

/**
 * POSTs a multipart form to `path` with XMLHttpRequest, so that the upload's progress can be shown
 * (`onProgress` receives 0…1): the session's CSRF header on it, the server's error answer read into
 * an ApiError (its code).
 */
export function sendForm<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader(CSRF_HEADER, csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, null));
        }
      } else reject(errorFromResponse(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(form);
  });
}

/** Sends one file (multipart field `file`) to `path`, its progress reported (sendForm). */
export function sendFile<T>(
  path: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return sendForm<T>(path, form, onProgress, signal);
}

/** Uploads one image; its reference is what entities store. */
export function uploadMedia(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Uploaded> {
  return sendFile<Uploaded>('/media', file, onProgress, signal);
}

/** The URL that shows a stored image reference (`url` of an upload, or `/media/<ref>`). */
export function mediaUrl(ref: string): string {
  if (
    /^(https?:)?\/\//i.test(ref) ||
    ref.startsWith('/') ||
    ref.startsWith('data:') ||
    ref.startsWith('blob:')
  )
    return ref;
  return `/media/${ref}`;
}
