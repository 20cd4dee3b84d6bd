import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, setCsrfToken, type TotpSetup } from '../../lib/api.ts';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorAlert,
  Loading,
  PageTitle,
  SaveStatus,
  Section,
  TextField,
  TableFrame,
} from '../../components/ui.tsx';
import { deviceLabel } from '../../lib/device.ts';
import { useFormat } from '../../lib/format.ts';
import { SESSION_KEY, useSession } from '../../lib/session.ts';

function Sessions() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: api.sessions });
  const [confirmAll, setConfirmAll] = useState(false);
  const revoke = useMutation({
    mutationFn: api.revokeSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
  const everywhere = useMutation({
    mutationFn: api.signOutEverywhere,
    onSuccess: async () => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(SESSION_KEY, null);
      await navigate('/sign-in', { replace: true });
    },
  });
  return (
    <Section title={t('account.sessions')}>
      {sessions.isPending ? <Loading /> : null}
      <ErrorAlert error={sessions.error ?? revoke.error} />
      <SaveStatus message={revoke.isSuccess ? t('account.sessionEnded') : null} />
      {sessions.data ? (
        <TableFrame label={t('account.sessions')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('account.sessions')}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-start">
                <th scope="col" className="p-2 text-start">
                  {t('account.device')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('account.ip')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('account.signedIn')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('account.lastSeen')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id} className="border-b border-slate-200">
                  <td className="p-2" title={s.user_agent || undefined}>
                    {deviceLabel(s.user_agent, t, f.language)}
                  </td>
                  <td className="p-2" dir="ltr">
                    {s.ip}
                  </td>
                  <td className="p-2">{f.date(s.created_at)}</td>
                  <td className="p-2">{f.date(s.last_seen_at)}</td>
                  <td className="p-2">
                    {s.current ? (
                      <Badge tone="green">{t('account.thisSession')}</Badge>
                    ) : (
                      <Button
                        variant="ghost"
                        disabled={revoke.isPending}
                        aria-label={t('account.revokeFor', {
                          device: `${deviceLabel(s.user_agent, t, f.language)} (${s.ip})`,
                        })}
                        onClick={() => revoke.mutate(s.id)}
                      >
                        {t('account.revoke')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      <div className="mt-3">
        <Button variant="danger" onClick={() => setConfirmAll(true)}>
          {t('account.signOutEverywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t('account.signOutEverywhere')}
        description={t('account.signOutEverywhereConfirm')}
        confirmLabel={t('account.signOutEverywhere')}
        onConfirm={() => everywhere.mutate()}
        busy={everywhere.isPending}
        error={everywhere.error}
        danger
      />
    </Section>
  );
}

function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={t('totp.qrAlt')} width={200} height={200} className="border border-slate-300" />
  ) : null;
}

function TwoFactor() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const session = useSession();
  const enabled = session.data?.staff.totp_enabled ?? false;
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [disabled, setDisabled] = useState(false);
  const start = useMutation({ mutationFn: api.totpSetup, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: () => api.totpEnable(code.trim()),
    onSuccess: (answer) => {
      setRecovery(answer.recovery_codes);
      setSetup(null);
      setCode('');
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  const disable = useMutation({
    mutationFn: () => api.totpDisable(password),
    onSuccess: () => {
      setPassword('');
      setDisabled(true);
      setRecovery(null);
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });

  return (
    <Section title={t('totp.title')}>
      <p className="mb-3">
        {t('totp.status')}:{' '}
        {enabled ? <Badge tone="green">{t('totp.on')}</Badge> : <Badge tone="slate">{t('totp.off')}</Badge>}
      </p>
      {recovery ? (
        <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3">
          <h3 className="mb-2 font-bold">{t('totp.recoveryTitle')}</h3>
          <p className="mb-2 text-sm">{t('totp.recoveryHelp')}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono" dir="ltr" aria-label={t('totp.recoveryTitle')}>
            {recovery.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button className="mt-2" onClick={() => void navigator.clipboard?.writeText(recovery.join('\n'))}>
            {t('common.copy')}
          </Button>
        </div>
      ) : null}
      <SaveStatus
        message={disabled && !enabled ? t('totp.disabledNotice') : recovery ? t('totp.enabledNotice') : null}
      />
      {!enabled && !setup ? (
        <Button variant="primary" disabled={start.isPending} onClick={() => start.mutate()}>
          {t('totp.setUp')}
        </Button>
      ) : null}
      {!enabled && setup ? (
        <div className="space-y-3">
          <p>{t('totp.scan')}</p>
          <QrCode uri={setup.uri} />
          <p>
            {t('totp.secret')}:{' '}
            <code dir="ltr" className="rounded bg-slate-100 px-1 break-all">
              {setup.secret}
            </code>
          </p>
          <p className="text-sm break-all">
            {t('totp.uri')}:{' '}
            <code dir="ltr" className="rounded bg-slate-100 px-1">
              {setup.uri}
            </code>
          </p>
          <form
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              enable.mutate();
            }}
          >
            <TextField
              label={t('totp.code')}
              value={code}
              onChange={setCode}
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <Button type="submit" variant="primary" disabled={enable.isPending}>
              {t('totp.enable')}
            </Button>
          </form>
        </div>
      ) : null}
      {enabled ? (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            disable.mutate();
          }}
        >
          <TextField
            label={t('signIn.password')}
            type="password"
            value={password}
            onChange={setPassword}
            dir="ltr"
            autoComplete="current-password"
          />
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {t('totp.disable')}
          </Button>
        </form>
      ) : null}
      <ErrorAlert error={start.error ?? enable.error ?? disable.error} />
    </Section>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const staff = session.data?.staff;
  if (!staff) return <Loading />;
  return (
    <div>
      <PageTitle>{t('account.title')}</PageTitle>
      <Section title={t('account.profile')}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t('staff.name')}</dt>
          <dd>{staff.name}</dd>
          <dt className="font-medium">{t('signIn.email')}</dt>
          <dd>
            <span dir="ltr">{staff.email}</span>
          </dd>
          <dt className="font-medium">{t('staff.role')}</dt>
          <dd>{t(`roles.${staff.role}`)}</dd>
        </dl>
      </Section>
      <TwoFactor />
      <Sessions />
    </div>
  );
}
