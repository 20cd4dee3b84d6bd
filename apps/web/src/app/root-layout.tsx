import { Suspense } from 'react';
import { useTranslation } from './translate.tsx';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer/footer.tsx';
import { Header } from '../components/header/header.tsx';
import { LoadingNote } from '../components/skeleton.tsx';
import { BASENAME } from './basename.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ShellBoundary } from './shell-boundary.tsx';
import { Island } from './islands.tsx';
import { Overlays } from './overlays.tsx';

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
        <Island name="header">
          <Header />
        </Island>
      </ShellBoundary>
      <Suspense fallback={<LoadingNote />}>
        <Outlet />
      </Suspense>
      <ShellBoundary home={`${BASENAME}/`}>
        <Footer />
      </ShellBoundary>
      <Overlays toasts />
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
