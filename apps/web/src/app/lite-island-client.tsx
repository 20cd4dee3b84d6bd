/**
 * The light half of islands (app/islands.tsx, `LITE_ISLANDS`), loaded by src/islands.ts in place of
 * app/island-client.tsx for an island marked `data-island-lite`: React, the page's translator (its
 * language and translations from the state block) and the island's component; no router, query cache
 * or toasts, which an island that only reads and links does not use. The account page's list is one:
 * with it the page loads React and its list, not the app's frame.
 *
 * Such an island draws what only the browser knows (the visitor's own data), so it is rendered, not
 * hydrated: its first render replaces the server's markup (the same skeleton) when it commits.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { WAITING_ATTRIBUTE, takeEarlyInputWithin } from './early-presses.ts';
import { ISLAND, ISLAND_FAILURE } from './island-markup.ts';
import type { IslandName } from './islands.tsx';
import { readSsrState } from './ssr-state-block.ts';
import { TranslationProvider, Translator } from './translate.tsx';

// The props are the JSON the page carries (app/islands.tsx, `Island`); each component checks its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type IslandComponent = ComponentType<any>;

/** The light islands' components (each also in app/island-registry.ts, for the server's render). */
const LITE: Partial<Record<IslandName, () => Promise<IslandComponent>>> = {
  myRequests: () => import('../features/account/my-requests-list.tsx').then((m) => m.MyRequestsList),
};

/** The page's translator, made once from its state block. */
let translator: Translator | null = null;

function pageTranslator(): Translator {
  if (translator) return translator;
  const state = readSsrState();
  if (!state) throw new Error('storefront: the page has no state to draw its islands with');
  translator = new Translator(state.language, state.translations);
  return translator;
}

/**
 * Draws one light island (its marker element, app/island-render.tsx) with the server's props; its
 * root is returned (the page never unmounts it; a test does).
 */
export async function hydrateIsland(element: HTMLElement): Promise<Root> {
  const i18n = pageTranslator();
  const name = element.getAttribute(ISLAND.name) as IslandName;
  const load = LITE[name];
  if (!load) throw new Error(`storefront: no light island named ${name}`);
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(element.getAttribute(ISLAND.props) ?? '{}') as Record<string, unknown>;
  } catch {
    // Written by the server from JSON: unreadable only if the page was altered on the way.
  }
  const Component = await load();
  element.setAttribute(ISLAND.hydrated, '');
  // Its controls are links and React's own buttons: a press held before (the failure note's retry)
  // has done its work, loading this.
  if (takeEarlyInputWithin(element).length > 0) document.documentElement.removeAttribute(WAITING_ATTRIBUTE);
  for (const note of element.querySelectorAll<HTMLElement>(`[${ISLAND_FAILURE}]`)) note.hidden = true;
  const root = createRoot(element, {
    onRecoverableError: (error) => console.error('storefront: island', name, error),
  });
  root.render(
    <StrictMode>
      <TranslationProvider i18n={i18n}>
        <Component {...props} />
      </TranslationProvider>
    </StrictMode>,
  );
  return root;
}
