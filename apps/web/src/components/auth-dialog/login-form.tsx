import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreIdentity } from '../../lib/api/get-store-identity.ts';
import { useLogin } from '../../lib/api/login.ts';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/error-messages.ts';
import { formatDigits } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { notify } from '../../lib/toast.ts';
import { telHref } from '../footer/footer.tsx';
import { CheckboxField, SubmitButton, useFormValues } from '../form-field.tsx';
import { AccountPasswordField, AccountPhoneField } from './account-fields.tsx';

/** After a successful login the dialog closes and the page reloads this long after the toast. */
export const LOGIN_RELOAD_DELAY = 1000;

export function LoginForm({ initialPhone, onLoggedIn }: { initialPhone: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const form = useFormValues({ username: initialPhone, password: '' });
  const [remember, setRemember] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  const login = useLogin();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(form.values, {
      onSuccess: (tokens) => {
        tokenStore.set(tokens.access);
        notify.success(t('LoginSuccess'));
        window.setTimeout(onLoggedIn, LOGIN_RELOAD_DELAY);
      },
      onError: (error) => {
        // The spec's 'NoActiveAccountFound' toast, chosen by the answer's code.
        if (error instanceof ApiError && error.code === 'no_active_account')
          notify.error(t('NoActiveAccountFound'));
        else notify.error(failureMessage(error, t, t('toast.loginFailed')));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <AccountPhoneField {...form.bind('username')} />
      <AccountPasswordField autoComplete="current-password" {...form.bind('password')} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <CheckboxField label={t('dialog.rememberMe')} checked={remember} onChange={setRemember} />
        <button
          type="button"
          aria-expanded={showHelp}
          aria-controls={`${id}-help`}
          className="text-sky-900 underline underline-offset-4"
          onClick={() => setShowHelp((v) => !v)}
        >
          {t('dialog.forgotPassword')}
        </button>
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
