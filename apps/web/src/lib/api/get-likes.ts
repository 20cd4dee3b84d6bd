import type { Like } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useToken } from '../use-auth.ts';
import { useLanguage } from '../use-language.ts';

/** The liked list belongs to a token: another token (or none) is another list. */
export function likesQueryKey(lang: Language, token: string | null) {
  return [lang, 'store', 'likes', token ?? ''] as const;
}

/** GET store/likes/: the signed-in user's liked product ids (a visitor has none: no call). */
export function likesQueryOptions(lang: Language, token: string | null) {
  return queryOptions({
    queryKey: likesQueryKey(lang, token),
    queryFn: async ({ signal }) => {
      const likes = await apiRequest<Like[]>(lang, 'store/likes/', { signal });
      return likes.map((like) => like.product);
    },
    enabled: token !== null && token.startsWith('Bearer'),
  });
}

export function useLikedIds() {
  const lang = useLanguage();
  const token = useToken();
  return useQuery(likesQueryOptions(lang, token));
}
