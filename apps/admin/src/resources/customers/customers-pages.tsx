import type { CustomerQuery } from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, type CustomerDeleted } from '../../lib/api.ts';
import { mailtoHref, telHref } from '../../components/sales.tsx';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorAlert,
  Loading,
  Notice,
  PageTitle,
  Pagination,
  SaveStatus,
  Section,
  SelectField,
  TableFrame,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { useFormat } from '../../lib/format.ts';
import { canEditCatalogue, useSession } from '../../lib/session.ts';
import { DASHBOARD_KEY } from '../dashboard/dashboard-page.tsx';
import { EnquiryLinks } from '../enquiries/enquiries-pages.tsx';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';

const CUSTOMER_PAGE_SIZE = 25;

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="green">{t('staff.active')}</Badge>
  ) : (
    <Badge tone="slate">{t('staff.disabled')}</Badge>
  );
}

/** What deleting a customer removed (shown on the list after going back to it). */
function DeletedNotice({ deleted }: { deleted: CustomerDeleted }) {
  const { t } = useTranslation();
  const f = useFormat();
  const n = (count: number) => ({ count, formatted: f.number(count) });
  return (
    <Notice>
      <p className="font-medium">{t('customers.deleted')}</p>
      <ul className="mt-1 list-disc ps-6">
        <li>{t('customers.deletedLikes', n(deleted.likes))}</li>
        <li>{t('customers.deletedEnquiries', n(deleted.enquiries_anonymised))}</li>
        <li>{t('customers.deletedReviews', n(deleted.reviews))}</li>
        <li>{t('customers.deletedNewsletter', n(deleted.newsletter))}</li>
        <li>{t('customers.deletedMessages', n(deleted.messages))}</li>
      </ul>
    </Notice>
  );
}

