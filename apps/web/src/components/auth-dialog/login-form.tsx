import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { activate } from '../../lib/api/activate.ts';
import { codeLogin } from '../../lib/api/code-login.ts';
import { useAuthOptions } from '../../lib/api/get-auth-options.ts';
import { useStoreIdentity } from '../../lib/api/get-store-identity.ts';
import { useLogin } from '../../lib/api/login.ts';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage, requestMessage } from '../../lib/error-messages.ts';
import { formatDigits } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { notify } from '../../lib/toast.ts';
import { telHref } from '../footer/footer.tsx';
import { CheckboxField, SubmitButton, useFormValues } from '../form-field.tsx';
import { AccountPasswordField, AccountPhoneField } from './account-fields.tsx';
import { CodeFlow } from './code-flow.tsx';
import { useFocusFirstInput } from './focus.ts';
import { LinkButton } from './code-step.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { useSignedIn } from './sign-in.ts';

export { LOGIN_RELOAD_DELAY } from './sign-in.ts';

/** Which of the login tab's ways is shown. */
type Mode = 'password' | 'code' | 'reset' | 'verify';

/**
 * The login tab: phone and password (the spec's form). When the store sends one-time codes (issue
 * 24) it also offers signing in by a code, a forgotten password reset by a code, and, for an account
 * whose phone is not confirmed yet, a code to confirm it; each ends signed in, as the password does.
 */
export function LoginForm({ initialPhone, onLoggedIn }: { initialPhone: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const form = useFormValues({ username: initialPhone, password: '' });
  const [remember, setRemember] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  const [mode, setMode] = useState<Mode>('password');
  const [notVerified, setNotVerified] = useState(false);
  // Back from a code flow, focus returns to the phone (the flow's "back" button has gone).
  const [returned, setReturned] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInput(formRef, returned && mode === 'password');
  const { sms_codes: codes } = useAuthOptions();
  const lang = useLanguage();
  const login = useLogin();
  const signedIn = useSignedIn(onLoggedIn);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotVerified(false);
    login.mutate(form.values, {
      onSuccess: signedIn,
      onError: (error) => {
        // The spec's 'NoActiveAccountFound' toast, chosen by the answer's code.
        if (error instanceof ApiError && error.code === 'no_active_account')
          notify.error(t('NoActiveAccountFound'));
        // A registration whose code was never entered: offer a new one rather than a dead end.
        else if (error instanceof ApiError && error.code === 'phone_not_verified') setNotVerified(true);
        else notify.error(failureMessage(error, t, t('toast.loginFailed')));
      },
    });
  };

  const toPassword = () => {
    setNotVerified(false);
    setReturned(true);
    setMode('password');
  };
  const phone = form.values.username.trim();
  if (mode === 'code')
    return (
      <CodeFlow
        purpose="login"
        initialPhone={phone}
        intro={t('codes.loginIntro')}
        submitLabel={t('codes.signIn')}
        verify={(to, code) => codeLogin(lang, { phone: to, code })}
        onVerified={signedIn}
        onBack={toPassword}
      />
    );
  if (mode === 'verify')
    return (
      <CodeFlow
        purpose="register"
        initialPhone={phone}
        intro={t('codes.verifyIntro')}
        submitLabel={t('codes.confirm')}
        verify={(to, code) => activate(lang, { phone: to, code })}
        onVerified={signedIn}
        onBack={toPassword}
      />
    );
  if (mode === 'reset')
    return <ResetPasswordForm initialPhone={phone} onVerified={signedIn} onBack={toPassword} />;

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
      {notVerified && (
        <div
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800"
        >
          <p>{requestMessage('phone_not_verified', t)}</p>
          <p className="mt-2">
            <LinkButton onClick={() => setMode('verify')}>{t('codes.confirmPhone')}</LinkButton>
          </p>
        </div>
      )}
      <AccountPhoneField {...form.bind('username')} />
      <AccountPasswordField autoComplete="current-password" {...form.bind('password')} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <CheckboxField label={t('dialog.rememberMe')} checked={remember} onChange={setRemember} />
        {codes ? (
          // With codes, a forgotten password is reset here rather than by calling the store.
          <LinkButton onClick={() => setMode('reset')}>{t('dialog.forgotPassword')}</LinkButton>
        ) : (
          <button
            type="button"
            aria-expanded={showHelp}
            aria-controls={`${id}-help`}
            className="text-sky-900 underline underline-offset-4"
            onClick={() => setShowHelp((v) => !v)}
          >
            {t('dialog.forgotPassword')}
          </button>
        )}
      </div>
      <p id={`${id}-help`} hidden={!showHelp} className="rounded-lg bg-sky-50 p-3 text-sm text-slate-800">
        <ForgotPasswordHelp />
      </p>
      <SubmitButton
        pending={login.isPending}
        disabled={login.isSuccess}
        label={t('dialog.submitLogin')}
        pendingLabel={t('dialog.sending')}
        fullWidth
      />
      {codes && (
        <p className="text-center text-sm">
          <LinkButton onClick={() => setMode('code')}>{t('codes.withCode')}</LinkButton>
        </p>
      )}
    </form>
  );
}

/** How to get a new password: call the store's own phones (its identity), or contact it when it has none. */
function ForgotPasswordHelp() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const phones = useStoreIdentity().data?.phones ?? [];
  if (phones.length === 0) return t('dialog.forgotPasswordHelpNoPhone');
  return (
    <>
      {t('dialog.forgotPasswordHelp')}{' '}
      {phones.map((phone, i) => (
        <span key={phone}>
          {i > 0 ? (lang === 'fa' ? '، ' : ', ') : null}
          <a href={telHref(phone)} className="text-sky-900 underline underline-offset-4">
            <bdi dir="ltr">{formatDigits(phone, lang)}</bdi>
          </a>
        </span>
      ))}
    </>
  );
}
