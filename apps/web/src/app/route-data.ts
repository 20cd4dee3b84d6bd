import type { QueryClient } from '@tanstack/react-query';
import { RouterContextProvider, createContext, type LoaderFunctionArgs } from 'react-router';
import type { Language } from '../lib/languages.ts';

/**
 * What a route's loader needs to fill the query cache: the app's query client, the language the page
 * is shown in, and whether to wait for the data. On the server (entry-server.tsx) the loaders wait, so
 * the first byte of HTML holds the page's content and the client hydrates with that data without
 * fetching it again; in the browser they only start the requests (in parallel with the page's chunk)
 * and the page shows its skeleton until they answer, as before.
 */
export interface RouteData {
  queryClient: QueryClient;
  language: () => Language;
  waitForData: boolean;
}

export const routeDataContext = createContext<RouteData>();

/** A router's `getContext` (createBrowserRouter, createMemoryRouter) that hands the loaders `data`. */
export function routeContext(data: RouteData): () => RouterContextProvider {
  return () => {
    const context = new RouterContextProvider();
    context.set(routeDataContext, data);
    return context;
  };
}

/** A route's data: the queries its page (and header and footer) read on first render. */
export type Prefetch = (
  queryClient: QueryClient,
  lang: Language,
  args: LoaderFunctionArgs,
) => Promise<unknown>;

/**
 * A React Router loader that fills the query cache through `prefetch`. Failures are left in the cache
 * as the page would meet them (a 404 product renders its not-found state); the loader itself never
 * throws, and answers null (the data lives in the query cache, not in the router).
 */
export function queryLoader(prefetch: Prefetch) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const data = args.context.get(routeDataContext);
    const loading = prefetch(data.queryClient, data.language(), args).catch(() => undefined);
    if (data.waitForData) await loading;
    return null;
  };
}
