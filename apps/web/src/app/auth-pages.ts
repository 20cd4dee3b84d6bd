/**
 * The login and register pages and the way back to where the visitor was: plain values and functions,
 * no React, so that the islands' loader (src/islands.ts) uses them as the dialog (auth-dialog-context.tsx)
 * and the pages do.
 */

export type AuthTab = 'login' | 'register';

/**
 * The dialog's two tabs as pages of their own (/app/login, /app/register): the header's controls
 * link there, so a press before the app hydrates (or without JavaScript) still leads to the forms;
 * once hydrated the same press opens the dialog instead.
 */
export const AUTH_PAGES: Record<AuthTab, string> = { login: '/login', register: '/register' };

/**
 * The router location of a tab's page, with the way back (`?next=`, an /app path: the page the
 * visitor is on, or on an account page the `next` it already carries) and the URL's `lng`.
 */
export function authPageLocation(
  tab: AuthTab,
  here: { pathname: string; search: string },
  basename: string,
): { pathname: string; search: string } {
  const current = new URLSearchParams(here.search);
  const onAuthPage = here.pathname === '/s' || Object.values(AUTH_PAGES).includes(here.pathname);
  const next = onAuthPage
    ? current.get('next')
    : `${basename}${here.pathname === '/' ? '/' : here.pathname}${here.search}`;
  const params = new URLSearchParams();
  if (next) params.set('next', next);
  // A language named in the URL stays (before hydration no cookie says it yet).
  const lng = current.get('lng');
  if (lng) params.set('lng', lng);
  const search = params.toString();
  return { pathname: AUTH_PAGES[tab], search: search ? `?${search}` : '' };
}

/**
 * /app/s, where a like without a token leads, with the same way back (`?next=`) and `lng` as the
 * tabs' pages: a query, not router state, so it survives the document load of an islands page.
 */
export function signInPageLocation(
  here: { pathname: string; search: string },
  basename: string,
): { pathname: string; search: string } {
  return { pathname: '/s', search: authPageLocation('login', here, basename).search };
}
