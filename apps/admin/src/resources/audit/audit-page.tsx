import { auditActions, auditEntities, type AuditQuery } from '@storefront/contracts/admin';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/date-field.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { Form, SubmitButton } from '../../components/form.tsx';
import { DataTable, ErrorAlert, Loading, PageTitle, Pagination, SelectField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useAuditLog, useStaffMembers } from './api.ts';
import { AuditSummary, useAuditNames } from './audit-summary.tsx';

const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters (in the URL). */
const AUDIT_FILTERS = ['staff', 'entity', 'action', 'from', 'to'] as const;
type Filter = (typeof AUDIT_FILTERS)[number];

export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const names = useAuditNames();
  const [params, setParams] = useSearchParams();
  const staff = useStaffMembers();
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
  const audit = useAuditLog(query);
  // The filters as typed: they reach the URL (and the query) when applied.
  const [draft, setDraft] = useState(
    () => Object.fromEntries(AUDIT_FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<Filter, string>,
  );
  const set = (key: Filter, value: string) => setDraft({ ...draft, [key]: value });
  const select = (key: Filter) => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLSelectElement>) => set(key, e.target.value),
    path: key,
  });
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  return (
    <div>
      <PageTitle>{t('nav.audit')}</PageTitle>
      <FilterPanel active={AUDIT_FILTERS.filter((k) => params.get(k)).length}>
        {/* An invalid filter in the URL is named at its field (the list's error says which). */}
        <Form
          error={audit.error}
          feedback="manual"
          className="mb-4 flex flex-wrap items-end gap-3 rounded border border-slate-300 bg-white p-3"
          onSubmit={() => {
            const next = new URLSearchParams();
            for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
            setParams(next);
          }}
        >
          <SelectField label={t('audit.staff')} {...select('staff')}>
            <option value="">{t('list.all')}</option>
            {staff.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('audit.entity')} {...select('entity')}>
            <option value="">{t('audit.allEntities')}</option>
            {auditEntities.map((v) => (
              <option key={v} value={v}>
                {names.entity({ entity: v, entity_id: null })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('audit.action')} {...select('action')}>
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
            onChange={(v) => set('from', v)}
            path="from"
          />
          <DateField
            label={t('audit.to')}
            clearable
            value={draft.to}
            onChange={(v) => set('to', v)}
            path="to"
          />
          <SubmitButton>{t('audit.filter')}</SubmitButton>
        </Form>
      </FilterPanel>
      <ErrorAlert error={audit.error} />
      {audit.isPending ? <Loading /> : null}
      {audit.data ? (
        <DataTable
          label={t('nav.audit')}
          framed
          empty={audit.data.results.length === 0}
          columns={[
            t('audit.at'),
            t('audit.staff'),
            t('audit.action'),
            t('audit.entity'),
            t('audit.summary'),
          ]}
        >
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
        </DataTable>
      ) : null}
      {audit.data ? (
        <Pagination page={page} count={audit.data.count} pageSize={AUDIT_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </div>
  );
}
