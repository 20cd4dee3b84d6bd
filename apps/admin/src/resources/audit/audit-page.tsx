import { auditActions, auditEntities, type AuditEntry, type AuditQuery } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field.tsx';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Options, useListParams } from '../../components/list-controls.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { SelectField, type Column } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useAuditLog, useStaffMembers } from './api.ts';
import { AuditSummary, useAuditNames } from './audit-summary.tsx';

const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters (in the URL). */
const AUDIT_FILTERS = ['staff', 'entity', 'action', 'from', 'to'] as const;
type Filter = (typeof AUDIT_FILTERS)[number];

/** A filter's choices: every value, or one of `options` ([value, its name]). */
function FilterSelect({
  label,
  all,
  options,
  value,
  onChange,
  path,
}: {
  label: string;
  all: string;
  options: readonly (readonly [string, string])[];
  value: string;
  onChange: (value: string) => void;
  path: Filter;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} path={path}>
      <option value="">{all}</option>
      <Options choices={options} />
    </SelectField>
  );
}

/**
 * The filters as typed: they reach the URL (and so the query) when applied. An invalid one in the
 * URL is named at its field (the list's error says which).
 */
function AuditFilters({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const names = useAuditNames();
  const staff = useStaffMembers();
  const { params, set } = useListParams();
  const [draft, setDraft] = useState(
    () => Object.fromEntries(AUDIT_FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<Filter, string>,
  );
  const bind = (key: Filter) => ({
    value: draft[key],
    onChange: (value: string) => setDraft({ ...draft, [key]: value }),
    path: key,
  });
  return (
    <Form
      error={error}
      feedback="manual"
      className="flex flex-wrap items-end gap-3"
      onSubmit={() => set(Object.fromEntries(AUDIT_FILTERS.map((k) => [k, draft[k].trim()])))}
    >
      <FilterSelect
        label={t('audit.staff')}
        all={t('list.all')}
        options={staff.data?.map((s) => [String(s.id), s.name] as const) ?? []}
        {...bind('staff')}
      />
      <FilterSelect
        label={t('audit.entity')}
        all={t('audit.allEntities')}
        options={auditEntities.map((v) => [v, names.entity({ entity: v, entity_id: null })] as const)}
        {...bind('entity')}
      />
      <FilterSelect
        label={t('audit.action')}
        all={t('audit.allActions')}
        options={auditActions.map((v) => [v, names.action(v)] as const)}
        {...bind('action')}
      />
      <DateField label={t('audit.from')} clearable {...bind('from')} />
      <DateField label={t('audit.to')} clearable {...bind('to')} />
      <SubmitButton>{t('audit.filter')}</SubmitButton>
    </Form>
  );
}

export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const names = useAuditNames();
  const { params, page } = useListParams();
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
  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), className: 'whitespace-nowrap', cell: (e) => f.date(e.at) },
    { key: 'staff', header: t('audit.staff'), cell: (e) => <span dir="ltr">{e.staff_email}</span> },
    { key: 'action', header: t('audit.action'), cell: (e) => names.action(e.action) },
    {
      key: 'entity',
      header: t('audit.entity'),
      className: 'whitespace-nowrap',
      cell: (e) => names.entity(e),
    },
    { key: 'summary', header: t('audit.summary'), cell: (e) => <AuditSummary entry={e} /> },
  ];
  return (
    <ListPage
      title={t('nav.audit')}
      filters={<AuditFilters error={audit.error} />}
      activeFilters={AUDIT_FILTERS.filter((k) => params.get(k)).length}
      list={audit}
      pageSize={AUDIT_PAGE_SIZE}
      columns={columns}
    />
  );
}
