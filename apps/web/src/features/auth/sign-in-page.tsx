import { useEffect } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_PAGES } from '../../app/auth-pages.ts';
import { AuthPageLink } from '../../components/auth-dialog/auth-page-link.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { BASENAME } from '../../app/basename.ts';
import { useIsSignedIn } from '../../lib/use-auth.ts';
import { signInHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { Island } from '../../app/islands.tsx';

/** The sign-in target's and the account pages' paths inside the app (never return targets: loops). */
const SELF = ['/s', ...Object.values(AUTH_PAGES)];

/** The page's origin; in the server-side render, a stand-in (only same-origin paths pass either way). */
function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * Where /app/s may send the visitor back to, as a router path (without the /app basename), or null.
 * Accepted: a same-origin /app path as a string (`?next=/app/product/3?x=1#y`), or a router location
 * (`state.from`, as `useLocation()` gives it: pathname without the basename, search, hash). Refused:
 * other origins, protocol-relative `//host`, backslashes and control characters, paths outside /app,
 * dot segments that climb out of it, and /app/s, /app/login and /app/register themselves.
 */
export function safeReturnTarget(raw: unknown, origin: string = pageOrigin()): string | null {
  let candidate: string;
  if (typeof raw === 'string') {
    candidate = raw;
  } else if (raw && typeof raw === 'object' && typeof (raw as { pathname?: unknown }).pathname === 'string') {
    const { pathname, search, hash } = raw as { pathname: string; search?: unknown; hash?: unknown };
    if (!pathname.startsWith('/')) return null;
    candidate = `${BASENAME}${pathname}${typeof search === 'string' ? search : ''}${
      typeof hash === 'string' ? hash : ''
    }`;
  } else {
    return null;
  }
  if (candidate.length > 2000 || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname !== BASENAME && !url.pathname.startsWith(`${BASENAME}/`)) return null;
  const path = url.pathname.slice(BASENAME.length) || '/';
  if (path.startsWith('//') || SELF.includes(path.replace(/\/+$/, ''))) return null;
  return `${path}${url.search}${url.hash}`;
}

/**
 * /app/s: where a like without a token leads. Says why (liking needs an account) and offers the
 * login/register dialog one click away, not opened by itself (a dialog over the page would hide the
 * explanation from screen readers, and the page's main landmark with it); until the page's script
 * has run, the two are links to the tabs' pages (AuthPageLink). Once signed in it goes back to the
 * page the visitor came from: `?next=` (an /app path) or the router state `from`. On an islands page
 * the panel is the island (`signIn`): the rest is the server's.
 */
export default function SignInPage() {
  usePageHead(signInHead, undefined);
  return (
    <PageMain>
      <Island name="signIn" personal>
        <SignInPanel />
      </Island>
    </PageMain>
  );
}

/** The sign-in page's content: why, the two buttons, and the way back once signed in. */
export function SignInPanel() {
  const { t } = useTranslation('news');
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { from?: unknown } | null;
  const target = safeReturnTarget(params.get('next')) ?? safeReturnTarget(state?.from);

  useEffect(() => {
    if (signedIn && target) void navigate(target, { replace: true });
  }, [signedIn, target, navigate]);

  const button = 'rounded-lg px-5 py-2.5 font-semibold';
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('signIn.title', { ns: 'pages' })}</h1>
      {signedIn ? (
        target ? (
          <p role="status" className="text-slate-700">
            {t('signIn.returning')}
          </p>
        ) : (
          <>
            <p className="mb-6 text-slate-700">{t('signIn.signedIn', { ns: 'pages' })}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/" className={`${button} bg-sky-800 text-white hover:bg-sky-900`}>
                {t('signIn.goHome')}
              </Link>
              <Link to="/products" className={`${button} border border-sky-800 text-sky-900 hover:bg-sky-50`}>
                {t('signIn.goProducts')}
              </Link>
            </div>
          </>
        )
      ) : (
        <>
          <p className="mb-2 text-slate-800" data-testid="sign-in-why">
            {t('signIn.why')}
          </p>
          {target && <p className="mb-6 text-sm text-slate-600">{t('signIn.returnNote')}</p>}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AuthPageLink tab="login" className={`${button} bg-sky-800 text-white hover:bg-sky-900`}>
              {t('signIn.login')}
            </AuthPageLink>
            <AuthPageLink
              tab="register"
              className={`${button} border border-sky-800 text-sky-900 hover:bg-sky-50`}
            >
              {t('signIn.register')}
            </AuthPageLink>
          </div>
        </>
      )}
    </div>
  );
}
