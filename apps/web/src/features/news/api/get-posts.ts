import type { Post } from '@storefront/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

export type PostOrdering = 'creation_date' | '-creation_date';

/** GET store/posts/ — news calls are sent without the token (docs/product.md, Roles). Newest first by default. */
export function postsQueryOptions(lang: Language, ordering: PostOrdering = '-creation_date') {
  return queryOptions({
    queryKey: [lang, 'store', 'posts', { ordering }],
    queryFn: ({ signal }) =>
      apiRequest<Post[]>(lang, 'store/posts/', { query: { ordering }, auth: false, signal }),
  });
}

/** The posts; the previous order stays on screen while the other order loads (no skeleton flash). */
export function usePosts(ordering?: PostOrdering) {
  const lang = useLanguage();
  return useQuery({ ...postsQueryOptions(lang, ordering), placeholderData: keepPreviousData });
}
