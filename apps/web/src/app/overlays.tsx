import { Suspense, lazy, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toastsWanted } from '../lib/toast.ts';
import { useAuthDialog } from './auth-dialog-context.tsx';
import { useModal } from './modal-context.tsx';

// Loaded the first time they are needed, not with the first paint (Radix dialogs, react-toastify).
const AuthDialog = lazy(() =>
  import('../components/auth-dialog/auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })),
);
const GlobalModal = lazy(() =>
  import('../components/modal/global-modal.tsx').then((m) => ({ default: m.GlobalModal })),
);
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/** Renders its children from the first time `needed` is true on (so closing keeps them mounted). */
export function WhenNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [loaded, setLoaded] = useState(needed);
  if (needed && !loaded) setLoaded(true);
  return loaded || needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The toasts' containers, mounted with the first toast (lib/toast.ts). */
export function ToastsWhenWanted() {
  const toasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  return (
    <WhenNeeded needed={toasts}>
      <Toasts />
    </WhenNeeded>
  );
}

/**
 * The dialogs (and, in the app, the toasts), each mounted from its first use: once in the app's root
 * layout; in each island of an islands page (app/island-frame.tsx), whose toasts have one root of
 * their own (app/island-client.tsx) since two containers would show each toast twice.
 */
export function Overlays({ toasts }: { toasts: boolean }) {
  const auth = useAuthDialog();
  const modal = useModal();
  return (
    <>
      <WhenNeeded needed={auth.open}>
        <AuthDialog />
      </WhenNeeded>
      <WhenNeeded needed={modal.open}>
        <GlobalModal />
      </WhenNeeded>
      {toasts && <ToastsWhenWanted />}
    </>
  );
}
