/**
 * The storefront's server render, as the server calls it: apps/web/src/entry-server.tsx implements
 * `Render` (built into the web build's `.ssr/entry-server.js`), apps/server/src/modules/web/ssr.ts loads
 * and calls it. One copy of the types, so neither side imports the other's source.
 */

/** One namespace's file of translations (`{lng}/{ns}.json`). */
export type TranslationTree = Record<string, unknown>;
/** One language's translations, by namespace. */
export type LanguageTranslations = Record<string, TranslationTree>;
/** Translations by language, then namespace (the files of the translations folder). */
export type Translations = Record<string, LanguageTranslations>;

export interface RenderRequest {
  /** The page's absolute URL (`http://host/app/product/1?lng=en`). */
  url: string;
  /** The language the server chose (lng, cookie, Accept-Language, default). */
  language: string;
  /** Translations by language: the page's language and the default language (its fallback). */
  translations: Translations;
  /** Answers the app's API calls (`/{lang}/api/…`); the server passes one that never leaves it. */
  fetch: typeof fetch;
  /** The longest the render may take before what is not ready is sent as its loading state. */
  timeoutMs?: number;
}

export type RenderResult =
  /**
   * `html` goes into #root, `state` (a data block, apps/web/src/app/ssr-state.ts) after it. `islands`:
   * the page is an islands page (apps/web/src/app/islands.tsx): #root is marked `data-islands`, and
   * the browser hydrates its islands rather than the whole app; `appTitle`, the tab's title the
   * page's script sets (the app sets it on its other pages), is written on #root with it.
   */
  | { kind: 'page'; status: number; html: string; state: string; islands?: boolean; appTitle?: string }
  | { kind: 'redirect'; status: number; location: string };

export type Render = (request: RenderRequest) => Promise<RenderResult>;
