import type { assigneeSchema, unreadCountSchema } from '@storefront/contracts/admin';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './api.ts';
import { queryKeys } from './query-keys.ts';

export type Assignee = z.infer<typeof assigneeSchema>;
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The enquiry calls that more than the inbox needs: the navigation's unread count (the app frame)
 * and the staff an enquiry can be assigned to (the inbox's filter and an enquiry's workflow), so they
 * live here in lib/ rather than in resources/enquiries (docs/admin.md, "Data").
 */
export const salesApi = {
  unreadEnquiries: () => request<UnreadCount>('GET', '/enquiries/unread'),
  assignees: () => request<Assignee[]>('GET', '/enquiries/assignees'),
};

/** How often the unread count is asked again (and on window focus). */
export const UNREAD_INTERVAL = 20_000;

/** The navigation badge's query: the enquiries nobody has opened yet. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.enquiries.unread,
    queryFn: salesApi.unreadEnquiries,
    enabled,
    refetchInterval: UNREAD_INTERVAL,
    refetchOnWindowFocus: true,
  });
}

/**
 * Asks for the unread count again now (after opening or changing an enquiry). A request already
 * under way may have been answered before the change, so it is cancelled first.
 */
export function refreshUnread(client: QueryClient): void {
  const queryKey = queryKeys.enquiries.unread;
  void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
}

export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: queryKeys.enquiries.assignees,
    queryFn: salesApi.assignees,
    enabled,
    staleTime: 60_000,
  });
}
