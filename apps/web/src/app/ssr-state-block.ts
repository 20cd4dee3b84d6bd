import { jsonInScript } from '@storefront/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
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
