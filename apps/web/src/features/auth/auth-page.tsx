import { useEffect } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { Island } from '../../app/islands.tsx';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_PAGES, type AuthTab } from '../../app/auth-pages.ts';
import { BASENAME } from '../../app/basename.ts';
import { PageMain } from '../../app/root-layout.tsx';
import { LoginForm } from '../../components/auth-dialog/login-form.tsx';
import { RegisterForm } from '../../components/auth-dialog/register-form.tsx';
import { page } from '../../lib/page.ts';
import { useIsSignedIn } from '../../lib/use-auth.ts';
import { useBrowserValue } from '../../lib/use-browser-value.ts';
import { loginHead, registerHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { safeReturnTarget } from './sign-in-page.tsx';

/**
 * /app/login and /app/register: the login/register dialog's two tabs as a page, where the header's
 * controls lead before the app has hydrated (once hydrated they open the dialog). The server draws
 * the forms; they send once the app is ready (a press before then is replayed, what was typed kept:
 * app/early-input.ts). The tabs are links between the two pages, so they work at any moment. After a
 * login the visitor goes back (`?next=`, an /app path) or home, in a new page load as the dialog's
 * reload; after registering, to the login tab with the phone filled in. On an islands page the
 * content is the island (`auth`).
 */
export default function AuthPage() {
  const location = useLocation();
  usePageHead(location.pathname === AUTH_PAGES.register ? registerHead : loginHead, undefined);
  return (
    <PageMain>
      {/* The page is its form: hydrated as soon as it is shown (the phone just registered is filled in
          then, and a press or typing before is kept and replayed either way). */}
      <Island name="auth" load="visible" personal>
        <AuthPanel />
      </Island>
    </PageMain>
  );
}

/** Where a registration leaves its phone for the login tab it leads to (read once, there). */
const REGISTERED_PHONE = 'storefront.registeredPhone';

/** The phone just registered in this document, once read or kept; undefined before. */
let registered: string | undefined;

/** The phone just registered: kept in this document, or by the previous one in session storage (read once). */
function registeredPhone(): string {
  if (registered === undefined) {
    try {
      registered = window.sessionStorage.getItem(REGISTERED_PHONE) ?? '';
      window.sessionStorage.removeItem(REGISTERED_PHONE);
    } catch {
      // Storage blocked: the login form starts empty.
      registered = '';
    }
  }
  return registered;
}

/**
 * The phone just registered, for the login tab's form. Read after hydration (the server drew the
 * form empty): on an islands page the login tab is another document, which router state would not
 * reach.
 */
function useRegisteredPhone(loginTab: boolean): string {
  const phone = useBrowserValue(registeredPhone, '');
  // Shown on the login tab: a later page does not fill it in again (in the app the tab took this
  // document's copy, and the stored one is left). Never on the register tab, which has just kept it
  // for the next page.
  useEffect(() => {
    if (!loginTab) return;
    try {
      window.sessionStorage.removeItem(REGISTERED_PHONE);
    } catch {
      // Storage blocked: nothing was kept there.
    }
  }, [loginTab, phone]);
  return phone;
}

function keepRegisteredPhone(phone: string): void {
  registered = phone;
  try {
    window.sessionStorage.setItem(REGISTERED_PHONE, phone);
  } catch {
    // Storage blocked: in the app the login tab still has it (above); a new page starts empty.
  }
}

/** The page's content: the tabs and the tab's form, or for a signed-in visitor the way back. */
export function AuthPanel() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const tab: AuthTab = location.pathname === AUTH_PAGES.register ? 'register' : 'login';
  const target = safeReturnTarget(params.get('next'));
  const registeredPhone = useRegisteredPhone(tab === 'login');
  // Signed in (a password, a code, or a new account's code): back where the visitor came from.
  const goBack = () => page.assign(`${BASENAME}${target ?? '/'}`);

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `flex-1 border-b-2 px-4 py-2 text-center text-sm font-semibold ${
      isActive ? 'border-sky-800 text-sky-900' : 'border-transparent text-slate-600 hover:text-slate-900'
    }`;
  const button = 'rounded-lg px-5 py-2.5 font-semibold';

  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('dialog.title')}</h1>
      <p className="mb-5 text-sm text-slate-600">{t('dialog.description')}</p>
      {signedIn ? (
        <>
          <p className="mb-6 text-slate-700">{t('signIn.signedIn', { ns: 'pages' })}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={target ?? '/'} className={`${button} bg-sky-800 text-white hover:bg-sky-900`}>
              {target ? t('signIn.goBack', { ns: 'pages' }) : t('signIn.goHome', { ns: 'news' })}
            </Link>
          </div>
        </>
      ) : (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <nav aria-label={t('dialog.title')} className="mb-5 flex">
            {(['login', 'register'] as const).map((each) => (
              <NavLink
                key={each}
                to={{ pathname: AUTH_PAGES[each], search: location.search }}
                replace
                className={tabClass}
              >
                {t(each === 'login' ? 'dialog.loginTab' : 'dialog.registerTab')}
              </NavLink>
            ))}
          </nav>
          {tab === 'login' ? (
            <LoginForm key={registeredPhone} initialPhone={registeredPhone} onLoggedIn={goBack} />
          ) : (
            <RegisterForm
              onRegistered={(phone) => {
                keepRegisteredPhone(phone);
                void navigate({ pathname: AUTH_PAGES.login, search: location.search });
              }}
              onLoggedIn={goBack}
            />
          )}
        </div>
      )}
    </div>
  );
}
