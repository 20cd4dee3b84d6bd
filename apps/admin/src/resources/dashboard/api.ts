import type { Dashboard } from '@storefront/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const dashboardApi = {
  dashboard: () => request<Dashboard>('GET', '/dashboard'),
};

/** The dashboard's figures (what the role may see of them); writes elsewhere invalidate its key. */
export function useDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard.all, queryFn: dashboardApi.dashboard });
}
