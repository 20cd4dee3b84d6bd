import { useTranslation } from '../../app/translate.tsx';
import { Link, useNavigate } from 'react-router';
import { AuthPageLink } from '../auth-dialog/auth-page-link.tsx';
import { LOGIN_RELOAD_DELAY } from '../auth-dialog/sign-in.ts';
import { useIslandPage } from '../../app/islands.tsx';
import { tokenStore } from '../../lib/token-store.ts';
import { notify } from '../../lib/toast.ts';
import { useIsSignedIn } from '../../lib/use-auth.ts';

/**
 * Signed out: register and login open the dialog (links to the tabs' own pages until hydrated:
 * AuthPageLink). Signed in: "my requests" (the user's enquiries), and logout, which clears the token
 * and goes home.
 */
export function AuthControls() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const islandPage = useIslandPage();

  const button = 'rounded-lg px-3 py-2 text-sm font-medium';
  // `data-current`: the visitor's (CSS hides the other: styles.css). On an islands page the server
  // draws both, since only the browser knows the visitor: until the header hydrates, the loader's
  // SIGNED_IN mark chooses, so a signed-in visitor's header needs no script (its logout is held and
  // replayed as any early press). The app draws only the visitor's.
  const current = (mine: boolean) => (mine ? { 'data-current': '' } : {});
  const signedInControls = (
    <div className="flex items-center gap-1" data-auth-controls="in" {...current(signedIn)}>
      <Link to="/account/requests" className={`${button} text-sky-900 hover:bg-sky-50`}>
        {t('auth.myRequests')}
      </Link>
      <button
        type="button"
        className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
        onClick={() => {
          tokenStore.clear();
          notify.info(t('auth.loggedOut'));
          // On an islands page home is another document, which the toast would not reach: it is
          // read first (the header shows the signed-out state meanwhile), as a login's toast is.
          if (islandPage) window.setTimeout(() => void navigate('/'), LOGIN_RELOAD_DELAY);
          else void navigate('/');
        }}
      >
        {t('auth.logout')}
      </button>
    </div>
  );
  const signedOutControls = (
    <div className="flex items-center gap-1" data-auth-controls="out" {...current(!signedIn)}>
      <AuthPageLink tab="register" className={`${button} text-sky-900 hover:bg-sky-50`}>
        {t('auth.register')}
      </AuthPageLink>
      <AuthPageLink tab="login" className={`${button} bg-sky-800 text-white hover:bg-sky-900`}>
        {t('auth.login')}
      </AuthPageLink>
    </div>
  );
  if (!islandPage) return signedIn ? signedInControls : signedOutControls;
  return (
    <>
      {signedOutControls}
      {signedInControls}
    </>
  );
}
