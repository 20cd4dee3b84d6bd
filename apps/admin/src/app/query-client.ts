import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, setCsrfToken } from '../lib/api.ts';
import { SESSION_KEY } from '../lib/session.ts';

/** The query cache: a 401 anywhere means the session ended, so the app goes back to signing in. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && error.code === 'not_authenticated') {
      setCsrfToken(null);
      client.setQueryData(SESSION_KEY, null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
