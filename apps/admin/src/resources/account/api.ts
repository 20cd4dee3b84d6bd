import type { SessionInfo, recoveryCodesSchema, totpSetupSchema } from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { request, setCsrfToken } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type TotpSetup = z.infer<typeof totpSetupSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const accountApi = {
  sessions: () => request<SessionInfo[]>('GET', '/sessions'),
  revokeSession: (id: string) => request<void>('DELETE', `/sessions/${encodeURIComponent(id)}`),
  signOutEverywhere: () => request<void>('DELETE', '/sessions'),
  totpSetup: () => request<TotpSetup>('POST', '/totp/setup'),
  totpEnable: (code: string) => request<RecoveryCodes>('POST', '/totp/enable', { body: { code } }),
  totpDisable: (password: string) => request<void>('POST', '/totp/disable', { body: { password } }),
};

/** The staff member's signed-in sessions (devices). */
export function useSessions() {
  return useQuery({ queryKey: queryKeys.account.sessions, queryFn: accountApi.sessions });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountApi.revokeSession,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

/** Ends every session, this one too: nothing cached stays, and the sign-in page follows. */
export function useSignOutEverywhere() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: accountApi.signOutEverywhere,
    onSuccess: async () => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(queryKeys.session, null);
      await navigate('/sign-in', { replace: true });
    },
  });
}

/** A two-factor change: the session's staff (its `totp_enabled`) is asked again after it. */
function useTotpMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export const useTotpSetup = () => useMutation({ mutationFn: accountApi.totpSetup });
export const useTotpEnable = () => useTotpMutation(accountApi.totpEnable);
export const useTotpDisable = () => useTotpMutation(accountApi.totpDisable);
