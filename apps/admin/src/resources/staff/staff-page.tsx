import type { Staff, StaffRole } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import {
  ActiveBadge,
  Button,
  DataTable,
  ErrorAlert,
  Loading,
  PageTitle,
  SaveStatus,
  Section,
} from '../../components/ui.tsx';
import type { Column } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useStaffMembers, useUpdateStaff } from './api.ts';
import { InviteForm } from './invite-form.tsx';
import { RoleOptions } from './role-options.tsx';

export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const session = useSession();
  const staff = useStaffMembers();
  const update = useUpdateStaff();
  const me = session.data?.staff.id;
  const columns: Column<Staff>[] = [
    { key: 'name', header: t('staff.name'), cell: (s) => s.name },
    { key: 'email', header: t('signIn.email'), cell: (s) => <span dir="ltr">{s.email}</span> },
    {
      key: 'role',
      header: t('staff.role'),
      cell: (s) => (
        <>
          <label className="sr-only" htmlFor={`role-${s.id}`}>
            {t('staff.roleOf', { name: s.name })}
          </label>
          <select
            id={`role-${s.id}`}
            value={s.role}
            disabled={s.id === me || update.isPending}
            onChange={(e) => update.mutate({ id: s.id, role: e.target.value as StaffRole })}
            className="rounded border border-slate-500 bg-white px-2 py-1"
          >
            <RoleOptions />
          </select>
        </>
      ),
    },
    { key: 'state', header: t('staff.state'), cell: (s) => <ActiveBadge active={s.active} /> },
    { key: 'totp', header: t('totp.title'), cell: (s) => (s.totp_enabled ? t('totp.on') : t('totp.off')) },
    { key: 'since', header: t('staff.since'), cell: (s) => f.date(s.created_at, false) },
    {
      key: 'actions',
      header: t('common.actions'),
      // One's own access is not changed here (an owner could lock themselves out).
      cell: (s) =>
        s.id === me ? null : (
          <Button
            variant={s.active ? 'danger' : 'secondary'}
            disabled={update.isPending}
            aria-label={
              s.active ? t('staff.disableFor', { name: s.name }) : t('staff.enableFor', { name: s.name })
            }
            onClick={() => update.mutate({ id: s.id, active: !s.active })}
          >
            {s.active ? t('staff.disable') : t('staff.enable')}
          </Button>
        ),
    },
  ];
  return (
    <div>
      <PageTitle>{t('nav.staff')}</PageTitle>
      <InviteForm />
      <Section title={t('staff.members')}>
        {staff.isPending ? <Loading /> : null}
        <ErrorAlert error={staff.error ?? update.error} />
        <SaveStatus message={update.isSuccess ? t('form.saved') : null} />
        {staff.data ? <DataTable label={t('staff.members')} rows={staff.data} columns={columns} /> : null}
      </Section>
    </div>
  );
}
