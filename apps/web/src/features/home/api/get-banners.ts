import type { Banner } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/image-banners/ */
export function bannersQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: [lang, 'store', 'image-banners'],
    queryFn: ({ signal }) => apiRequest<Banner[]>(lang, 'store/image-banners/', { signal }),
  });
}

export function useBanners() {
  const lang = useLanguage();
  return useQuery(bannersQueryOptions(lang));
}
