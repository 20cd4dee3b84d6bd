import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  ErrorAlert,
  Loading,
  SaveStatus,
  Section,
} from '../../components/ui.tsx';
import { deviceLabel } from '../../lib/device.ts';
import { useFormat } from '../../lib/format.ts';
import { useRevokeSession, useSessions, useSignOutEverywhere } from './api.ts';

/** The devices signed in: end one, or all (this one too). */
export function Sessions() {
  const { t } = useTranslation();
  const f = useFormat();
  const sessions = useSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const revoke = useRevokeSession();
  const everywhere = useSignOutEverywhere();
  return (
    <Section title={t('account.sessions')}>
      {sessions.isPending ? <Loading /> : null}
      <ErrorAlert error={sessions.error ?? revoke.error} />
      <SaveStatus message={revoke.isSuccess ? t('account.sessionEnded') : null} />
      {sessions.data ? (
        <DataTable
          label={t('account.sessions')}
          columns={[
            t('account.device'),
            t('account.ip'),
            t('account.signedIn'),
            t('account.lastSeen'),
            t('common.actions'),
          ]}
        >
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
        </DataTable>
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
