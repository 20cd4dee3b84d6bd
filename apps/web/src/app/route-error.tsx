import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';

/**
 * The route error boundary: a translated message and a retry. A chunk failure retries by reloading
 * the page (a new build); other failures refetch what failed and render the route again.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <ErrorPanel
        error={error}
        headingLevel={1}
        onRetry={() => {
          if (chunk) {
            window.location.reload();
            return;
          }
          void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
          void navigate(location, { replace: true });
        }}
      />
    </main>
  );
}
