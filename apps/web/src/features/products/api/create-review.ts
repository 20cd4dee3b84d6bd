import type { Review, ReviewBody } from '@storefront/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { reviewsQueryKey } from './get-reviews.ts';

/** POST store/products/{id}/reviews/ (name, email, content); the list is refetched after a success. */
export function useCreateReview(productId: number) {
  const lang = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiRequest<Review>(lang, `store/products/${productId}/reviews/`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(lang, productId) }),
  });
}
