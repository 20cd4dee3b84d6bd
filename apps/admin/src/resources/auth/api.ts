import type {
  AcceptInviteBody,
  Invite,
  SetupBody,
  SetupStatus,
  SignInBody,
  StaffSession,
} from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request, setCsrfToken } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { storeSession } from '../../lib/session.ts';

/** A new session's CSRF token goes with every write from now on. */
async function started(answer: Promise<StaffSession>): Promise<StaffSession> {
  const session = await answer;
  setCsrfToken(session.csrf_token);
  return session;
}

export const authApi = {
  signIn: (body: SignInBody) => started(request<StaffSession>('POST', '/session', { body })),
  setupStatus: () => request<SetupStatus>('GET', '/setup'),
  setup: (body: SetupBody) => started(request<StaffSession>('POST', '/setup', { body })),
  getInvite: (token: string) => request<Invite>('GET', `/invites/${encodeURIComponent(token)}`),
  acceptInvite: (token: string, body: AcceptInviteBody) =>
    started(request<StaffSession>('POST', `/invites/${encodeURIComponent(token)}`, { body })),
};

/** Whether the first owner is still to be set up. */
export function useSetupStatus() {
  return useQuery({ queryKey: queryKeys.setup, queryFn: authApi.setupStatus, retry: false });
}

/** An invitation's address and role. */
export function useInvite(token: string) {
  return useQuery({
    queryKey: queryKeys.invite(token),
    queryFn: () => authApi.getInvite(token),
    retry: false,
  });
}

/**
 * Starts a session (signing in, the setup, an accepted invitation), keeps it without asking again,
 * and goes on to `to` (the back office's home unless sign-in was asked for elsewhere).
 */
export function useStartSession<T>(start: (input: T) => Promise<StaffSession>, to = '/') {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: start,
    onSuccess: async (session) => {
      storeSession(client, session);
      await navigate(to, { replace: true });
    },
  });
}
