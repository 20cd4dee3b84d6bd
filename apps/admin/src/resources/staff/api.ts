import type {
  CreateInviteBody,
  Staff,
  StaffRole,
  UpdateStaffBody,
  createdInviteSchema,
} from '@storefront/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export { useStaffMembers } from '../../lib/staff-members.ts';

export type CreatedInvite = z.infer<typeof createdInviteSchema>;

export const staffApi = {
  invite: (body: CreateInviteBody) => request<CreatedInvite>('POST', '/staff/invites', { body }),
  updateStaff: (id: number, body: UpdateStaffBody) => request<Staff>('PATCH', `/staff/${id}`, { body }),
};

/** Invites a new staff member (the answer holds the link to hand over); the list follows. */
export const useInviteStaff = () => useRefreshingMutation(staffApi.invite, [queryKeys.staff.all]);

/** Changes a member's role or turns them off or on: done once the list is asked again. */
export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: StaffRole; active?: boolean }) =>
      staffApi.updateStaff(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}
