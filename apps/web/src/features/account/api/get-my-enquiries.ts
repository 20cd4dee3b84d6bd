import type { MyEnquiry } from '@storefront/contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';

/** GET store/enquiries/ (signed in; packages/contracts quote-loop.ts myEnquiriesSchema): newest first. */
export function fetchMyEnquiries(lang: Language, signal?: AbortSignal): Promise<MyEnquiry[]> {
  return apiRequest<{ results: MyEnquiry[] }>(lang, 'store/enquiries/', { signal }).then(
    (answer) => answer.results,
  );
}

/** The user's requests as the page draws them. */
export type MyEnquiries =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'success'; data: MyEnquiry[] };

type Settled = { status: 'error'; error: unknown } | { status: 'success'; data: MyEnquiry[] };

/** What an answer was asked for: shown only while the hook still asks for the same. */
const askedFor = (lang: Language, token: string | null, attempt: number) =>
  `${lang}|${token ?? ''}|${attempt}`;

/**
 * The list, once a token is known (null: signed out or not known yet, nothing is asked), asked once
 * per language, token and retry: the page only reads, so it needs no client data library (the
 * account page's light client carries none, app/lite-island-client.tsx). An answer is shown only for
 * the language and token it was asked with, so another account's list never shows after signing in
 * again; a call that is no longer wanted is aborted.
 */
export function useMyEnquiries(lang: Language, token: string | null): MyEnquiries {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; value: Settled } | null>(null);
  const key = askedFor(lang, token, attempt);
  useEffect(() => {
    if (token === null) return;
    const asked = askedFor(lang, token, attempt);
    const controller = new AbortController();
    fetchMyEnquiries(lang, controller.signal).then(
      (data) => setSettled({ key: asked, value: { status: 'success', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: asked, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [lang, token, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (token === null || settled?.key !== key) return { status: 'pending' };
  return settled.value.status === 'error' ? { ...settled.value, retry } : settled.value;
}
