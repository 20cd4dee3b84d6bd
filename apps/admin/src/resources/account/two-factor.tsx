import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Badge, Button, ErrorAlert, SaveStatus, Section, TextField } from '../../components/ui.tsx';
import { useSession } from '../../lib/session.ts';
import { useTotpDisable, useTotpEnable, useTotpSetup, type TotpSetup } from './api.ts';

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

/** Two-factor sign-in: set it up (scan, confirm a code, keep the recovery codes) or turn it off. */
export function TwoFactor() {
  const { t } = useTranslation();
  const session = useSession();
  const enabled = session.data?.staff.totp_enabled ?? false;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [disabled, setDisabled] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const start = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();

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
        <Button
          variant="primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
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
          <Form
            className="flex flex-wrap items-end gap-2"
            save={enable}
            feedback="manual"
            onSubmit={() =>
              enable.mutate(code.trim(), {
                onSuccess: (answer) => {
                  setRecovery(answer.recovery_codes);
                  setSetup(null);
                  setCode('');
                },
              })
            }
          >
            <TextField
              label={t('totp.code')}
              value={code}
              onChange={setCode}
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <SubmitButton>{t('totp.enable')}</SubmitButton>
          </Form>
        </div>
      ) : null}
      {enabled ? (
        <Form
          className="flex flex-wrap items-end gap-2"
          save={disable}
          feedback="manual"
          onSubmit={() =>
            disable.mutate(password, {
              onSuccess: () => {
                setPassword('');
                setDisabled(true);
                setRecovery(null);
              },
            })
          }
        >
          <TextField
            label={t('signIn.password')}
            type="password"
            value={password}
            onChange={setPassword}
            dir="ltr"
            autoComplete="current-password"
          />
          <SubmitButton variant="danger">{t('totp.disable')}</SubmitButton>
        </Form>
      ) : null}
      <ErrorAlert error={start.error ?? enable.error ?? disable.error} />
    </Section>
  );
}
