import type { MyEnquiry } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/**
 * GET store/enquiries/ (signed in; packages/contracts quote-loop.ts myEnquiriesSchema): the user's
 * requests, newest first. The token is part of the key, so another account's list is never shown
 * from the cache after signing in again.
 */
export function myEnquiriesQueryOptions(lang: Language, token: string) {
  return queryOptions({
    queryKey: [lang, 'store', 'enquiries', token],
    queryFn: ({ signal }) =>
      apiRequest<{ results: MyEnquiry[] }>(lang, 'store/enquiries/', { signal }).then(
        (answer) => answer.results,
      ),
  });
}

/** The list, once a token is known (null: signed out or not known yet, nothing is asked). */
export function useMyEnquiries(token: string | null) {
  const lang = useLanguage();
  return useQuery({ ...myEnquiriesQueryOptions(lang, token ?? ''), enabled: token !== null });
}
