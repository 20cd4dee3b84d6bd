import { Suspense, type ComponentProps } from 'react';
import { IslandPageProvider } from './islands.tsx';
import { Overlays } from './overlays.tsx';
import { AppProviders } from './providers.tsx';

/**
 * What every island is rendered in, by the server (island-render.tsx) and by the browser that
 * hydrates it (island-client.tsx), so both draw the same markup with the same ids: the app's
 * providers, the island (in a Suspense boundary), and the dialogs it may open (mounted from their first use, nothing before).
 * The router around it is each side's own (a static one on the server; in the browser one whose
 * links load pages).
 */
export function IslandFrame({ i18n, queryClient, children }: ComponentProps<typeof AppProviders>) {
  return (
    <IslandPageProvider value={true}>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        {/* A part that waits for its code while hydrating (a lazy piece, DOMPurify) keeps the
            server's markup meanwhile, as the app's page boundary does. */}
        <Suspense fallback={null}>{children}</Suspense>
        <Overlays toasts={false} />
      </AppProviders>
    </IslandPageProvider>
  );
}
