import type { AdminPage, Subscriber, SubscriberQuery } from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const newsletterApi = {
  subscribers: (query: SubscriberQuery) =>
    request<AdminPage<Subscriber>>('GET', '/newsletter', { query: { ...query } }),
  deleteSubscriber: (id: number) => request<void>('DELETE', `/newsletter/${id}`),
};

/** The newsletter list as CSV (email, language, created_at, unsubscribe_url). */
export const NEWSLETTER_EXPORT_URL = `${API_BASE}/newsletter/export`;

/** One page of the subscribers; the previous page stays shown while the next one loads. */
export function useSubscribers(query: SubscriberQuery) {
  return useQuery({
    queryKey: queryKeys.newsletter.page(query),
    queryFn: () => newsletterApi.subscribers(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => newsletterApi.deleteSubscriber(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.newsletter.all }),
  });
}
