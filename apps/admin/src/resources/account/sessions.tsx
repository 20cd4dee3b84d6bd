import type { SessionInfo } from '@storefront/contracts/admin';
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
  type Column,
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
  const device = (s: SessionInfo) => deviceLabel(s.user_agent, t, f.language);
  const columns: Column<SessionInfo>[] = [
    {
      key: 'device',
      header: t('account.device'),
      // The whole user agent on hover: the label names only the browser and the system.
      cell: (s) => <span title={s.user_agent || undefined}>{device(s)}</span>,
    },
    { key: 'ip', header: t('account.ip'), cell: (s) => <span dir="ltr">{s.ip}</span> },
    { key: 'signedIn', header: t('account.signedIn'), cell: (s) => f.date(s.created_at) },
    { key: 'lastSeen', header: t('account.lastSeen'), cell: (s) => f.date(s.last_seen_at) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (s) =>
        s.current ? (
          <Badge tone="green">{t('account.thisSession')}</Badge>
        ) : (
          <Button
            variant="ghost"
            disabled={revoke.isPending}
            aria-label={t('account.revokeFor', { device: `${device(s)} (${s.ip})` })}
            onClick={() => revoke.mutate(s.id)}
          >
            {t('account.revoke')}
          </Button>
        ),
    },
  ];
  return (
    <Section title={t('account.sessions')}>
      {sessions.isPending ? <Loading /> : null}
      <ErrorAlert error={sessions.error ?? revoke.error} />
      <SaveStatus message={revoke.isSuccess ? t('account.sessionEnded') : null} />
      {sessions.data ? (
        <DataTable label={t('account.sessions')} rows={sessions.data} columns={columns} />
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
