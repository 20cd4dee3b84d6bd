import type { Customer, CustomerQuery } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChoiceFilter, SearchBox, useListParams } from '../../components/list-controls.tsx';
import { ListPage, type Column } from '../../components/list-page.tsx';
import { ActiveBadge, Notice } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useCustomers, type CustomerDeleted } from './api.ts';

const CUSTOMER_PAGE_SIZE = 25;

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

/** The storefront's accounts, searched and filtered by status in the URL. */
export function CustomersPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const deleted = (useLocation().state as { deleted?: CustomerDeleted } | null)?.deleted;
  const { params, page, q, set } = useListParams();
  const statusParam = params.get('status');
  const status = statusParam === 'active' || statusParam === 'disabled' ? statusParam : undefined;
  const query: CustomerQuery = { page, page_size: CUSTOMER_PAGE_SIZE, q: q || undefined, status };
  const list = useCustomers(query);
  const columns: Column<Customer>[] = [
    {
      key: 'phone',
      header: t('enquiries.phone'),
      className: 'whitespace-nowrap',
      cell: (c) => (
        <Link to={`/customers/${c.id}`} className="text-sky-900 underline">
          <span dir="ltr">{c.phone || `#${c.id}`}</span>
        </Link>
      ),
    },
    { key: 'email', header: t('enquiries.email'), cell: (c) => <span dir="ltr">{c.email || '—'}</span> },
    { key: 'status', header: t('list.status'), cell: (c) => <ActiveBadge active={c.active} /> },
    {
      key: 'since',
      header: t('customers.since'),
      className: 'whitespace-nowrap',
      cell: (c) => f.date(c.created_at, false),
    },
    { key: 'likes', header: t('customers.likes'), cell: (c) => f.number(c.likes) },
    { key: 'enquiries', header: t('nav.enquiries'), cell: (c) => f.number(c.enquiries) },
  ];
  return (
    <ListPage
      title={t('nav.customers')}
      intro={deleted ? <DeletedNotice deleted={deleted} /> : null}
      filters={
        <>
          <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('customers.search')} />
          <ChoiceFilter
            label={t('list.status')}
            value={status}
            choices={[
              ['active', t('staff.active')],
              ['disabled', t('staff.disabled')],
            ]}
            onChange={(v) => set({ status: v })}
          />
        </>
      }
      activeFilters={[q, status].filter(Boolean).length}
      list={list}
      pageSize={CUSTOMER_PAGE_SIZE}
      columns={columns}
    />
  );
}
