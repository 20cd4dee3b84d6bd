import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { AfterFirstCommit } from './app/after-first-commit.tsx';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { replayEarlyInput, takeEarlyInput, type EarlyPress } from './app/early-input.ts';
import { createI18n, detectLanguage } from './app/i18n.ts';
import { ISLANDS_ROOT } from './app/island-markup.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routeContext } from './app/route-data.ts';
import { BASENAME, routes } from './app/routes.tsx';
import { loadMatchedRoutes, queriesToHydrate, readSsrState } from './app/ssr-state.ts';
import { toLanguage } from './lib/languages.ts';
import { tokenStore } from './lib/token-store.ts';
import './styles.css';

/**
 * A page the server rendered (entry-server.tsx) is hydrated with the server's data and translations,
 * fetching nothing again. When the visitor's language (the spec's full detection order: a choice kept
 * in local storage counts, which the server cannot see) is not the one the server chose, or the page
 * came without its state or its code cannot be loaded, the app renders itself in the browser as it
 * always could.
 */
async function start() {
  const container = document.getElementById('root')!;
  const ssr = readSsrState();
  // An islands page (app/islands.tsx) that src/islands.ts handed to the app (another language kept
  // in storage): its markup is not the app's (each island has ids of its own), so the app
  // renders it afresh, from the server's data when the language is the same.
  const islandsPage = container.hasAttribute(ISLANDS_ROOT);
  // The page's code must be there to draw what the server drew; when it cannot be loaded, the app
  // renders itself and the route's error boundary says so (reload once, then a retry).
  const usable =
    ssr !== null &&
    detectLanguage() === ssr.language &&
    (await loadMatchedRoutes(routes, window.location, BASENAME).then(
      () => true,
      () => false,
    ));
  const hydrating = usable && !islandsPage;
  const i18n = await createI18n(
    usable ? { initial: { language: ssr.language, translations: ssr.translations } } : {},
  );
  const queryClient = createQueryClient();
  if (usable) hydrate(queryClient, queriesToHydrate(ssr));

  const getContext = routeContext({
    queryClient,
    language: () => toLanguage(i18n.resolvedLanguage ?? i18n.language),
    waitForData: false,
  });
  const router = createBrowserRouter(routes, {
    basename: BASENAME,
    getContext,
    // The server's loader state, also when the app renders an islands page afresh: no loading screen.
    ...(usable ? { hydrationData: ssr.router } : {}),
  });
  // What was pressed or typed before now (src/early-input.ts): from here on React takes the page's
  // events itself, and once the page is the app's the presses are replayed.
  const early: EarlyPress[] = takeEarlyInput();
  const onHydrated = () => void replayEarlyInput(early, container);
  const app = (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <AfterFirstCommit onHydrated={onHydrated}>
          <RouterProvider router={router} />
        </AfterFirstCommit>
      </AppProviders>
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(container, app, {
      // A difference between the server's markup and the first render: React renders the page again
      // in the browser (the visitor sees it right); the console says so, and the e2e suite fails on it.
      onRecoverableError: (error) => console.error('storefront: hydration', error),
    });
  } else {
    // With the server's data the first render draws the page at once, and React replaces the
    // server's markup when it commits; without, the markup goes first (the app shows its loading).
    if (!usable) container.replaceChildren();
    createRoot(container).render(app);
  }
  // The server drew what a visitor sees; a signed-in reader's answers differ (phones), so they are
  // asked for again with the token.
  if (usable && tokenStore.get()) void queryClient.invalidateQueries();
}

void start();
