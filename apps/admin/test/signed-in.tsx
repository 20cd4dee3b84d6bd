import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import type { Language } from '../src/lib/i18n.ts';
import { renderWithProviders } from './render.tsx';

/**
 * Renders `routes` at `path` as a signed-in staff member's browser holds them (the session's CSRF
 * token set, so writes carry it); the router comes back with the render, to read where it went.
 * Importing this file also clears the stubs and the token after each test.
 */
export function renderSignedIn(routes: RouteObject[], path: string, language: Language = 'en') {
  setCsrfToken('tok');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, language) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});
