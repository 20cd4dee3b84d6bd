import type { AdminPage, Subscriber, SubscriberQuery } from '@storefront/contracts/admin';
import { API_BASE, request } from '../../lib/api.ts';
import { usePageQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const newsletterApi = {
  subscribers: (query: SubscriberQuery) =>
    request<AdminPage<Subscriber>>('GET', '/newsletter', { query: { ...query } }),
  deleteSubscriber: (id: number) => request<void>('DELETE', `/newsletter/${id}`),
};

/** The newsletter list as CSV (email, language, created_at, unsubscribe_url). */
export const NEWSLETTER_EXPORT_URL = `${API_BASE}/newsletter/export`;

export function useSubscribers(query: SubscriberQuery) {
  return usePageQuery(queryKeys.newsletter.page(query), () => newsletterApi.subscribers(query));
}

export function useDeleteSubscriber() {
  return useRefreshingMutation(newsletterApi.deleteSubscriber, [queryKeys.newsletter.all]);
}
