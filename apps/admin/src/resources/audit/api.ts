import type { AdminPage, AuditEntry, AuditQuery } from '@storefront/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export { useStaffMembers } from '../../lib/staff-members.ts';

export const auditApi = {
  audit: (query: AuditQuery) => request<AdminPage<AuditEntry>>('GET', '/audit', { query: { ...query } }),
};

/** One page of the audit log; the page before stays in view while the next loads. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: queryKeys.audit.page(query),
    queryFn: () => auditApi.audit(query),
    placeholderData: keepPreviousData,
  });
}
