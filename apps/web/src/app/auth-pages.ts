/**
 * The login and register pages and the way back to where the visitor was: plain values and functions,
 * no React, so that the account's light island (features/account/my-requests-list.tsx) and the
 * server's render of islands (island-render.tsx) use them without the dialog's context
 * (auth-dialog-context.tsx), as the dialog and the pages do.
 */
import { BASENAME } from './basename.ts';

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

/**
 * The address of a tab's page (under BASENAME, with the way back) from the address of the page the
 * visitor is on (`/app/account/requests?lng=fa`): for a page load, where a router location is not at
 * hand (the server's render of an island, an island without a router).
 */
export function authPageHref(tab: AuthTab, pathAndQuery: string): string {
  const here = new URL(pathAndQuery, 'http://localhost');
  const to = authPageLocation(
    tab,
    { pathname: here.pathname.slice(BASENAME.length) || '/', search: here.search },
    BASENAME,
  );
  return `${BASENAME}${to.pathname}${to.search}`;
}
