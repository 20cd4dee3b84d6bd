import type { ReviewBody, ReviewCreated } from '@storefront/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { reviewsQueryKey } from './get-reviews.ts';

/**
 * POST store/products/{id}/reviews/ (name, email, content); the list is refetched after a success.
 * A review held for the store's check answers status `held`: it is not in the list yet.
 */
export function useCreateReview(productId: number) {
  const lang = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiRequest<ReviewCreated>(lang, `store/products/${productId}/reviews/`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(lang, productId) }),
  });
}
