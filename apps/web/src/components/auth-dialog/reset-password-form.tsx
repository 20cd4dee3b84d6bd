import { useState } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import type { TokenPair } from '../../lib/api/login.ts';
import { resetPassword } from '../../lib/api/reset-password.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { PasswordField, useFormValues } from '../form-field.tsx';
import { CodeFlow } from './code-flow.tsx';

/**
 * A forgotten password, when the store sends codes: the phone, then the texted code with the new
 * password twice (the two must match here; the server applies the registration's password rules),
 * and the account is signed in with it.
 */
export function ResetPasswordForm({
  initialPhone,
  onVerified,
  onBack,
}: {
  initialPhone: string;
  onVerified: (tokens: TokenPair) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useFormValues({ password: '', repeat: '' });
  const [errors, setErrors] = useState<{ password?: string[]; repeat?: string[] }>({});

  return (
    <CodeFlow
      purpose="reset"
      initialPhone={initialPhone}
      intro={t('codes.resetIntro')}
      submitLabel={t('codes.setPassword')}
      verify={(phone, code) => resetPassword(lang, { phone, code, password: form.values.password })}
      onVerified={onVerified}
      onBack={onBack}
      extras={{
        validate: () => {
          if (form.values.password === form.values.repeat) return true;
          setErrors({ repeat: [t('codes.passwordsDiffer')] });
          return false;
        },
        onFieldErrors: (fields) => setErrors({ password: fields.password }),
        children: (
          <>
            <PasswordField
              label={t('codes.newPassword')}
              autoComplete="new-password"
              errors={errors.password}
              {...form.bind('password')}
            />
            <PasswordField
              label={t('codes.repeatNewPassword')}
              autoComplete="new-password"
              errors={errors.repeat}
              {...form.bind('repeat')}
            />
          </>
        ),
      }}
    />
  );
}
