/**
 * The attributes of an island's marker element in an islands page's markup (app/islands.tsx): the
 * server writes them (app/island-render.tsx), the page's loader (src/islands.ts) and the hydration
 * (app/island-client.tsx) read them, and src/early-input.ts knows `name` and `hydrated` by value (it
 * imports no code). Imports nothing, so the loader stays a few hundred bytes.
 */
export const ISLAND = {
  name: 'data-island',
  key: 'data-island-key',
  load: 'data-island-load',
  props: 'data-island-props',
  hydrated: 'data-island-hydrated',
} as const;

/** Set on #root by the server when the page is an islands page (apps/server/src/modules/web/ssr.ts). */
export const ISLANDS_ROOT = 'data-islands';

/** The tab's title of an islands page, on #root (apps/server/src/modules/web/ssr.ts writes it). */
export const APP_TITLE = 'data-app-title';

/** Set on #root by src/islands.ts once it has armed the islands (the page stays an islands page). */
export const ISLANDS_ARMED = 'data-islands-armed';

/** An island's id prefix: its root's useId values never meet another root's. */
export const islandIdPrefix = (key: string) => `${key}-`;
