import type { Subcollection } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useLanguage } from '../use-language.ts';

/** GET store/subcollections/ (`?search=`): each subcollection with its collection and products. */
export function subcollectionsQueryOptions(lang: Language, search?: string) {
  return queryOptions({
    queryKey: [lang, 'store', 'subcollections', { search: search ?? null }],
    queryFn: ({ signal }) =>
      apiRequest<Subcollection[]>(lang, 'store/subcollections/', { query: { search }, signal }),
  });
}

export function useSubcollections(search?: string, options: { enabled?: boolean } = {}) {
  const lang = useLanguage();
  return useQuery({ ...subcollectionsQueryOptions(lang, search), enabled: options.enabled ?? true });
}
