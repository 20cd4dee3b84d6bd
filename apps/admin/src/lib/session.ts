import { roleMay, type StaffRole, type StaffSession } from '@storefront/contracts/admin';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getSession } from './api.ts';

export const SESSION_KEY = ['session'] as const;

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: 60_000, retry: false });
}

/** After sign-in, setup or invitation: the new session, without asking again. */
export function storeSession(client: QueryClient, session: StaffSession | null) {
  client.setQueryData(SESSION_KEY, session);
}

export function canEditCatalogue(role: StaffRole | undefined) {
  return roleMay(role, 'editCatalogue');
}
export function isOwner(role: StaffRole | undefined) {
  return roleMay(role, 'manageStore');
}
