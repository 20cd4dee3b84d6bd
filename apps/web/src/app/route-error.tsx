import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';
import { LoadingNote } from '../components/skeleton.tsx';
import { page } from '../lib/page.ts';
import { hasReloadedForChunk, isChunkLoadError, reloadOnceForChunk } from './lazy-route.ts';

/**
 * The route error boundary: a translated message and a retry. A chunk that failed reloads the page
 * once (a deploy replaced the build); if it fails again the message shows, and retry reloads. Other
 * failures refetch what failed and render the route again.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chunk = isChunkLoadError(error);
  // Read once when the boundary mounts: a chunk failure not yet answered by a reload.
  const [reloading] = useState(() => chunk && !hasReloadedForChunk());

  useEffect(() => {
    if (reloading) reloadOnceForChunk(() => page.reload());
  }, [reloading]);

  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      {reloading ? (
        <LoadingNote />
      ) : (
        <ErrorPanel
          error={error}
          headingLevel={1}
          onRetry={() => {
            if (chunk) {
              page.reload();
              return;
            }
            void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
            void navigate(location, { replace: true });
          }}
        />
      )}
    </main>
  );
}
