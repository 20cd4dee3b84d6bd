/**
 * The browser's half of islands (app/islands.tsx), loaded with the first island a page hydrates
 * (src/islands.ts): React, the app's providers and the island's component. The islands of a page
 * share one translator (the page's language and translations from its state block), one query cache
 * (the server's data from the same block, so an island draws what the server drew without fetching)
 * and one place for toasts; each is a root of its own, hydrated with the server's id prefix.
 */
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { AfterFirstCommit } from './after-first-commit.tsx';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router, createPath, type Navigator, type To } from 'react-router';
import { toastsWanted } from '../lib/toast.ts';
import { tokenStore } from '../lib/token-store.ts';
import { BASENAME } from './basename.ts';
import { replayEarlyInput, takeEarlyInputWithin } from './early-input.ts';
import { createI18n } from './i18n.ts';
import { IslandFrame } from './island-frame.tsx';
import { ISLAND, islandIdPrefix } from './island-markup.ts';
import { ISLANDS } from './island-registry.ts';
import type { IslandName } from './islands.tsx';
import { createQueryClient } from './query-client.ts';
import { SSR_STATE_ID, queriesToHydrate, readSsrState, type SsrState } from './ssr-state.ts';
import { TranslationProvider, type Translator } from './translate.tsx';

const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/** The address bar as the islands' routers read it; `replace` below changes it without a load. */
const locationListeners = new Set<() => void>();
let currentLocation: ReturnType<typeof readLocation> | null = null;
function readLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state as unknown, key: 'default' };
}
function locationChanged() {
  currentLocation = readLocation();
  for (const listener of locationListeners) listener();
}
window.addEventListener('popstate', locationChanged);
const subscribeLocation = (listener: () => void) => {
  locationListeners.add(listener);
  return () => locationListeners.delete(listener);
};

const getLocation = () => (currentLocation ??= readLocation());

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Links and navigations of an island: the rest of the page is the server's, so another page (or the
 * same page with another query) is loaded as a document; only a replacement of this page's own
 * query (a dialog's `?status=open` closed) stays in place.
 */
const navigator: Navigator = {
  createHref: href,
  encodeLocation: (to) => {
    const url = new URL(href(to), window.location.href);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to, state) => {
    const url = new URL(href(to), window.location.href);
    if (url.pathname !== window.location.pathname) {
      window.location.replace(url.href);
      return;
    }
    window.history.replaceState(state ?? null, '', url.href);
    locationChanged();
  },
};

function IslandRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribeLocation, getLocation, getLocation);
  return (
    <Router basename={BASENAME} location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

/**
 * The pointer that was already over the island when it hydrated (the hover that loaded it): React
 * saw no entering, so a menu that opens on hover would wait for the pointer to leave and come back.
 * The element under it gets the pointer's and the mouse's `over` again, from outside, which React
 * turns into the enter events of it and its parents.
 */
function replayHover(island: Element): void {
  const hovered = [...island.querySelectorAll(':hover')].at(-1);
  if (!hovered) return;
  const init = { bubbles: true, cancelable: true, composed: true, view: window, relatedTarget: null };
  hovered.dispatchEvent(new PointerEvent('pointerover', { ...init, pointerType: 'mouse', isPrimary: true }));
  hovered.dispatchEvent(new MouseEvent('mouseover', init));
}

/** The replays under way (replayEarlyInput waits for React to own what it hands over). */
const replays = new Set<Promise<void>>();

function replaying(replay: Promise<void>, island: Element): void {
  const done = replay
    .then(() => replayHover(island))
    .catch((error: unknown) => console.error('storefront: replay', error));
  replays.add(done);
  void done.finally(() => replays.delete(done));
}

/** Once every island hydrated so far has had its presses, typed values and hover replayed. */
export async function islandsSettled(): Promise<void> {
  await Promise.all(replays);
}

interface Shared {
  i18n: Translator;
  queryClient: QueryClient;
}
/** The page's state block (one per page) and what is made of it once. */
let page: { block: Element | null; state: SsrState | null; shared: Promise<Shared> | null } | null = null;

function pageState() {
  const block = document.getElementById(SSR_STATE_ID);
  if (page?.block !== block) {
    page = { block, state: readSsrState(), shared: null };
    currentLocation = null;
  }
  return page;
}

/** The page's translator and query cache, made once from its state block; the toasts' root with them. */
function sharedOf(state: SsrState): Promise<Shared> {
  const current = pageState();
  current.shared ??= (async () => {
    const i18n = await createI18n({
      initial: { language: state.language, translations: state.translations },
    });
    const queryClient = createQueryClient();
    hydrate(queryClient, queriesToHydrate(state));
    // The server drew what an anonymous visitor sees; a signed-in visitor's answers differ (the
    // supplier's phone), so each island asks for its own again, with the token, once hydrated with
    // the server's (as main.tsx does for the app).
    if (tokenStore.get()) void queryClient.invalidateQueries();
    const mountToasts = () => {
      if (!toastsWanted.get()) return false;
      const host = document.createElement('div');
      document.body.append(host);
      createRoot(host).render(
        <TranslationProvider i18n={i18n}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </TranslationProvider>,
      );
      return true;
    };
    if (!mountToasts()) {
      const stop = toastsWanted.subscribe(() => {
        if (mountToasts()) stop();
      });
    }
    return { i18n, queryClient };
  })();
  return current.shared;
}

/**
 * Hydrates one island (its marker element, app/island-render.tsx): its component with the props the
 * server rendered it with; then what was pressed or typed in it before is replayed.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { state } = pageState();
  if (!state) throw new Error('storefront: the page has no state to hydrate its islands with');
  const name = element.getAttribute(ISLAND.name) as IslandName;
  const load = ISLANDS[name];
  if (!load) throw new Error(`storefront: no island named ${name}`);
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(element.getAttribute(ISLAND.props) ?? '{}') as Record<string, unknown>;
  } catch {
    // Written by the server from JSON: unreadable only if the page was altered on the way.
  }
  const [Component, { i18n, queryClient }] = await Promise.all([load(), sharedOf(state)]);
  // From here on React listens to this island; presses elsewhere are still held, and so are this
  // island's until what was typed in it is React's too (src/early-input.ts, ISLAND.handingOver).
  element.setAttribute(ISLAND.hydrated, '');
  element.setAttribute(ISLAND.handingOver, '');
  const presses = takeEarlyInputWithin(element);
  const release = () => {
    element.removeAttribute(ISLAND.handingOver);
    return takeEarlyInputWithin(element);
  };
  hydrateRoot(
    element,
    <StrictMode>
      <IslandRouter>
        <IslandFrame i18n={i18n} queryClient={queryClient}>
          <AfterFirstCommit
            onHydrated={() =>
              replaying(
                // (Released even if the replay fails: the island must never stay closed to React.)
                replayEarlyInput(presses, element, release).finally(() =>
                  element.removeAttribute(ISLAND.handingOver),
                ),
                element,
              )
            }
          >
            <Component {...props} />
          </AfterFirstCommit>
        </IslandFrame>
      </IslandRouter>
    </StrictMode>,
    {
      identifierPrefix: islandIdPrefix(element.getAttribute(ISLAND.key) ?? ''),
      onRecoverableError: (error) =>
        console.error('storefront: hydration', error, (error as { cause?: unknown }).cause),
    },
  );
}
