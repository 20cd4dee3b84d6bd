import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/**
 * Keeps a crash in one part of the frame (the header, the footer) to that part: the page and the
 * rest of the frame stay. The part is replaced by a plain link home, which needs nothing that could
 * have failed (no translations, no data, no router context).
 */
export function ShellBoundary({ children, home }: { children: ReactNode; home: string }) {
  return (
    <ErrorBoundary
      fallback={
        <div className="px-4 py-3">
          <a href={home} className="font-semibold text-sky-900 underline">
            فروشگاه · Store
          </a>
        </div>
      }
      onError={(error) => console.error('part of the page failed', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
