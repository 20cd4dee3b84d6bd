import { Suspense, lazy, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from './translate.tsx';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer/footer.tsx';
import { Header } from '../components/header/header.tsx';
import { LoadingNote } from '../components/skeleton.tsx';
import { BASENAME } from './basename.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ShellBoundary } from './shell-boundary.tsx';
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
function WhenNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [loaded, setLoaded] = useState(needed);
  if (needed && !loaded) setLoaded(true);
  return loaded || needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The dialogs and toasts, each mounted from its first use. */
function Overlays() {
  const auth = useAuthDialog();
  const modal = useModal();
  const toasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  return (
    <>
      <WhenNeeded needed={auth.open}>
        <AuthDialog />
      </WhenNeeded>
      <WhenNeeded needed={modal.open}>
        <GlobalModal />
      </WhenNeeded>
      <WhenNeeded needed={toasts}>
        <Toasts />
      </WhenNeeded>
    </>
  );
}

/**
 * Every page: skip link, header, the page, footer; the dialogs and toasts live here once. A crash in
 * the header or footer stays there (ShellBoundary); one in the page is the route's error boundary's.
 */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold text-sky-900 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t('skipToContent')}
      </a>
      <ProgressBar />
      <ShellBoundary home={`${BASENAME}/`}>
        <Header />
      </ShellBoundary>
      <Suspense fallback={<LoadingNote />}>
        <Outlet />
      </Suspense>
      <ShellBoundary home={`${BASENAME}/`}>
        <Footer />
      </ShellBoundary>
      <Overlays />
      <ScrollRestoration />
    </div>
  );
}

/** The frame of a page: the main landmark. */
export function PageMain({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none">
      {children}
    </main>
  );
}
