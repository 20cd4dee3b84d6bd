import { staffRoles, type StaffRole } from '@storefront/contracts/admin';
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
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useStaffMembers, useUpdateStaff } from './api.ts';
import { InviteForm } from './invite-form.tsx';

export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const session = useSession();
  const staff = useStaffMembers();
  const update = useUpdateStaff();
  const me = session.data?.staff.id;
  return (
    <div>
      <PageTitle>{t('nav.staff')}</PageTitle>
      <InviteForm />
      <Section title={t('staff.members')}>
        {staff.isPending ? <Loading /> : null}
        <ErrorAlert error={staff.error ?? update.error} />
        <SaveStatus message={update.isSuccess ? t('form.saved') : null} />
        {staff.data ? (
          <DataTable
            label={t('staff.members')}
            columns={[
              t('staff.name'),
              t('signIn.email'),
              t('staff.role'),
              t('staff.state'),
              t('totp.title'),
              t('staff.since'),
              t('common.actions'),
            ]}
          >
            {staff.data.map((s) => (
              <tr key={s.id} className="border-b border-slate-200">
                <td className="p-2">{s.name}</td>
                <td className="p-2">
                  <span dir="ltr">{s.email}</span>
                </td>
                <td className="p-2">
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
                    {staffRoles.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="p-2">
                  <ActiveBadge active={s.active} />
                </td>
                <td className="p-2">{s.totp_enabled ? t('totp.on') : t('totp.off')}</td>
                <td className="p-2">{f.date(s.created_at, false)}</td>
                <td className="p-2">
                  {s.id === me ? null : (
                    <Button
                      variant={s.active ? 'danger' : 'secondary'}
                      disabled={update.isPending}
                      aria-label={
                        s.active
                          ? t('staff.disableFor', { name: s.name })
                          : t('staff.enableFor', { name: s.name })
                      }
                      onClick={() => update.mutate({ id: s.id, active: !s.active })}
                    >
                      {s.active ? t('staff.disable') : t('staff.enable')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </Section>
    </div>
  );
}
