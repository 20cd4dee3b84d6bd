import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthDialog } from '../../app/auth-dialog-context.tsx';
import { tokenStore } from '../../lib/token-store.ts';
import { notify } from '../../lib/toast.ts';
import { useIsSignedIn } from '../../lib/use-auth.ts';

/** Signed out: register and login open the dialog. Signed in: logout clears the token, goes home. */
export function AuthControls() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();

  const button = 'rounded-lg px-3 py-2 text-sm font-medium';
  if (signedIn) {
    return (
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
    );
  }
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={`${button} text-sky-900 hover:bg-sky-50`}
        onClick={() => openAuthDialog('register')}
      >
        {t('auth.register')}
      </button>
      <button
        type="button"
        className={`${button} bg-sky-800 text-white hover:bg-sky-900`}
        onClick={() => openAuthDialog('login')}
      >
        {t('auth.login')}
      </button>
    </div>
  );
}
