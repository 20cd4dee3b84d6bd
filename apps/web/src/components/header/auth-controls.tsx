import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { Link, useLocation, useNavigate } from 'react-router';
import { authPageLocation, useAuthDialog, type AuthTab } from '../../app/auth-dialog-context.tsx';
import { BASENAME } from '../../app/basename.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { notify } from '../../lib/toast.ts';
import { useIsSignedIn } from '../../lib/use-auth.ts';

/**
 * Signed out: register and login open the dialog. They are links to the tabs' own pages
 * (/app/register, /app/login), so a press before the app hydrates is not lost; once hydrated a plain
 * click (or Enter, or Space: they act as buttons) opens the dialog instead, and a click that asks for
 * a new tab or window still follows the link. Signed in: "my requests" (the user's enquiries), and
 * logout, which clears the token and goes home.
 */
export function AuthControls() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const location = useLocation();

  const button = 'rounded-lg px-3 py-2 text-sm font-medium';
  if (signedIn) {
    return (
      <div className="flex items-center gap-1">
        <Link to="/account/requests" className={`${button} text-sky-900 hover:bg-sky-50`}>
          {t('auth.myRequests')}
        </Link>
        <button
          type="button"
          className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
          onClick={() => {
            tokenStore.clear();
            notify.info(t('auth.loggedOut'));
            void navigate('/');
          }}
        >
          {t('auth.logout')}
        </button>
      </div>
    );
  }
  const opener = (tab: AuthTab) => ({
    to: authPageLocation(tab, location, BASENAME),
    role: 'button',
    'aria-haspopup': 'dialog' as const,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openAuthDialog(tab);
    },
    onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      openAuthDialog(tab);
    },
  });
  return (
    // data-auth-controls: hidden for a signed-in visitor until the header's island hydrates (styles.css).
    <div className="flex items-center gap-1" data-auth-controls="">
      <Link {...opener('register')} className={`${button} text-sky-900 hover:bg-sky-50`}>
        {t('auth.register')}
      </Link>
      <Link {...opener('login')} className={`${button} bg-sky-800 text-white hover:bg-sky-900`}>
        {t('auth.login')}
      </Link>
    </div>
  );
}
