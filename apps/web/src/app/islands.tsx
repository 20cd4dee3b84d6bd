/**
 * Islands: a page the server renders whole, of which only the interactive parts (the header, the
 * product's panel, the newsletter form, a carousel) become React roots in the browser, each loaded
 * when first used (docs/storefront.md, Islands). This module is what the page's tree knows of it:
 *
 * - `<Island name props>` around an interactive part. In the app (the single-page app, and a server
 *   render of a page the app hydrates whole) it is its children, nothing more, so the app's markup
 *   is what it always was. In a server render of an islands page (entry-server.tsx) it records the
 *   part and leaves a slot that the render fills with the part rendered as a root of its own
 *   (island-render.tsx), with the same providers and id prefix the browser hydrates it with.
 * - `useIslandPage()`: true inside an island of an islands page, where the rest of the page is not
 *   React's (a language switch loads the page again in the other language).
 */
import { STOREFRONT_PAGES } from '@storefront/contracts';
import { createContext, useContext, useId, type ReactNode } from 'react';

/** The islands there are (app/island-registry.ts loads each). */
export type IslandName =
  | 'header'
  | 'newsletter'
  | 'product'
  | 'otherNews'
  | 'team'
  | 'newsList'
  | 'banners'
  | 'recommended'
  | 'welcome'
  | 'productList'
  | 'collection'
  | 'industry'
  | 'signIn'
  | 'auth'
  | 'myRequests';

/**
 * The islands whose code is the light client's (app/lite-island-client.tsx): they only read and link,
 * so they are drawn with React and the translations alone (no router, query cache or toasts), and a
 * page whose only island loaded at once is one of them (the account's) loads that much and no more.
 */
export const LITE_ISLANDS: readonly IslandName[] = ['myRequests'];

/**
 * The islands that draw only a signed-in visitor's own data (the account's list): for a visitor
 * without a token the islands' loader goes to the login page at once, with the way back, loading
 * nothing (src/islands.ts).
 */
export const SIGNED_IN_ONLY_ISLANDS: readonly IslandName[] = ['myRequests'];

/** When an island's code is loaded and the island hydrated (src/islands.ts). */
export type IslandLoad =
  /** On the first pointer, touch, focus or key inside it (a press is held and replayed). */
  | 'interaction'
  /** When it scrolls into view (or at once when it starts in view). */
  | 'visible'
  /** At once, after the first paint (it has something to do before any press). */
  | 'load';

export interface RecordedIsland {
  /** The slot's key in the page's markup (`data-island-slot`) and the root's id prefix. */
  key: string;
  name: IslandName;
  props: Record<string, unknown>;
  load: IslandLoad;
  /** It draws what is the signed-in visitor's own (likes, the supplier's phone). */
  personal: boolean;
}

/** What a server render of an islands page collects; null in the app. */
export class IslandCollector {
  readonly islands: RecordedIsland[] = [];
  /**
   * The tab's title the app would set on this page (lib/use-page-title.ts): on an islands page the
   * page's script sets it (src/islands.ts), as the app does once it runs.
   */
  appTitle: string | null = null;

  /** Records the page's tab title (lib/use-page-title.ts, during the render). */
  setAppTitle(title: string | null): void {
    this.appTitle = title;
  }
  private readonly byId = new Map<string, RecordedIsland>();

  /** Records an island once per place in the tree (a render that suspends and retries records it again). */
  add(
    id: string,
    name: IslandName,
    props: Record<string, unknown>,
    load: IslandLoad,
    personal: boolean,
  ): RecordedIsland {
    const kept = this.byId.get(id);
    if (kept) return Object.assign(kept, { name, props, load, personal });
    const island = { key: `i${this.islands.length}`, name, props, load, personal };
    this.byId.set(id, island);
    this.islands.push(island);
    return island;
  }
}

const CollectorContext = createContext<IslandCollector | null>(null);
export const IslandCollectorProvider = CollectorContext.Provider;

const IslandPageContext = createContext(false);
export const IslandPageProvider = IslandPageContext.Provider;

/** The collector of a server render of an islands page; null in the app. */
export function useIslandCollector(): IslandCollector | null {
  return useContext(CollectorContext);
}

/** Inside an island of an islands page (not the app). */
export function useIslandPage(): boolean {
  return useContext(IslandPageContext);
}

/** The attribute of the slot an island's markup goes in (island-render.tsx fills it). */
export const SLOT_ATTRIBUTE = 'data-island-slot';

/**
 * An interactive part of a page. `children` is what the app renders; `name` and `props` are what an
 * islands page renders in its place, as a root of its own: the registry's component with these props
 * (JSON: they travel in the page) must draw the same.
 */
export function Island({
  name,
  props = {},
  load = 'interaction',
  personal = false,
  children,
}: {
  name: IslandName;
  props?: Record<string, unknown>;
  load?: IslandLoad;
  /**
   * It draws the signed-in visitor's own state, which the server (drawing the anonymous page) cannot:
   * for a signed-in visitor it is loaded at once, whatever `load` says (src/islands.ts).
   */
  personal?: boolean;
  children: ReactNode;
}) {
  const collector = useContext(CollectorContext);
  const id = useId();
  if (!collector) return children;
  const island = collector.add(id, name, props, load, personal);
  return <div {...{ [SLOT_ATTRIBUTE]: island.key }} />;
}

/**
 * The pages served as islands: documents with a few interactive parts (docs/storefront.md, Islands):
 * every page. The app (src/main.tsx) draws one only when the islands' loader hands it over (a language
 * kept in storage that the server's page is still not in).
 */
export const ISLANDS_PAGES: readonly string[] = [
  STOREFRONT_PAGES.home,
  STOREFRONT_PAGES.products,
  STOREFRONT_PAGES.productSearch,
  STOREFRONT_PAGES.filtered,
  STOREFRONT_PAGES.collection,
  STOREFRONT_PAGES.industry,
  STOREFRONT_PAGES.product,
  STOREFRONT_PAGES.news,
  STOREFRONT_PAGES.post,
  STOREFRONT_PAGES.about,
  STOREFRONT_PAGES.signIn,
  STOREFRONT_PAGES.login,
  STOREFRONT_PAGES.register,
  STOREFRONT_PAGES.myRequests,
  // The not-found page (any path no route matched).
  '*',
];

/** Whether the route a server render matched (its path pattern; the index route is the home's '') is an islands page. */
export function isIslandsPage(route: { path?: string; index?: boolean } | undefined): boolean {
  const path = route?.index ? STOREFRONT_PAGES.home : route?.path;
  return path !== undefined && ISLANDS_PAGES.includes(path);
}
