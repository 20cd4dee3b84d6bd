import type { Post } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/posts/{id}/ (without the token). */
export function postQueryOptions(lang: Language, id: number) {
  return queryOptions({
    queryKey: [lang, 'store', 'posts', id],
    queryFn: ({ signal }) => apiRequest<Post>(lang, `store/posts/${id}/`, { auth: false, signal }),
  });
}

export function usePost(id: number) {
  const lang = useLanguage();
  return useQuery({ ...postQueryOptions(lang, id), enabled: Number.isInteger(id) });
}
