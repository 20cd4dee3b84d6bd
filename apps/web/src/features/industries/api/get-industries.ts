import type { Industry } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/industries/?search={name}: the page uses the first result's industry_products. */
export function industriesQueryOptions(lang: Language, search?: string) {
  return queryOptions({
    queryKey: [lang, 'store', 'industries', { search: search ?? null }],
    queryFn: ({ signal }) => apiRequest<Industry[]>(lang, 'store/industries/', { query: { search }, signal }),
  });
}

export function useIndustries(search?: string) {
  const lang = useLanguage();
  return useQuery(industriesQueryOptions(lang, search));
}
