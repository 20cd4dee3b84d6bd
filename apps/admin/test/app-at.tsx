import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../src/app/routes.tsx';
import { setCsrfToken } from '../src/lib/api.ts';
import type { Language } from '../src/lib/i18n.ts';
import { renderWithProviders } from './render.tsx';

/** The whole back office at `path`, signed in (a CSRF token set); returns its router. */
export function renderAppAt(path: string, language: Language = 'en') {
  setCsrfToken('tok');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, language);
  return router;
}

/** After each test: the real fetch back, no session token. */
export function resetApp() {
  vi.unstubAllGlobals();
  setCsrfToken(null);
}

/** The router's query string as an object. */
export function searchOf(router: ReturnType<typeof renderAppAt>) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}
