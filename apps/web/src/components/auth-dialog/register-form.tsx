import type { CodeSent } from '@storefront/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useModal } from '../../app/modal-context.tsx';
import { activate } from '../../lib/api/activate.ts';
import { useRegister } from '../../lib/api/register.ts';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage, fieldMessages } from '../../lib/error-messages.ts';
import { formatDigits } from '../../lib/format.ts';
import { notify } from '../../lib/toast.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { CheckboxField, EmailField, PasswordField, SubmitButton, useFormValues } from '../form-field.tsx';
import { AccountPasswordField, AccountPhoneField } from './account-fields.tsx';
import { CodeStep, retryAfterOf } from './code-step.tsx';
import { useFocusFirstInput } from './focus.ts';
import { useSignedIn } from './sign-in.ts';
import { useCooldown } from './use-cooldown.ts';

type Field = 'username' | 'email' | 'password' | 'form';

/**
 * Registration: phone, email, password, repeat password and terms. As the spec says, repeat-password
 * and terms are not checked or sent; unlike the spec, the server's field errors are shown under the
 * fields (duplicate phone, weak password, bad email). When the store sends one-time codes (issue 24)
 * the answer says a code was texted: the same place then asks for it, and the account, active once
 * the code is taken, is signed in (`onLoggedIn`); otherwise `onRegistered` (the login tab) as before.
 */
export function RegisterForm({
  onRegistered,
  onLoggedIn,
}: {
  onRegistered: (phone: string) => void;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { openModal, acceptRule, setAcceptRule } = useModal();
  const form = useFormValues({ username: '', email: '', password: '', 'repeat-password': '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [verification, setVerification] = useState<{ phone: string; sent: CodeSent }>();
  // Back from the code step ("change number"), focus returns to the phone.
  const [returned, setReturned] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInput(formRef, returned && !verification);
  // A phone that was just sent a code may not be sent another yet (429): the button says how long.
  const cooldown = useCooldown();
  const register = useRegister();
  const signedIn = useSignedIn(onLoggedIn);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const { username: phone, email, password } = form.values;
    register.mutate(
      { phone, email, password },
      {
        onSuccess: (user) => {
          if (user.verification) {
            setVerification({ phone, sent: user.verification });
            return;
          }
          notify.success(t('RegisterSuccess'));
          onRegistered(phone);
        },
        onError: (error) => {
          const wait = retryAfterOf(error);
          if (wait !== undefined) cooldown.start(wait);
          if (!(error instanceof ApiError) || error.status !== 400 || error.code !== undefined) {
            setErrors({ form: [failureMessage(error, t, t('toast.registerFailed'))] });
            return;
          }
          const next: Partial<Record<Field, string[]>> = {};
          for (const [key, messages] of Object.entries(fieldMessages(error, t))) {
            const field: Field =
              key === 'username'
                ? 'username'
                : key === 'password'
                  ? 'password'
                  : key === 'email' || key === 'Email address'
                    ? 'email'
                    : 'form';
            next[field] = [...(next[field] ?? []), ...messages];
          }
          if (Object.keys(next).length === 0) next.form = [t('toast.registerFailed')];
          setErrors(next);
        },
      },
    );
  };

  if (verification)
    return (
      <CodeStep
        phone={verification.phone}
        purpose="register"
        sent={verification.sent}
        submitLabel={t('codes.confirm')}
        verify={(code) => activate(lang, { phone: verification.phone, code })}
        onVerified={signedIn}
        onBack={() => {
          setReturned(true);
          setVerification(undefined);
        }}
        backLabel={t('codes.changeNumber')}
      />
    );

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
      {errors.form && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form.join(' ')}
        </div>
      )}
      <AccountPhoneField errors={errors.username} {...form.bind('username')} />
      <EmailField label={t('dialog.email')} errors={errors.email} {...form.bind('email')} />
      <AccountPasswordField autoComplete="new-password" errors={errors.password} {...form.bind('password')} />
      <PasswordField
        label={t('dialog.repeatPassword')}
        autoComplete="new-password"
        {...form.bind('repeat-password')}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <CheckboxField label={t('dialog.acceptTerms')} checked={acceptRule} onChange={setAcceptRule} />
        <button
          type="button"
          className="text-sky-900 underline underline-offset-4"
          onClick={() => openModal({ type: 'showRules' })}
        >
          {t('dialog.readRules')}
        </button>
      </div>
      <SubmitButton
        pending={register.isPending}
        disabled={cooldown.remaining > 0}
        label={
          cooldown.remaining > 0
            ? t('codes.registerIn', { seconds: formatDigits(cooldown.remaining, lang) })
            : t('dialog.submitRegister')
        }
        pendingLabel={t('dialog.sending')}
        fullWidth
      />
    </form>
  );
}
