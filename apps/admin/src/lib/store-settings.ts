import type { Settings } from '@storefront/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { request } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The store's settings (review moderation, the mail set-up): the settings page changes them, the reviews page reads them. */
export const fetchStoreSettings = () => request<Settings>('GET', '/settings');

export function useStoreSettings() {
  return useQuery({ queryKey: queryKeys.settings.all, queryFn: fetchStoreSettings });
}
