import type { Staff } from '@storefront/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { request } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The staff (owner only): the staff page manages them, the audit log filters by them. */
export const fetchStaffMembers = () => request<Staff[]>('GET', '/staff');

export function useStaffMembers() {
  return useQuery({ queryKey: queryKeys.staff.all, queryFn: fetchStaffMembers });
}
