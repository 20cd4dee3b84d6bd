import type { FieldErrorCode } from '@storefront/contracts';
import {
  enquiryStatuses,
  NOTE_MAX,
  type EnquiryDetail,
  type EnquiryEvent,
  type EnquiryQuery,
  type EnquiryRow,
  type EnquiryStatus,
  type UpdateEnquiryBody,
} from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, enquiryExportUrl, type EnquiryFilters } from '../../lib/api.ts';
import { DateField } from '../../components/date-field.tsx';
import {
  CatalogueFilter,
  EnquiryStatusBadge,
  ExternalLink,
  languageName,
  mailtoHref,
  telHref,
  refreshUnread,
  useAssignees,
} from '../../components/sales.tsx';
import {
  Badge,
  Button,
  Checkbox,
  ErrorAlert,
  FieldErrorsContext,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
  Section,
  SelectField,
  TableFrame,
  TextField,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { canEditCatalogue, useSession } from '../../lib/session.ts';
import { DASHBOARD_KEY } from '../dashboard/dashboard-page.tsx';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';

export const ENQUIRY_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The inbox's filters as the URL keeps them (anything malformed is left out). */
export function enquiryFiltersOf(params: URLSearchParams): EnquiryFilters {
  const status = params.get('status');
  const product = params.get('product');
  const assignee = params.get('assignee');
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: (enquiryStatuses as readonly string[]).includes(status ?? '')
      ? (status as EnquiryStatus)
      : undefined,
    product: product === 'general' ? 'general' : positive(product),
    collection: positive(params.get('collection')),
    assignee: assignee === 'none' ? 'none' : positive(assignee),
    unread: params.get('unread') === '1' ? '1' : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    q: params.get('q') || undefined,
  };
}

function linkButton(variant: 'primary' | 'secondary' = 'secondary') {
  return variant === 'primary'
    ? 'inline-flex items-center rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900'
    : 'inline-flex items-center rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100';
}

function ProductCell({ row }: { row: EnquiryRow }) {
  const { t } = useTranslation();
  if (row.product_id === null && !row.product_title)
    return <span className="text-slate-800">{t('enquiries.general')}</span>;
  return <span dir="auto">{row.product_title || `#${row.product_id}`}</span>;
}

