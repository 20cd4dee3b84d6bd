import type { AdminPage, AdminReview, ReviewQuery, Settings } from '@storefront/contracts/admin';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const reviewsApi = {
  reviews: (query: ReviewQuery) =>
    request<AdminPage<AdminReview>>('GET', '/reviews', { query: { ...query } }),
  moderateReview: (id: number, status: 'published' | 'hidden') =>
    request<AdminReview>('PATCH', `/reviews/${id}`, { body: { status } }),
  deleteReview: (id: number) => request<void>('DELETE', `/reviews/${id}`),
  /** The settings, for their moderation rule: read under the settings' own key, so both pages share it. */
  settings: () => request<Settings>('GET', '/settings'),
};

/** Whether new reviews wait for approval (the settings' `reviews`), which picks the default tab. */
export function useModerationSetting() {
  return useQuery({ queryKey: queryKeys.settings.all, queryFn: reviewsApi.settings });
}

/** One page of reviews; `enabled` waits for what the query depends on. */
export function useReviews(query: ReviewQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviews.page(query),
    queryFn: () => reviewsApi.reviews(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A review changed: its tab's lists and the dashboard's waiting count. */
function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.reviews.all });
  void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'published' | 'hidden' }) =>
      reviewsApi.moderateReview(id, status),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => reviewsApi.deleteReview(id),
    onSuccess: () => refresh(client),
  });
}
