import type { AdminPage, AdminReview, ReviewQuery } from '@storefront/contracts/admin';
import { request } from '../../lib/api.ts';
import { usePageQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const reviewsApi = {
  reviews: (query: ReviewQuery) =>
    request<AdminPage<AdminReview>>('GET', '/reviews', { query: { ...query } }),
  moderateReview: ({ id, status }: { id: number; status: 'published' | 'hidden' }) =>
    request<AdminReview>('PATCH', `/reviews/${id}`, { body: { status } }),
  deleteReview: (id: number) => request<void>('DELETE', `/reviews/${id}`),
};

/** One page of reviews; `enabled` waits for what the query depends on. */
export function useReviews(query: ReviewQuery, enabled: boolean) {
  return usePageQuery(queryKeys.reviews.page(query), () => reviewsApi.reviews(query), enabled);
}

/** A review changed: its tab's lists and the dashboard's waiting count. */
const CHANGED = [queryKeys.reviews.all, queryKeys.dashboard.all];

export function useModerateReview() {
  return useRefreshingMutation(reviewsApi.moderateReview, CHANGED);
}

export function useDeleteReview() {
  return useRefreshingMutation(reviewsApi.deleteReview, CHANGED);
}