function Filters({
  filters,
  set,
}: {
  filters: EnquiryFilters;
  set: ReturnType<typeof useListParams>['set'];
}) {
  const { t } = useTranslation();
  const assignees = useAssignees();
  const general = filters.product === 'general';
  const productId = typeof filters.product === 'number' ? filters.product : null;
  return (
    <FilterPanel
      active={Object.values(filters).filter((v) => v !== undefined).length}
      className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3"
    >
      <SearchBox
        key={filters.q ?? ''}
        value={filters.q ?? ''}
        onSearch={(v) => set({ q: v })}
        label={t('enquiries.search')}
      />
      <SelectField
        label={t('list.status')}
        value={filters.status ?? ''}
        onChange={(e) => set({ status: e.target.value })}
      >
        <option value="">{t('list.all')}</option>
        {enquiryStatuses.map((s) => (
          <option key={s} value={s}>
            {t(`enquiryStatus.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('enquiries.assignee')}
        value={filters.assignee === undefined ? '' : String(filters.assignee)}
        onChange={(e) => set({ assignee: e.target.value })}
      >
        <option value="">{t('list.all')}</option>
        <option value="none">{t('enquiries.unassigned')}</option>
        {assignees.data?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <DateField
        label={t('enquiries.from')}
        clearable
        value={filters.from ?? ''}
        onChange={(v) => set({ from: DAY.test(v) ? v : null })}
      />
      <DateField
        label={t('enquiries.to')}
        clearable
        value={filters.to ?? ''}
        onChange={(v) => set({ to: DAY.test(v) ? v : null })}
      />
      {general ? null : (
        <CatalogueFilter
          kind="products"
          label={t('enquiries.product')}
          value={productId}
          onChange={(id) => set({ product: id })}
        />
      )}
      <CatalogueFilter
        kind="collections"
        label={t('fields.collection')}
        value={filters.collection ?? null}
        onChange={(id) => set({ collection: id })}
      />
      <div className="flex flex-col gap-2">
        <Checkbox
          label={t('enquiries.generalOnly')}
          checked={general}
          onChange={(on) => set({ product: on ? 'general' : null })}
        />
        <Checkbox
          label={t('enquiries.unreadOnly')}
          checked={filters.unread === '1'}
          onChange={(on) => set({ unread: on ? '1' : null })}
        />
      </div>
    </FilterPanel>
  );
}

export function EnquiriesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { params, page, set } = useListParams();
  const filters = enquiryFiltersOf(params);
  const query: EnquiryQuery = { ...filters, page, page_size: ENQUIRY_PAGE_SIZE };
  const list = useQuery({
    queryKey: ['enquiries', 'list', query],
    queryFn: () => api.enquiries(query),
    placeholderData: keepPreviousData,
  });
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const rows = list.data?.results ?? [];
  return (
    <div>
      <PageTitle
        actions={
          <>
            <a href={enquiryExportUrl('csv', filters)} download className={linkButton()}>
              {t('enquiries.exportCsv')}
            </a>
            <a href={enquiryExportUrl('xlsx', filters)} download className={linkButton()}>
              {t('enquiries.exportXlsx')}
            </a>
          </>
        }
      >
        {t('nav.enquiries')}
      </PageTitle>
      <Filters filters={filters} set={set} />
      {filtered ? (
        <p className="mb-3">
          <Link to="/enquiries" className="text-sky-900 underline">
            {t('filters.clear')}
          </Link>
        </p>
      ) : null}
      <ErrorAlert error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t('nav.enquiries')} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('nav.enquiries')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                {['reference', 'date', 'product', 'phone', 'email', 'status', 'assignee'].map((c) => (
                  <th key={c} scope="col" className="p-2 text-start">
                    {t(`enquiries.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="p-4 text-center">
                    {t('common.noResults')}
                  </td>
                </tr>
              ) : null}
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className={`border-b border-slate-200 ${row.read ? '' : 'bg-amber-50 font-bold'}`}
                >
                  <td className="p-2 whitespace-nowrap">
                    <Link to={`/enquiries/${row.id}`} className="text-sky-900 underline">
                      <span dir="ltr">{row.reference}</span>
                    </Link>
                    {row.read ? null : (
                      <>
                        {' '}
                        <Badge>{t('enquiries.unreadMarker')}</Badge>
                      </>
                    )}
                  </td>
                  <td className="p-2 whitespace-nowrap">{f.date(row.created_at)}</td>
                  <td className="p-2">
                    <ProductCell row={row} />
                  </td>
                  <td className="p-2 whitespace-nowrap">
                    <span dir="ltr">{row.phone || '—'}</span>
                  </td>
                  <td className="p-2">
                    <span dir="ltr">{row.email || '—'}</span>
                  </td>
                  <td className="p-2">
                    <EnquiryStatusBadge status={row.status} />
                  </td>
                  <td className="p-2">{row.assignee?.name ?? t('enquiries.unassigned')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {list.data?.capped ? (
        <p className="mt-3 text-sm text-slate-800">
          {t('enquiries.capped', { formatted: f.number(list.data.count) })}
        </p>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          capped={list.data.capped}
          pageSize={ENQUIRY_PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}
    </div>
  );
}

// ---- one enquiry --------------------------------------------------------------------------------

export const enquiryKey = (id: number) => ['enquiry', id] as const;

/** The staff member an assignment names: the name, the number of a deleted one, or nobody. */
function staffName(t: (key: string) => string, id: string | null, name: string | null) {
  if (id === null) return t('enquiries.nobody');
  return name || `#${id}`;
}

function EventText({ event }: { event: EnquiryEvent }) {
  const { t } = useTranslation();
  const status = (s: string | null) =>
    s && (enquiryStatuses as readonly string[]).includes(s) ? t(`enquiryStatus.${s}`) : (s ?? '—');
  if (event.kind === 'note')
    return (
      <>
        <span className="font-medium">{t('enquiry.event.note')}</span>
        <p dir="auto" className="mt-1 whitespace-pre-wrap">
          {event.note}
        </p>
      </>
    );
  if (event.kind === 'status')
    return <span>{t('enquiry.event.status', { from: status(event.from), to: status(event.to) })}</span>;
  return (
    <span>
      {t('enquiry.event.assign', {
        from: staffName(t, event.from, event.from_name),
        to: staffName(t, event.to, event.to_name),
      })}
    </span>
  );
}

function Workflow({ detail }: { detail: EnquiryDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const assignees = useAssignees();
  const enquiry = detail.enquiry;
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  const update = useMutation({
    mutationFn: (body: UpdateEnquiryBody) => api.updateEnquiry(enquiry.id, body),
    onMutate: () => setFields({}),
    onSuccess: (answer) => {
      client.setQueryData(enquiryKey(enquiry.id), answer);
      refreshUnread(client);
      void client.invalidateQueries({ queryKey: ['enquiries', 'list'] });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
    onError: (e) => setFields(fieldErrorsOf(e)),
  });
  const options = assignees.data ?? [];
  const current = enquiry.assignee;
  const missing = current && !options.some((a) => a.id === current.id) ? [current] : [];
  return (
    <Section title={t('enquiry.workflow')}>
      <FieldErrorsContext.Provider value={fields}>
        <div className="flex flex-wrap gap-4">
          <SelectField
            label={t('enquiries.status')}
            value={enquiry.status}
            disabled={update.isPending}
            path="status"
            onChange={(e) => update.mutate({ status: e.target.value as EnquiryStatus })}
          >
            {enquiryStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`enquiryStatus.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('enquiries.assignee')}
            value={current ? String(current.id) : ''}
            disabled={update.isPending}
            path="assignee"
            onChange={(e) => update.mutate({ assignee: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('enquiries.unassigned')}</option>
            {[...missing, ...options].map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        </div>
      </FieldErrorsContext.Provider>
      <ErrorAlert error={update.error} />
      <SaveStatus message={update.isSuccess ? t('form.saved') : null} />
    </Section>
  );
}

function NoteForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  const add = useMutation({
    mutationFn: () => api.addEnquiryNote(id, text),
    onMutate: () => setFields({}),
    onSuccess: (answer) => {
      client.setQueryData(enquiryKey(id), answer);
      setText('');
      refreshUnread(client);
      void client.invalidateQueries({ queryKey: ['enquiries', 'list'] });
    },
    onError: (e) => setFields(fieldErrorsOf(e)),
  });
  const tooLong = text.length > NOTE_MAX;
  return (
    <FieldErrorsContext.Provider value={fields}>
      <form
        noValidate
        className="mb-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() && !tooLong) add.mutate();
        }}
      >
        <TextField
          label={t('enquiry.note')}
          multiline
          rows={3}
          dir="auto"
          value={text}
          onChange={(value) => {
            setText(value);
            if (add.isSuccess) add.reset();
          }}
          path="text"
          errors={tooLong ? ['too_long'] : []}
        />
        <Button type="submit" variant="primary" className="mt-2" disabled={add.isPending || !text.trim()}>
          {t('enquiry.addNote')}
        </Button>
        <ErrorAlert error={add.error} />
        <SaveStatus message={add.isSuccess ? t('enquiry.noteAdded') : null} />
      </form>
    </FieldErrorsContext.Provider>
  );
}

function Timeline({ detail }: { detail: EnquiryDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Section title={t('enquiry.timeline')}>
      <NoteForm id={detail.enquiry.id} />
      {detail.events.length === 0 ? (
        <p className="text-slate-800">{t('enquiry.noEvents')}</p>
      ) : (
        <ol className="space-y-3 border-s-2 border-slate-300 ps-4" aria-label={t('enquiry.timeline')}>
          {detail.events.map((event) => (
            <li key={event.id}>
              <p className="text-sm text-slate-800">
                <time dateTime={event.at}>{f.date(event.at)}</time> ·{' '}
                {event.staff.name ? (
                  <>
                    <span dir="auto">{event.staff.name}</span>
                    {event.staff.email ? (
                      <>
                        {' '}
                        (<span dir="ltr">{event.staff.email}</span>)
                      </>
                    ) : null}
                  </>
                ) : (
                  <span dir="ltr">{event.staff.email || t('enquiry.system')}</span>
                )}
              </p>
              <EventText event={event} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function EnquiryDetailPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const session = useSession();
  const canEdit = canEditCatalogue(session.data?.staff.role);
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: enquiryKey(id),
    queryFn: async () => {
      const answer = await api.enquiry(id);
      // Opening it marked it read.
      refreshUnread(client);
      return answer;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
  const data = detail.data;
  const enquiry = data?.enquiry;
  return (
    <div>
      <PageTitle
        actions={
          <Link to="/enquiries" className={linkButton()}>
            {t('enquiry.back')}
          </Link>
        }
      >
        {enquiry ? t('enquiry.title', { reference: enquiry.reference }) : t('enquiry.titleLoading')}
      </PageTitle>
      {detail.isPending && Number.isInteger(id) && id > 0 ? <Loading /> : null}
      <ErrorAlert error={detail.error} />
      {data && enquiry ? (
        <>
          <Section title={t('enquiry.request')}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
              <dt className="font-medium">{t('enquiries.date')}</dt>
              <dd>{f.date(enquiry.created_at)}</dd>
              <dt className="font-medium">{t('enquiry.language')}</dt>
              <dd>{languageName(t, enquiry.language)}</dd>
              <dt className="font-medium">{t('enquiries.status')}</dt>
              <dd>
                <EnquiryStatusBadge status={enquiry.status} />
                {enquiry.read ? null : (
                  <>
                    {' '}
                    <Badge>{t('enquiries.unreadMarker')}</Badge>
                  </>
                )}
              </dd>
              <dt className="font-medium">{t('enquiries.product')}</dt>
              <dd>
                {data.product ? (
                  <span className="flex flex-wrap gap-x-3">
                    <ExternalLink href={data.product.storefront_url}>
                      <span dir="auto">{data.product.title}</span>
                    </ExternalLink>
                    {canEdit ? (
                      <Link to={`/products/${data.product.id}`} className="text-sky-900 underline">
                        {t('enquiry.openEditor')}
                      </Link>
                    ) : null}
                    <Link to={`/enquiries?product=${data.product.id}`} className="text-sky-900 underline">
                      {t('enquiry.sameProduct')}
                    </Link>
                    {data.product.published ? null : <Badge tone="slate">{t('status.draft')}</Badge>}
                  </span>
                ) : enquiry.product_title ? (
                  <span dir="auto">
                    {enquiry.product_title} ({t('enquiry.productGone')})
                  </span>
                ) : (
                  t('enquiries.general')
                )}
              </dd>
              <dt className="font-medium">{t('enquiries.phone')}</dt>
              <dd>
                {enquiry.phone ? (
                  <a href={telHref(enquiry.phone)} className="text-sky-900 underline">
                    {t('enquiry.call')} <span dir="ltr">{enquiry.phone}</span>
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="font-medium">{t('enquiries.email')}</dt>
              <dd>
                {enquiry.email ? (
                  <a href={mailtoHref(enquiry.email)} className="text-sky-900 underline">
                    {t('enquiry.mail')} <span dir="ltr">{enquiry.email}</span>
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              {enquiry.user_id !== null ? (
                <>
                  <dt className="font-medium">{t('enquiry.account')}</dt>
                  <dd>
                    <Link to={`/customers/${enquiry.user_id}`} className="text-sky-900 underline">
                      {t('enquiry.customer')}
                    </Link>
                  </dd>
                </>
              ) : null}
            </dl>
            <h3 className="mt-4 mb-1 font-bold">{t('enquiry.description')}</h3>
            <p dir="auto" className="rounded bg-slate-50 p-3 whitespace-pre-wrap">
              {enquiry.description || '—'}
            </p>
          </Section>
          <Workflow key={enquiry.id} detail={data} />
          <Timeline key={enquiry.id} detail={data} />
          <Section title={t('enquiry.others')}>
            {data.others.length === 0 ? (
              <p className="text-slate-800">{t('enquiry.noOthers')}</p>
            ) : (
              <EnquiryLinks rows={data.others} />
            )}
          </Section>
        </>
      ) : null}
    </div>
  );
}

/** A short list of enquiries (reference, date, product, status), each a link to it. */
export function EnquiryLinks({ rows }: { rows: EnquiryRow[] }) {
  const f = useFormat();
  return (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-2">
          <Link to={`/enquiries/${row.id}`} className="text-sky-900 underline">
            <span dir="ltr">{row.reference}</span>
          </Link>
          <span>{f.date(row.created_at, false)}</span>
          <span>·</span>
          <ProductCell row={row} />
          <EnquiryStatusBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}
