import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuthShell } from '../../components/shell.tsx';
import { ErrorAlert, Loading } from '../../components/ui.tsx';
import { authApi, useSetupStatus, useStartSession } from './api.ts';
import { AuthForm, EmailField, NameField, PasswordField } from './auth-form.tsx';

export function SetupPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const status = useSetupStatus();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const setup = useStartSession(authApi.setup);

  // The form is there at once and keeps what was typed (or filled in by a password manager)
  // whatever the status check answers after; only a finished setup replaces it.
  if (status.data && !status.data.needed)
    return (
      <AuthShell title={t('setup.title')}>
        <p>
          {t('setup.done')}{' '}
          <Link to="/sign-in" className="text-sky-900 underline">
            {t('signIn.title')}
          </Link>
        </p>
      </AuthShell>
    );
  return (
    <AuthShell title={t('setup.title')}>
      <p className="mb-3 text-slate-800">{t('setup.intro')}</p>
      {status.isPending ? <Loading /> : null}
      <ErrorAlert error={status.error} />
      <AuthForm
        save={setup}
        submitLabel={t('setup.submit')}
        onSubmit={() => setup.mutate({ token, email, name, password })}
      >
        <NameField value={name} onChange={setName} />
        <EmailField value={email} onChange={setEmail} />
        <PasswordField isNew value={password} onChange={setPassword} />
      </AuthForm>
    </AuthShell>
  );
}
