import type { EnquiryQuery, EnquiryRow } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../components/list-controls.tsx';
import { ListPage, type Column } from '../../components/list-page.tsx';
import { EnquiryProduct, EnquiryStatusBadge, LINK_BUTTON } from '../../components/sales.tsx';
import { Badge } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { enquiryExportUrl, useEnquiries } from './api.ts';
import { EnquiryFilterFields, enquiryFiltersOf } from './enquiry-filters.tsx';
import { SourceBadge } from '../../components/enquiry-source.tsx';

export const ENQUIRY_PAGE_SIZE = 25;

/** The inbox: every enquiry, newest first, filtered by what the URL says; unread ones stand out. */
export function EnquiriesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { params, page, set } = useListParams();
  const filters = enquiryFiltersOf(params);
  const query: EnquiryQuery = { ...filters, page, page_size: ENQUIRY_PAGE_SIZE };
  const list = useEnquiries(query);
  const active = Object.values(filters).filter((v) => v !== undefined).length;
  const columns: Column<EnquiryRow>[] = [
    {
      key: 'reference',
      header: t('enquiries.reference'),
      className: 'whitespace-nowrap',
      cell: (row) => (
        <>
          <Link to={`/enquiries/${row.id}`} className="text-sky-900 underline">
            <span dir="ltr">{row.reference}</span>
          </Link>
          {row.read ? null : (
            <>
              {' '}
              <Badge>{t('enquiries.unreadMarker')}</Badge>
            </>
          )}
        </>
      ),
    },
    {
      key: 'date',
      header: t('enquiries.date'),
      className: 'whitespace-nowrap',
      cell: (row) => f.date(row.created_at),
    },
    { key: 'product', header: t('enquiries.product'), cell: (row) => <EnquiryProduct row={row} /> },
    {
      key: 'phone',
      header: t('enquiries.phone'),
      className: 'whitespace-nowrap',
      cell: (row) => <span dir="ltr">{row.phone || '—'}</span>,
    },
    { key: 'email', header: t('enquiries.email'), cell: (row) => <span dir="ltr">{row.email || '—'}</span> },
    {
      key: 'status',
      header: t('enquiries.status'),
      cell: (row) => <EnquiryStatusBadge status={row.status} />,
    },
    {
      key: 'source',
      header: t('source.source'),
      className: 'whitespace-nowrap',
      cell: (row) => <SourceBadge source={row.source} />,
    },
    {
      key: 'assignee',
      header: t('enquiries.assignee'),
      cell: (row) => row.assignee?.name ?? t('enquiries.unassigned'),
    },
  ];
  return (
    <ListPage
      title={t('nav.enquiries')}
      actions={
        <>
          <a href={enquiryExportUrl('csv', filters)} download className={LINK_BUTTON}>
            {t('enquiries.exportCsv')}
          </a>
          <a href={enquiryExportUrl('xlsx', filters)} download className={LINK_BUTTON}>
            {t('enquiries.exportXlsx')}
          </a>
        </>
      }
      filters={<EnquiryFilterFields filters={filters} set={set} />}
      activeFilters={active}
      list={list}
      pageSize={ENQUIRY_PAGE_SIZE}
      columns={columns}
      rowClassName={(row) => (row.read ? '' : 'bg-amber-50 font-bold')}
      clearFilters="/enquiries"
    >
      {list.data?.capped ? (
        <p className="mt-3 text-sm text-slate-800">
          {t('enquiries.capped', { formatted: f.number(list.data.count) })}
        </p>
      ) : null}
    </ListPage>
  );
}
