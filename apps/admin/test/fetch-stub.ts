import { vi } from 'vitest';
import { json } from './api-answers.ts';

/** One request the app made: method, path under the API, query and JSON body. */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * `fetch` stubbed: `answer` answers each request (undefined: not found, as the server says it), and
 * every request is recorded in the returned list.
 */
export function stubFetch(answer: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname.replace('/admin/api', ''),
        query: Object.fromEntries(url.searchParams),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return calls;
}
