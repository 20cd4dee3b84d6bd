/**
 * Server-side rendering of the storefront (built by `vite build --ssr` into dist-server/, loaded by
 * the server's web module, apps/server/src/modules/web/ssr.ts). React Router's data router does the
 * work (createStaticHandler runs the routes' loaders, which fill the query cache, StaticRouterProvider
 * renders the matched routes); React streams the markup and this module collects it, so the page can
 * be cached per catalogue version and language. What the client needs to hydrate without fetching
 * again (the query cache, the router's loader state, the language and its translations) goes into the
 * page as one JSON data block (app/ssr-state.ts), which the Content-Security-Policy allows. The request
 * and result are packages/contracts render.ts, which the server reads too.
 */
import type { RenderRequest, RenderResult, Translations as AllTranslations } from '@storefront/contracts';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  RouterContextProvider,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from 'react-router';
import { fillIslands } from './app/island-render.tsx';
import { IslandCollector, IslandCollectorProvider, isIslandsPage } from './app/islands.tsx';
import { AppProviders } from './app/providers.tsx';
import { routeDataContext } from './app/route-data.ts';
import { BASENAME, routes } from './app/routes.tsx';
import { ssrStateScript, type SsrState } from './app/ssr-state.ts';
import { Translator } from './app/translate.tsx';
import { apiConfig } from './lib/api-client.ts';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './lib/languages.ts';

/**
 * One translator per language and set of translations (app/translate.tsx, the browser's too): `t` is
 * pure, renders share it. A namespace the server lacks is not fetched: its texts fall back.
 */
const instances = new Map<string, { translations: AllTranslations; instance: Translator }>();

function i18nFor(language: Language, translations: AllTranslations): Translator {
  const kept = instances.get(language);
  if (kept && kept.translations === translations) return kept.instance;
  const instance = new Translator(language, translations);
  instances.set(language, { translations, instance });
  return instance;
}

/** Data from the API is current for the page's catalogue version; failures are not retried here. */
function serverQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
}

/**
 * The whole markup, once everything (lazy parts included) is rendered: React's prerender writes each
 * Suspense boundary in place, with no inline script (the Content-Security-Policy allows none) to
 * reveal it later. Past the time-out what is not ready is written as its fallback.
 */
async function renderToString(
  element: React.ReactNode,
  timeoutMs: number,
  identifierPrefix?: string,
): Promise<string> {
  const { prelude } = await prerender(element, {
    signal: AbortSignal.timeout(timeoutMs),
    ...(identifierPrefix === undefined ? {} : { identifierPrefix }),
    // Large boundaries are otherwise sent apart and put in place by a script: here, all in place.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  return new Response(prelude).text();
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const language = toLanguage(request.language);
  apiConfig.fetch = request.fetch;
  const queryClient = serverQueryClient();
  const context = new RouterContextProvider();
  context.set(routeDataContext, { queryClient, language: () => language, waitForData: true });

  const handler = createStaticHandler(routes, { basename: BASENAME });
  const result = await handler.query(new Request(request.url), { requestContext: context });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/app/' };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  const i18n = i18nFor(language, request.translations);
  const timeoutMs = request.timeoutMs ?? 10_000;
  const url = new URL(request.url);
  const collector = isIslandsPage(result.matches.at(-1)?.route) ? new IslandCollector() : null;
  // An islands page is drawn once, here: a failed call is drawn as its failure (a product that does
  // not exist: the not-found page), not as the loading state the app would draw while it asks again.
  if (collector) {
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
  }
  let html = await renderToString(
    <StrictMode>
      <IslandCollectorProvider value={collector}>
        <AppProviders i18n={i18n} queryClient={queryClient}>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </AppProviders>
      </IslandCollectorProvider>
    </StrictMode>,
    timeoutMs,
  );
  if (collector) {
    html = await fillIslands(html, collector, {
      i18n,
      queryClient,
      location: `${url.pathname}${url.search}`,
      render: (element, identifierPrefix) => renderToString(element, timeoutMs, identifierPrefix),
    });
  }
  const state: SsrState = {
    language,
    translations: Object.fromEntries(
      [language, DEFAULT_LANGUAGE].map((lng) => [lng, request.translations[lng] ?? {}]),
    ),
    // Failures too (a product that does not exist): the app hydrates the not-found page the server drew.
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    router: { loaderData: result.loaderData, actionData: result.actionData, errors: result.errors },
  };
  queryClient.clear();
  return {
    kind: 'page',
    status: result.statusCode,
    html,
    state: ssrStateScript(state),
    ...(collector ? { islands: true } : {}),
    ...(collector?.appTitle ? { appTitle: collector.appTitle } : {}),
  };
}
