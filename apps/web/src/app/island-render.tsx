/**
 * The server's half of islands (app/islands.tsx): once an islands page is rendered with a slot for
 * each island, each island is rendered as a root of its own, with the id prefix and the frame the
 * browser hydrates it with (island-client.tsx), and put in its slot inside its marker element:
 *
 *   <div data-island="header" data-island-key="i0" data-island-load="interaction"
 *        data-island-props="{}" style="display:contents">…</div>
 *
 * (`display: contents`: the marker adds no box, the page is laid out as the app's).
 */
import { escapeHtml } from '@storefront/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { authPageHref } from './auth-pages.ts';
import { BASENAME } from './basename.ts';
import { IslandFrame } from './island-frame.tsx';
import { ISLANDS } from './island-registry.ts';
import { ISLAND, LITE_ISLAND, SIGNED_IN_ONLY, islandIdPrefix } from './island-markup.ts';
import { LITE_ISLANDS, SIGNED_IN_ONLY_ISLANDS, SLOT_ATTRIBUTE, type IslandCollector } from './islands.tsx';
import type { Translator } from './translate.tsx';

/** The `<link>` hints React puts first in a fragment's markup. */
const LEADING_HINTS = /^(?:<link\b[^>]*>)+/;

export async function fillIslands(
  html: string,
  collector: IslandCollector,
  context: {
    i18n: Translator;
    queryClient: QueryClient;
    /** The page's path and query (`/app/product/1?lng=en`). */
    location: string;
    render: (element: ReactNode, identifierPrefix: string) => Promise<string>;
  },
): Promise<string> {
  const rendered = await Promise.all(
    collector.islands.map(async (island) => {
      const Component = await ISLANDS[island.name]();
      const inner = await context.render(
        <StrictMode>
          <StaticRouter basename={BASENAME} location={context.location}>
            <IslandFrame i18n={context.i18n} queryClient={context.queryClient}>
              <Component {...island.props} />
            </IslandFrame>
          </StaticRouter>
        </StrictMode>,
        islandIdPrefix(island.key),
      );
      // React writes the resource hints of a fragment (an image with fetchPriority high) before its
      // markup; in an island they would stand where the island's first element is hydrated. The
      // page's head preloads its first images itself (apps/server/src/modules/web/ssr.ts).
      const markup = inner.replace(LEADING_HINTS, '');
      const open =
        `<div ${ISLAND.name}="${island.name}" ${ISLAND.key}="${island.key}" ${ISLAND.load}="${island.load}" ` +
        `${ISLAND.props}="${escapeHtml(JSON.stringify(island.props))}"${island.personal ? ` ${ISLAND.personal}` : ''}` +
        `${LITE_ISLANDS.includes(island.name) ? ` ${LITE_ISLAND}` : ''}` +
        `${SIGNED_IN_ONLY_ISLANDS.includes(island.name) ? ` ${SIGNED_IN_ONLY}="${escapeHtml(authPageHref('login', context.location))}"` : ''} style="display:contents">`;
      return { slot: `<div ${SLOT_ATTRIBUTE}="${island.key}"></div>`, markup: `${open}${markup}</div>` };
    }),
  );
  let page = html;
  for (const { slot, markup } of rendered) {
    const at = page.indexOf(slot);
    if (at === -1) throw new Error(`island slot ${slot} is not in the page`);
    page = page.slice(0, at) + markup + page.slice(at + slot.length);
  }
  return page;
}
