import { STAFF_PASSWORD_MIN } from '@storefront/contracts/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFeedback, SubmitButton, type SaveState } from '../../components/form.tsx';
import { TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

/**
 * The form of sign-in, setup and an invitation: its fields, then the error, then the one wide
 * button. An invalid field is named at the field only (the form is short, all of it in view).
 */
export function AuthForm({
  save,
  error = save.error,
  onSubmit,
  submitLabel,
  children,
}: {
  save: SaveState;
  /** The error to show, when not the save's own (sign-in keeps "code needed" to itself). */
  error?: unknown;
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={onSubmit} save={save} error={error} fieldsOnly feedback="manual" className="space-y-3">
      {children}
      <FormFeedback />
      <SubmitButton className="w-full">{submitLabel}</SubmitButton>
    </Form>
  );
}

interface InputProps {
  value: string;
  onChange: (value: string) => void;
}

export function NameField(props: InputProps) {
  const { t } = useTranslation();
  return <TextField label={t('staff.name')} path="name" autoComplete="name" required {...props} />;
}

/** The staff member's address, which password managers take as the account's name. */
export function EmailField(props: InputProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('signIn.email')}
      type="email"
      dir="ltr"
      autoComplete="username"
      path="email"
      required
      {...props}
    />
  );
}

/** The password: the current one to sign in, or a new one (with its minimum length). */
export function PasswordField({ isNew = false, ...props }: InputProps & { isNew?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <TextField
      label={t('signIn.password')}
      type="password"
      dir="ltr"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      path="password"
      hint={
        isNew
          ? t('account.passwordHint', { count: STAFF_PASSWORD_MIN, formatted: f.number(STAFF_PASSWORD_MIN) })
          : undefined
      }
      required
      {...props}
    />
  );
}
