import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Runs `onHydrated` once, after the first commit. A wrapper around its one child, not a sibling: a
 * second child would change the ids React's useId gives the tree, which must be the server's.
 */
export function AfterFirstCommit({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onHydrated();
  }, [onHydrated]);
  return children;
}
