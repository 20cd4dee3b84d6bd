import type { FieldErrorCode } from '@storefront/contracts';
import {
  auditActions,
  auditEntities,
  staffRoles,
  type AuditQuery,
  type StaffRole,
} from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, ApiError, type CreatedInvite } from '../../lib/api.ts';
import { AuditSummary, useAuditNames } from '../audit/audit-summary.tsx';
import { DateField } from '../../components/date-field.tsx';
import {
  Badge,
  Button,
  ErrorAlert,
  FieldErrorsContext,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
  Section,
  SelectField,
  TextField,
  TableFrame,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';

function InviteForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [copied, setCopied] = useState(false);
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  const invite = useMutation({
    mutationFn: () => api.invite({ email, role }),
    onMutate: () => {
      setFields({});
      setCopied(false);
    },
    onSuccess: (answer) => {
      setCreated(answer);
      setEmail('');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (e) => setFields(fieldErrorsOf(e)),
  });
  return (
    <Section title={t('staff.invite')}>
      <FieldErrorsContext.Provider value={fields}>
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate();
          }}
        >
          <TextField
            label={t('signIn.email')}
            type="email"
            dir="ltr"
            value={email}
            onChange={setEmail}
            path="email"
            required
          />
          <SelectField
            label={t('staff.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            path="role"
          >
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {t('staff.sendInvite')}
          </Button>
        </form>
      </FieldErrorsContext.Provider>
      <ErrorAlert error={invite.error} />
      <SaveStatus message={created ? t('staff.inviteCreated', { date: f.date(created.expires_at) }) : null} />
      {created ? (
        <div className="mt-3 rounded border border-green-300 bg-green-50 p-3">
          <label htmlFor="invite-link" className="mb-1 block text-sm font-medium">
            {t('staff.inviteLink')}
          </label>
          <div className="flex gap-2">
            <input
              id="invite-link"
              readOnly
              dir="ltr"
              value={created.link}
              className="block w-full rounded border border-slate-500 bg-white px-2 py-1.5"
              onFocus={(e) => e.target.select()}
            />
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(created.link).then(() => setCopied(true));
              }}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          </div>
        </div>
      ) : null}
    </Section>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const session = useSession();
  const staff = useQuery({ queryKey: ['staff'], queryFn: api.staff });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: StaffRole; active?: boolean }) =>
      api.updateStaff(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
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
          <TableFrame label={t('staff.members')}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('staff.members')}</caption>
              <thead>
                <tr className="border-b border-slate-300 bg-slate-100">
                  <th scope="col" className="p-2 text-start">
                    {t('staff.name')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('signIn.email')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('staff.role')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('staff.state')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('totp.title')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('staff.since')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('common.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
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
                      {s.active ? (
                        <Badge tone="green">{t('staff.active')}</Badge>
                      ) : (
                        <Badge tone="slate">{t('staff.disabled')}</Badge>
                      )}
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
              </tbody>
            </table>
          </TableFrame>
        ) : null}
      </Section>
    </div>
  );
}

const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters (in the URL). */
const AUDIT_FILTERS = ['staff', 'entity', 'action', 'from', 'to'] as const;

export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const names = useAuditNames();
  const [params, setParams] = useSearchParams();
  const staff = useQuery({ queryKey: ['staff'], queryFn: api.staff });
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: AuditQuery = {
    page,
    page_size: AUDIT_PAGE_SIZE,
    staff: Number(params.get('staff')) || undefined,
    entity: params.get('entity') || undefined,
    action: params.get('action') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => api.audit(query),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState({
    staff: params.get('staff') ?? '',
    entity: params.get('entity') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const fields = audit.error instanceof ApiError ? fieldErrorsOf(audit.error) : {};
  return (
    <div>
      <PageTitle>{t('nav.audit')}</PageTitle>
      <FieldErrorsContext.Provider value={fields}>
        <FilterPanel active={AUDIT_FILTERS.filter((k) => params.get(k)).length}>
          <form
            className="mb-4 flex flex-wrap items-end gap-3 rounded border border-slate-300 bg-white p-3"
            onSubmit={(e) => {
              e.preventDefault();
              const next = new URLSearchParams();
              for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
              setParams(next);
            }}
          >
            <SelectField
              label={t('audit.staff')}
              value={draft.staff}
              onChange={(e) => setDraft({ ...draft, staff: e.target.value })}
              path="staff"
            >
              <option value="">{t('list.all')}</option>
              {staff.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('audit.entity')}
              value={draft.entity}
              onChange={(e) => setDraft({ ...draft, entity: e.target.value })}
              path="entity"
            >
              <option value="">{t('audit.allEntities')}</option>
              {auditEntities.map((v) => (
                <option key={v} value={v}>
                  {names.entity({ entity: v, entity_id: null })}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('audit.action')}
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value })}
              path="action"
            >
              <option value="">{t('audit.allActions')}</option>
              {auditActions.map((v) => (
                <option key={v} value={v}>
                  {names.action(v)}
                </option>
              ))}
            </SelectField>
            <DateField
              label={t('audit.from')}
              clearable
              value={draft.from}
              onChange={(v) => setDraft({ ...draft, from: v })}
              path="from"
            />
            <DateField
              label={t('audit.to')}
              clearable
              value={draft.to}
              onChange={(v) => setDraft({ ...draft, to: v })}
              path="to"
            />
            <Button type="submit" variant="primary">
              {t('audit.filter')}
            </Button>
          </form>
        </FilterPanel>
      </FieldErrorsContext.Provider>
      <ErrorAlert error={audit.error} />
      {audit.isPending ? <Loading /> : null}
      {audit.data ? (
        <TableFrame label={t('nav.audit')} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('nav.audit')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="p-2 text-start">
                  {t('audit.at')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('audit.staff')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('audit.action')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('audit.entity')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('audit.summary')}
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.data.results.length === 0 ? (
                <tr>
                  <td colSpan={5} className="p-4 text-center">
                    {t('common.noResults')}
                  </td>
                </tr>
              ) : null}
              {audit.data.results.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200">
                  <td className="p-2 whitespace-nowrap">{f.date(entry.at)}</td>
                  <td className="p-2">
                    <span dir="ltr">{entry.staff_email}</span>
                  </td>
                  <td className="p-2">{names.action(entry.action)}</td>
                  <td className="p-2 whitespace-nowrap">{names.entity(entry)}</td>
                  <td className="p-2">
                    <AuditSummary entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {audit.data ? (
        <Pagination page={page} count={audit.data.count} pageSize={AUDIT_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </div>
  );
}
