import type { AboutUs } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/about-us/ (without the token): the page shows the first item's content. */
export function aboutUsQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: [lang, 'store', 'about-us'],
    queryFn: ({ signal }) => apiRequest<AboutUs[]>(lang, 'store/about-us/', { auth: false, signal }),
  });
}

export function useAboutUs() {
  const lang = useLanguage();
  return useQuery(aboutUsQueryOptions(lang));
}
