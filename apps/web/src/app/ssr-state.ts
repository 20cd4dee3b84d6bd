import { jsonInScript } from '@storefront/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { ApiError, type ErrorBody } from '../lib/api-client.ts';
import { supportedLanguageOf, type Language } from '../lib/languages.ts';
import type { Translations } from './translate.tsx';

/**
 * What a server-rendered page hands to the app (entry-server.tsx → main.tsx): the language it was
 * rendered in with its translations (and the default language's, its fallback), the query cache and
 * the router's loader state. It travels as a JSON data block, `<script type="application/json">`,
 * which the Content-Security-Policy allows and the browser never runs.
 */
export interface SsrState {
  language: Language;
  translations: Record<string, Translations>;
  queries: DehydratedState;
  router: HydrationState;
}

export const SSR_STATE_ID = 'storefront-state';

/** The data block: nothing in the JSON can close the element or open a comment. */
export function ssrStateScript(state: SsrState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${jsonInScript(state)}</script>`;
}

/**
 * The page's state, or null when the page was not rendered on the server or its state is unusable
 * (then the app starts as a client-rendered page, which always works).
 */
export function readSsrState(doc: Document = document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<SsrState> | null;
    if (
      !state ||
      !supportedLanguageOf(state.language) ||
      typeof state.translations !== 'object' ||
      !Array.isArray(state.queries?.queries) ||
      typeof state.router !== 'object'
    )
      return null;
    return state as SsrState;
  } catch {
    return null;
  }
}

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
