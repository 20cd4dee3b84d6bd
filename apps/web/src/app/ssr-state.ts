import type { DehydratedState } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { ApiError, type ErrorBody } from '../lib/api-client.ts';
import type { SsrState } from './ssr-state-block.ts';

/**
 * The page's state block is app/ssr-state-block.ts's (the account page's light client reads it
 * without this module's router and query cache); what the app makes of it is here.
 */
export { SSR_STATE_ID, readSsrState, ssrStateScript, type SsrState } from './ssr-state-block.ts';

/**
 * The server's query cache as the app continues with it: every answer counts as fetched now (the
 * page was rendered for the catalogue version still current, possibly a while ago, and must not be
 * fetched again at once), and a failure is an ApiError again (JSON kept its status and body), so the
 * page shows what the server drew (a product that does not exist stays "not found").
 */
export function queriesToHydrate(state: SsrState, now: number = Date.now()): DehydratedState {
  return {
    ...state.queries,
    queries: state.queries.queries.map((query) => {
      const error = query.state.error as { status?: unknown; body?: unknown } | null;
      const revived =
        error && typeof error === 'object'
          ? new ApiError(
              typeof error.status === 'number' ? error.status : 0,
              error.body && typeof error.body === 'object' ? (error.body as ErrorBody) : null,
            )
          : error;
      return {
        ...query,
        dehydratedAt: now,
        state: {
          ...query.state,
          dataUpdatedAt: query.state.dataUpdatedAt ? now : 0,
          errorUpdatedAt: query.state.errorUpdatedAt ? now : 0,
          error: revived,
          fetchFailureReason: query.state.fetchFailureReason ? revived : null,
        },
      };
    }),
  };
}

/**
 * The lazy routes of the page being hydrated, loaded first: the first render must draw what the
 * server drew, so the matched pages' code has to be there (React Router's advice for lazy routes with
 * server rendering).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location, basename: string) {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
