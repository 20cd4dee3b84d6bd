import { D as useAuthDialog, c as useIsSignedIn, n as PageMain, w as BASENAME } from '../entry-server.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/features/auth/sign-in-page.tsx
/** The sign-in target's own path inside the app (never a return target: that would loop). */
var SELF = '/s';
/** The page's origin; in the server-side render, a stand-in (only same-origin paths pass either way). */
function pageOrigin() {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
/**
 * Where /app/s may send the visitor back to, as a router path (without the /app basename), or null.
 * Accepted: a same-origin /app path as a string (`?next=/app/product/3?x=1#y`), or a router location
 * (`state.from`, as `useLocation()` gives it: pathname without the basename, search, hash). Refused:
 * other origins, protocol-relative `//host`, backslashes and control characters, paths outside /app,
 * dot segments that climb out of it, and /app/s itself.
 */
function safeReturnTarget(raw, origin = pageOrigin()) {
  let candidate;
  if (typeof raw === 'string') candidate = raw;
  else if (raw && typeof raw === 'object' && typeof raw.pathname === 'string') {
    const { pathname, search, hash } = raw;
    if (!pathname.startsWith('/')) return null;
    candidate = `${BASENAME}${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  } else return null;
  if (candidate.length > 2e3 || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  let url;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname !== '/app' && !url.pathname.startsWith(`/app/`)) return null;
  const path = url.pathname.slice(4) || '/';
  if (path.startsWith('//') || path.replace(/\/+$/, '') === SELF) return null;
  return `${path}${url.search}${url.hash}`;
}
/**
 * /app/s: where a like without a token leads. Says why (liking needs an account) and offers the
 * login/register dialog one click away (not opened by itself: a dialog over the page would hide the
 * explanation from screen readers, and the page's main landmark with it), and once signed in goes
 * back to the page the visitor came from: `?next=` (an /app path) or the router state `from`.
 */
function SignInPage() {
  const { t } = useTranslation('news');
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state;
  const target = safeReturnTarget(params.get('next')) ?? safeReturnTarget(state?.from);
  usePageTitle(t('signIn.documentTitle'));
  useEffect(() => {
    if (signedIn && target) navigate(target, { replace: true });
  }, [signedIn, target, navigate]);
  const button = 'rounded-lg px-5 py-2.5 font-semibold';
  return /* @__PURE__ */ jsx(PageMain, {
    children: /* @__PURE__ */ jsxs('div', {
      className: 'mx-auto max-w-lg py-12 text-center',
      children: [
        /* @__PURE__ */ jsx('h1', {
          className: 'mb-3 text-2xl font-bold text-slate-900',
          children: t('signIn.title', { ns: 'pages' }),
        }),
        signedIn
          ? target
            ? /* @__PURE__ */ jsx('p', {
                role: 'status',
                className: 'text-slate-700',
                children: t('signIn.returning'),
              })
            : /* @__PURE__ */ jsxs(Fragment, {
                children: [
                  /* @__PURE__ */ jsx('p', {
                    className: 'mb-6 text-slate-700',
                    children: t('signIn.signedIn', { ns: 'pages' }),
                  }),
                  /* @__PURE__ */ jsxs('div', {
                    className: 'flex flex-wrap justify-center gap-3',
                    children: [
                      /* @__PURE__ */ jsx(Link, {
                        to: '/',
                        className: `${button} bg-sky-800 text-white hover:bg-sky-900`,
                        children: t('signIn.goHome'),
                      }),
                      /* @__PURE__ */ jsx(Link, {
                        to: '/products',
                        className: `${button} border border-sky-800 text-sky-900 hover:bg-sky-50`,
                        children: t('signIn.goProducts'),
                      }),
                    ],
                  }),
                ],
              })
          : /* @__PURE__ */ jsxs(Fragment, {
              children: [
                /* @__PURE__ */ jsx('p', {
                  className: 'mb-2 text-slate-800',
                  'data-testid': 'sign-in-why',
                  children: t('signIn.why'),
                }),
                target &&
                  /* @__PURE__ */ jsx('p', {
                    className: 'mb-6 text-sm text-slate-600',
                    children: t('signIn.returnNote'),
                  }),
                /* @__PURE__ */ jsxs('div', {
                  className: 'mt-6 flex flex-wrap justify-center gap-3',
                  children: [
                    /* @__PURE__ */ jsx('button', {
                      type: 'button',
                      onClick: () => openAuthDialog('login'),
                      className: `${button} bg-sky-800 text-white hover:bg-sky-900`,
                      children: t('signIn.login'),
                    }),
                    /* @__PURE__ */ jsx('button', {
                      type: 'button',
                      onClick: () => openAuthDialog('register'),
                      className: `${button} border border-sky-800 text-sky-900 hover:bg-sky-50`,
                      children: t('signIn.register'),
                    }),
                  ],
                }),
              ],
            }),
      ],
    }),
  });
}
export { SignInPage as default, safeReturnTarget };

//# sourceMappingURL=sign-in-page-BqNovshw.js.map
