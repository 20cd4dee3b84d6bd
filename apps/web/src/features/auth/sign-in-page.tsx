import { useTranslation } from 'react-i18next';
import { useAuthDialog } from '../../app/auth-dialog-context.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { useIsSignedIn } from '../../lib/use-auth.ts';

/** /app/s: where a like without a token leads; offers the login dialog. */
export default function SignInPage() {
  const { t } = useTranslation('pages');
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  return (
    <PageMain>
      <div className="mx-auto max-w-md py-12 text-center">
        <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('signIn.title')}</h1>
        {signedIn ? (
          <p className="text-slate-700">{t('signIn.signedIn')}</p>
        ) : (
          <>
            <p className="mb-6 text-slate-700">{t('signIn.text')}</p>
            <button
              type="button"
              onClick={() => openAuthDialog('login')}
              className="rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
            >
              {t('signIn.open')}
            </button>
          </>
        )}
      </div>
    </PageMain>
  );
}
