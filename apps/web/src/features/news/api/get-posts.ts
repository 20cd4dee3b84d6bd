import type { Post } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/posts/ — news calls are sent without the token (spec section 6). */
export function postsQueryOptions(
  lang: Language,
  ordering: 'creation_date' | '-creation_date' = '-creation_date',
) {
  return queryOptions({
    queryKey: [lang, 'store', 'posts', { ordering }],
    queryFn: ({ signal }) =>
      apiRequest<Post[]>(lang, 'store/posts/', { query: { ordering }, auth: false, signal }),
  });
}

export function usePosts(ordering?: 'creation_date' | '-creation_date') {
  const lang = useLanguage();
  return useQuery(postsQueryOptions(lang, ordering));
}
