import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createI18n } from '../src/app/i18n.ts';
import { AppProviders } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { BASENAME, routes } from '../src/app/routes.tsx';

/**
 * Renders the whole app (real routes, providers, translations and API server) at an /app path.
 * The language is the detected one: set `lng` to put it in local storage first.
 */
export async function renderApp(path = '/', options: { lng?: 'fa' | 'en' } = {}) {
  if (options.lng) window.localStorage.setItem('i18nextLng', options.lng);
  const i18n = await createI18n();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [`${BASENAME}${path}`], basename: BASENAME });
  const user = userEvent.setup();
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, i18n, queryClient, router, user };
}
