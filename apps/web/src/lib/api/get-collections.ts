import type { Collection } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useLanguage } from '../use-language.ts';

export interface CollectionsParams {
  /** The footer's category list (`?footer=yes`). */
  footer?: boolean;
}

/** GET store/collections/ — the language is part of the key, so a language change refetches. */
export function collectionsQueryOptions(lang: Language, params: CollectionsParams = {}) {
  return queryOptions({
    queryKey: [lang, 'store', 'collections', { footer: params.footer ?? false }],
    queryFn: ({ signal }) =>
      apiRequest<Collection[]>(lang, 'store/collections/', {
        query: { footer: params.footer ? 'yes' : undefined },
        signal,
      }),
  });
}

export function useCollections(params: CollectionsParams = {}, options: { enabled?: boolean } = {}) {
  const lang = useLanguage();
  return useQuery({ ...collectionsQueryOptions(lang, params), enabled: options.enabled ?? true });
}
