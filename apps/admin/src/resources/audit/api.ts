import type { AdminPage, AuditEntry, AuditQuery } from '@storefront/contracts/admin';
import { request } from '../../lib/api.ts';
import { usePageQuery } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export { useStaffMembers } from '../../lib/staff-members.ts';

export const auditApi = {
  audit: (query: AuditQuery) => request<AdminPage<AuditEntry>>('GET', '/audit', { query: { ...query } }),
};

/** One page of the audit log; the page before stays in view while the next loads. */
export const useAuditLog = (query: AuditQuery) =>
  usePageQuery(queryKeys.audit.page(query), () => auditApi.audit(query));
