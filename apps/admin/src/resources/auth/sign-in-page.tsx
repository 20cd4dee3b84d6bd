import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/shell.tsx';
import { TextField } from '../../components/ui.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { authApi, useStartSession } from './api.ts';
import { AuthForm, EmailField, PasswordField } from './auth-form.tsx';

/** Only paths inside the app are followed after signing in. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function needsCode(error: unknown) {
  return error instanceof ApiError && error.code === 'totp_required';
}

export function SignInPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const codeRef = useRef<HTMLDivElement>(null);
  const signIn = useStartSession(authApi.signIn, next);

  if (session.data) return <Navigate to={next} replace />;

  function onSubmit() {
    signIn.mutate(
      { email, password, ...(needCode ? { code } : {}) },
      {
        onError: (error) => {
          // Not an error to show: the account has two-factor on, so the code's field appears.
          if (!needsCode(error)) return;
          setNeedCode(true);
          setTimeout(() => codeRef.current?.querySelector('input')?.focus(), 0);
        },
      },
    );
  }

  return (
    <AuthShell title={t('signIn.title')}>
      <AuthForm
        save={signIn}
        error={needsCode(signIn.error) ? null : signIn.error}
        onSubmit={onSubmit}
        submitLabel={t('signIn.submit')}
      >
        <EmailField value={email} onChange={setEmail} />
        <PasswordField value={password} onChange={setPassword} />
        {needCode ? (
          <div ref={codeRef}>
            <p className="mb-2 text-sm text-slate-800">{t('signIn.codeHelp')}</p>
            <TextField
              label={t('signIn.code')}
              dir="ltr"
              autoComplete="one-time-code"
              inputMode="text"
              value={code}
              onChange={setCode}
              path="code"
              required
            />
          </div>
        ) : null}
      </AuthForm>
    </AuthShell>
  );
}
