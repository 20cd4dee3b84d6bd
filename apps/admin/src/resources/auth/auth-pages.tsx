import { STAFF_PASSWORD_MIN } from '@storefront/contracts/admin';
import type { FieldErrorCode } from '@storefront/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api.ts';
import { AuthShell } from '../../components/shell.tsx';
import { Button, ErrorAlert, FieldErrorsContext, Loading, TextField } from '../../components/ui.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { storeSession, useSession } from '../../lib/session.ts';

/** Only paths inside the app are followed after signing in. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** A submit handler's state: busy, the whole-request error, the field errors. */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  async function run(action: () => Promise<void>, onError?: (e: unknown) => boolean) {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
    } catch (e) {
      if (onError?.(e)) return;
      if (e instanceof ApiError && e.code === 'validation_failed') setFields(fieldErrorsOf(e));
      else setError(e);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, run, setError };
}

export function SignInPage() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const codeRef = useRef<HTMLDivElement>(null);
  const submit = useSubmit();

  if (session.data) return <Navigate to={next} replace />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit.run(
      async () => {
        const s = await api.signIn({ email, password, ...(needCode ? { code } : {}) });
        storeSession(client, s);
        await navigate(next, { replace: true });
      },
      (e) => {
        if (e instanceof ApiError && e.code === 'totp_required') {
          setNeedCode(true);
          setTimeout(() => codeRef.current?.querySelector('input')?.focus(), 0);
          return true;
        }
        return false;
      },
    );
  }

  return (
    <AuthShell title={t('signIn.title')}>
      <FieldErrorsContext.Provider value={submit.fields}>
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <TextField
            label={t('signIn.email')}
            type="email"
            dir="ltr"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            path="email"
            required
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            path="password"
            required
          />
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
          <ErrorAlert error={submit.error} />
          <Button type="submit" variant="primary" disabled={submit.busy} className="w-full">
            {t('signIn.submit')}
          </Button>
        </form>
      </FieldErrorsContext.Provider>
    </AuthShell>
  );
}

export function SetupPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { token = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const status = useQuery({ queryKey: ['setup'], queryFn: api.setupStatus, retry: false });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();

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
      <FieldErrorsContext.Provider value={submit.fields}>
        <p className="mb-3 text-slate-800">{t('setup.intro')}</p>
        {status.isPending ? <Loading /> : null}
        <ErrorAlert error={status.error} />
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit.run(async () => {
              storeSession(client, await api.setup({ token, email, name, password }));
              await navigate('/', { replace: true });
            });
          }}
        >
          <TextField
            label={t('staff.name')}
            value={name}
            onChange={setName}
            path="name"
            autoComplete="name"
            required
          />
          <TextField
            label={t('signIn.email')}
            type="email"
            dir="ltr"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            path="email"
            required
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            dir="ltr"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            path="password"
            hint={t('account.passwordHint', {
              count: STAFF_PASSWORD_MIN,
              formatted: f.number(STAFF_PASSWORD_MIN),
            })}
            required
          />
          <ErrorAlert error={submit.error} />
          <Button type="submit" variant="primary" disabled={submit.busy} className="w-full">
            {t('setup.submit')}
          </Button>
        </form>
      </FieldErrorsContext.Provider>
    </AuthShell>
  );
}

export function InvitePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { token = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const invite = useQuery({ queryKey: ['invite', token], queryFn: () => api.getInvite(token), retry: false });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();

  // The form is there at once and keeps what was typed (or filled in by a password manager)
  // whatever the invitation's details answer after: they only add the greeting and the address.
  return (
    <AuthShell title={t('invite.title')}>
      <FieldErrorsContext.Provider value={submit.fields}>
        {invite.data ? (
          <p className="mb-3 text-slate-800">
            {t('invite.intro', { email: invite.data.email, role: t(`roles.${invite.data.role}`) })}
          </p>
        ) : null}
        {invite.isPending ? <Loading /> : null}
        <ErrorAlert error={invite.error} />
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit.run(async () => {
              storeSession(client, await api.acceptInvite(token, { name, password }));
              await navigate('/', { replace: true });
            });
          }}
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
          <TextField
            label={t('staff.name')}
            value={name}
            onChange={setName}
            path="name"
            autoComplete="name"
            required
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            dir="ltr"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            path="password"
            hint={t('account.passwordHint', {
              count: STAFF_PASSWORD_MIN,
              formatted: f.number(STAFF_PASSWORD_MIN),
            })}
            required
          />
          <ErrorAlert error={submit.error} />
          <Button type="submit" variant="primary" disabled={submit.busy} className="w-full">
            {t('invite.submit')}
          </Button>
        </form>
      </FieldErrorsContext.Provider>
    </AuthShell>
  );
}
