/**
 * The attributes of an island's marker element in an islands page's markup (app/islands.tsx): the
 * server writes them (app/island-render.tsx), the page's loader (src/islands.ts) and the hydration
 * (app/island-client.tsx) read them, and src/early-input.ts knows `name`, `hydrated` and `handingOver` by value (it
 * imports no code). Imports nothing, so the loader stays a few hundred bytes.
 */
export const ISLAND = {
  name: 'data-island',
  key: 'data-island-key',
  load: 'data-island-load',
  props: 'data-island-props',
  hydrated: 'data-island-hydrated',
  /**
   * From hydrateRoot until what was typed and pressed in the island before is handed over to React
   * (app/early-input.ts `replayEarlyInput`): src/early-input.ts still holds the island's presses and
   * keeps its clicks, sends and typing from React, whose state would not hold the typed text yet.
   */
  handingOver: 'data-island-handing-over',
  /** It draws the signed-in visitor's own state (`Island personal`): loaded at once for them. */
  personal: 'data-island-personal',
} as const;

/** Set on #root by the server when the page is an islands page (apps/server/src/modules/web/ssr.ts). */
export const ISLANDS_ROOT = 'data-islands';

/** The tab's title of an islands page, on #root (apps/server/src/modules/web/ssr.ts writes it). */
export const APP_TITLE = 'data-app-title';

/** Set on #root by src/islands.ts once it has armed the islands (the page stays an islands page). */
export const ISLANDS_ARMED = 'data-islands-armed';

/** An island's id prefix: its root's useId values never meet another root's. */
export const islandIdPrefix = (key: string) => `${key}-`;

/** On a control that keeps the keyboard across a page load it starts (the language switch). */
export const FOCUS_KEY = 'data-focus-key';
/** Session storage: the FOCUS_KEY value of the control to focus on the next page. */
export const FOCUS_AFTER_LOAD = 'storefront.focusAfterLoad';

/** Asks the next page (its islands' loader, src/islands.ts) to focus the control named `key`. */
export function focusAfterLoad(key: string): void {
  try {
    window.sessionStorage.setItem(FOCUS_AFTER_LOAD, key);
  } catch {
    // Storage blocked: the next page starts with the focus at its top, as a page does.
  }
}

/**
 * On an element the visitor can close for the session (the home's welcome box): the session storage
 * key that says it was closed ('1'). The islands' loader hides such an element at once, before its
 * island hydrates (the island then reads the same key).
 */
export const SESSION_HIDDEN = 'data-session-hidden';

/**
 * A floating part (the welcome box) for which the page keeps room below its end, as tall as the part
 * plus RESERVE_GAP pixels, so the footer's last lines can be scrolled out from under it: kept by the
 * islands' loader from the first paint (src/islands.ts), then by the part itself once hydrated.
 */
export const RESERVE_BELOW = 'data-reserve-below';
export const RESERVE_GAP = 24;

/**
 * On <html> of an islands page whose visitor is signed in (src/islands.ts): until the header's island
 * hydrates, its signed-in controls (`data-auth-controls="in"`, which the server draws beside the
 * signed-out ones) are the ones shown (styles.css), with no script.
 */
export const SIGNED_IN = 'data-signed-in';

/**
 * On an island's marker: its code is the light client's (app/lite-island-client.tsx: React and the
 * translations, no router or query cache), which the islands' loader loads in place of the full one.
 */
export const LITE_ISLAND = 'data-island-lite';

/**
 * On an island's marker: it draws only a signed-in visitor's own data (app/islands.tsx,
 * `SIGNED_IN_ONLY_ISLANDS`); its value is the login page's address with the way back here, where
 * the loader sends a visitor without a token.
 */
export const SIGNED_IN_ONLY = 'data-island-signed-in-only';

/**
 * A hidden note inside an island (components/island-failure.tsx) that the islands' loader shows when
 * the island's code cannot be loaded.
 */
export const ISLAND_FAILURE = 'data-island-failure';
