import { useTranslation } from '../../app/translate.tsx';
import { PasswordField, PhoneField, type FormFieldProps } from '../form-field.tsx';

/** The phone number that names an account (its username), as the sign-in and register forms ask for it. */
export function AccountPhoneField(props: Omit<FormFieldProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <PhoneField label={t('dialog.phone')} hint={t('dialog.phoneHint')} autoComplete="username" {...props} />
  );
}

/** The account's password (`autoComplete`: current-password to sign in, new-password to register). */
export function AccountPasswordField(props: Omit<FormFieldProps, 'label'>) {
  const { t } = useTranslation();
  return <PasswordField label={t('dialog.password')} {...props} />;
}
