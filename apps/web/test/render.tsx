import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createI18n } from '../src/app/i18n.ts';
import { AppProviders } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { routeContext } from '../src/app/route-data.ts';
import { BASENAME, routes } from '../src/app/routes.tsx';
import { toLanguage } from '../src/lib/languages.ts';

/**
 * Renders the whole app (real routes, providers, translations and API server) at an /app path.
 * The language is the detected one: set `lng` to keep it first (local storage and cookie).
 */
export async function renderApp(path = '/', options: { lng?: 'fa' | 'en' } = {}) {
  // As the app keeps a choice: in local storage and in the cookie (which comes first in detection).
  if (options.lng) {
    window.localStorage.setItem('i18nextLng', options.lng);
    document.cookie = `i18next=${options.lng}; path=/`;
  }
  const i18n = await createI18n();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, {
    initialEntries: [`${BASENAME}${path}`],
    basename: BASENAME,
    getContext: routeContext({
      queryClient,
      language: () => toLanguage(i18n.resolvedLanguage ?? i18n.language),
      waitForData: false,
    }),
  });
  const user = userEvent.setup();
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, i18n, queryClient, router, user };
}

/** The whole app at that path in that language, once its page has drawn its main heading. */
export async function renderPage(lng: 'fa' | 'en', path = '/') {
  const app = await renderApp(path, { lng });
  await screen.findByRole('heading', { level: 1 });
  return app;
}