export function CustomersPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const location = useLocation();
  const deleted = (location.state as { deleted?: CustomerDeleted } | null)?.deleted;
  const { params, page, q, set } = useListParams();
  const statusParam = params.get('status');
  const status = statusParam === 'active' || statusParam === 'disabled' ? statusParam : undefined;
  const query: CustomerQuery = { page, page_size: CUSTOMER_PAGE_SIZE, q: q || undefined, status };
  const list = useQuery({
    queryKey: ['customers', 'list', query],
    queryFn: () => api.customers(query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.results ?? [];
  return (
    <div>
      <PageTitle>{t('nav.customers')}</PageTitle>
      {deleted ? <DeletedNotice deleted={deleted} /> : null}
      <FilterPanel
        active={[q, status].filter(Boolean).length}
        className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3"
      >
        <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('customers.search')} />
        <SelectField
          label={t('list.status')}
          value={status ?? ''}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">{t('list.all')}</option>
          <option value="active">{t('staff.active')}</option>
          <option value="disabled">{t('staff.disabled')}</option>
        </SelectField>
      </FilterPanel>
      <ErrorAlert error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t('nav.customers')} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('nav.customers')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="p-2 text-start">
                  {t('enquiries.phone')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('enquiries.email')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('list.status')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('customers.since')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('customers.likes')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('nav.enquiries')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={6} className="p-4 text-center">
                    {t('common.noResults')}
                  </td>
                </tr>
              ) : null}
              {rows.map((c) => (
                <tr key={c.id} className="border-b border-slate-200">
                  <td className="p-2 whitespace-nowrap">
                    <Link to={`/customers/${c.id}`} className="text-sky-900 underline">
                      <span dir="ltr">{c.phone || `#${c.id}`}</span>
                    </Link>
                  </td>
                  <td className="p-2">
                    <span dir="ltr">{c.email || '—'}</span>
                  </td>
                  <td className="p-2">
                    <ActiveBadge active={c.active} />
                  </td>
                  <td className="p-2 whitespace-nowrap">{f.date(c.created_at, false)}</td>
                  <td className="p-2">{f.number(c.likes)}</td>
                  <td className="p-2">{f.number(c.enquiries)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          pageSize={CUSTOMER_PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}
    </div>
  );
}

export function CustomerDetailPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const canEdit = canEditCatalogue(session.data?.staff.role);
  const id = Number(useParams().id);
  const key = ['customer', id] as const;
  const detail = useQuery({
    queryKey: key,
    queryFn: () => api.customer(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const setActive = useMutation({
    mutationFn: (active: boolean) => api.setCustomerActive(id, active),
    onSuccess: (customer) => {
      client.setQueryData(key, (old: typeof detail.data) => (old ? { ...old, customer } : old));
      void client.invalidateQueries({ queryKey: ['customers'] });
    },
  });
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.deleteCustomer(id),
    onSuccess: async (deleted) => {
      setConfirm(false);
      client.removeQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['customers'] });
      void client.invalidateQueries({ queryKey: ['enquiries'] });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
      await navigate('/customers', { state: { deleted } });
    },
  });
  const data = detail.data;
  const customer = data?.customer;
  const label = customer ? customer.phone || customer.email || `#${customer.id}` : '';
  return (
    <div>
      <PageTitle
        actions={
          <Link
            to="/customers"
            className="inline-flex items-center rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100"
          >
            {t('customers.back')}
          </Link>
        }
      >
        {t('customers.title')}
      </PageTitle>
      {detail.isPending && Number.isInteger(id) && id > 0 ? <Loading /> : null}
      <ErrorAlert error={detail.error ?? setActive.error} />
      <SaveStatus message={setActive.isSuccess ? t('form.saved') : null} />
      {data && customer ? (
        <>
          <Section title={t('customers.account')}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
              <dt className="font-medium">{t('enquiries.phone')}</dt>
              <dd>
                {customer.phone ? (
                  <a href={telHref(customer.phone)} className="text-sky-900 underline">
                    <span dir="ltr">{customer.phone}</span>
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="font-medium">{t('enquiries.email')}</dt>
              <dd>
                {customer.email ? (
                  <a href={mailtoHref(customer.email)} className="text-sky-900 underline">
                    <span dir="ltr">{customer.email}</span>
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="font-medium">{t('list.status')}</dt>
              <dd>
                <ActiveBadge active={customer.active} />
              </dd>
              <dt className="font-medium">{t('customers.since')}</dt>
              <dd>{f.date(customer.created_at)}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button
                variant={customer.active ? 'secondary' : 'primary'}
                disabled={setActive.isPending}
                onClick={() => setActive.mutate(!customer.active)}
              >
                {customer.active ? t('customers.disable') : t('customers.enable')}
              </Button>
              <Button variant="danger" onClick={() => setConfirm(true)}>
                {t('customers.delete')}
              </Button>
            </div>
            {customer.active ? null : (
              <p className="mt-2 text-sm text-slate-800">{t('customers.disabledNote')}</p>
            )}
          </Section>
          <Section title={t('customers.liked')}>
            {data.liked.length === 0 ? (
              <p className="text-slate-800">{t('customers.noLikes')}</p>
            ) : (
              <ul className="space-y-1">
                {data.liked.map((p) => (
                  <li key={p.id}>
                    {canEdit ? (
                      <Link to={`/products/${p.id}`} className="text-sky-900 underline" dir="auto">
                        {p.title || `#${p.id}`}
                      </Link>
                    ) : (
                      <span dir="auto">{p.title || `#${p.id}`}</span>
                    )}{' '}
                    <span className="text-slate-800">· {f.date(p.liked_at, false)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('nav.enquiries')}>
            {data.enquiries.length === 0 ? (
              <p className="text-slate-800">{t('customers.noEnquiries')}</p>
            ) : (
              <EnquiryLinks rows={data.enquiries} />
            )}
          </Section>
          <ConfirmDialog
            open={confirm}
            onOpenChange={(open) => {
              setConfirm(open);
              if (!open) remove.reset();
            }}
            title={t('customers.deleteTitle', { name: label })}
            description={t('customers.deleteConfirm')}
            confirmLabel={t('customers.delete')}
            onConfirm={() => remove.mutate()}
            busy={remove.isPending}
            error={remove.error}
            danger
          />
        </>
      ) : null}
    </div>
  );
}
