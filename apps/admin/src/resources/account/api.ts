import type {
  BotChannel,
  ChatLinkCode,
  SessionInfo,
  StaffChannels,
  UpdateStaffChannelsBody,
  recoveryCodesSchema,
  totpSetupSchema,
} from '@storefront/contracts/admin';
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
  channels: () => request<StaffChannels>('GET', '/account/channels'),
  saveChannels: (body: UpdateStaffChannelsBody) =>
    request<StaffChannels>('PUT', '/account/channels', { body }),
  chatCode: (channel: BotChannel) => request<ChatLinkCode>('POST', `/account/chats/${channel}/code`),
  unlinkChat: (channel: BotChannel) => request<void>('DELETE', `/account/chats/${channel}`),
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

// ---- where the member gets notices ----

/**
 * The member's phone, chats and per-event channels; while a chat link code is shown the page asks
 * again every `pollMs` (the bot links the chat on the server's side, nothing tells the browser).
 */
export function useStaffChannels(pollMs: number | false = false) {
  return useQuery({
    queryKey: queryKeys.account.channels,
    queryFn: accountApi.channels,
    refetchInterval: pollMs,
  });
}

/** Saves the phone or the choices; the settings page's mail choices mirror the email column. */
export function useSaveStaffChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountApi.saveChannels,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.account.channels, answer);
      void client.invalidateQueries({ queryKey: queryKeys.account.notifications });
    },
  });
}

export const useChatCode = () => useMutation({ mutationFn: accountApi.chatCode });

export function useUnlinkChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountApi.unlinkChat,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.channels }),
  });
}
