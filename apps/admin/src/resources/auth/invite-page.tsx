import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthShell } from '../../components/shell.tsx';
import { ErrorAlert, Loading } from '../../components/ui.tsx';
import { authApi, useInvite, useStartSession } from './api.ts';
import { AuthForm, NameField, PasswordField } from './auth-form.tsx';

export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invite = useInvite(token);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useStartSession((body: { name: string; password: string }) =>
    authApi.acceptInvite(token, body),
  );

  // The form is there at once and keeps what was typed (or filled in by a password manager)
  // whatever the invitation's details answer after: they only add the greeting and the address.
  return (
    <AuthShell title={t('invite.title')}>
      {invite.data ? (
        <p className="mb-3 text-slate-800">
          {t('invite.intro', { email: invite.data.email, role: t(`roles.${invite.data.role}`) })}
        </p>
      ) : null}
      {invite.isPending ? <Loading /> : null}
      <ErrorAlert error={invite.error} />
      <AuthForm
        save={accept}
        submitLabel={t('invite.submit')}
        onSubmit={() => accept.mutate({ name, password })}
      >
        {/* For password managers: the account the new password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={invite.data?.email ?? ''}
          readOnly
          hidden
        />
        <NameField value={name} onChange={setName} />
        <PasswordField isNew value={password} onChange={setPassword} />
      </AuthForm>
    </AuthShell>
  );
}
