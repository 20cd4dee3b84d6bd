import type { FeedSettings, UpdateFeedSettingsBody } from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The price-comparison feeds (owner): their state, where the engines call, their last requests. */
export const feedsApi = {
  get: () => request<FeedSettings>('GET', '/feeds'),
  save: (body: UpdateFeedSettingsBody) => request<FeedSettings>('PUT', '/feeds', { body }),
};

export function useFeeds() {
  return useQuery({ queryKey: queryKeys.feeds.all, queryFn: feedsApi.get });
}

/**
 * Saves one feed's part of the settings; the answer is the whole new state (Emalls' token masked), so
 * it takes the query's place and the other feed's section sees it at once.
 */
export function useSaveFeeds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: feedsApi.save,
    onSuccess: (answer) => client.setQueryData(queryKeys.feeds.all, answer),
  });
}
