import type { Review } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

export function reviewsQueryKey(lang: Language, productId: number) {
  return [lang, 'store', 'products', productId, 'reviews'] as const;
}

/** GET store/products/{id}/reviews/, newest first. */
export function reviewsQueryOptions(lang: Language, productId: number) {
  return queryOptions({
    queryKey: reviewsQueryKey(lang, productId),
    queryFn: async ({ signal }) => {
      const reviews = await apiRequest<Review[]>(lang, `store/products/${productId}/reviews/`, { signal });
      return [...reviews].sort(
        (a, b) => Date.parse(b.creation_date) - Date.parse(a.creation_date) || b.id - a.id,
      );
    },
  });
}

export function useReviews(productId: number) {
  const lang = useLanguage();
  return useQuery(reviewsQueryOptions(lang, productId));
}
