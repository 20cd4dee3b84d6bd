import { enquiryStatuses, type EnquiryStatus } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field.tsx';
import { ChoiceFilter, SearchBox, type useListParams } from '../../components/list-controls.tsx';
import { CatalogueFilter } from '../../components/sales.tsx';
import { Checkbox, SelectField } from '../../components/ui.tsx';
import { useAssignees } from '../../lib/sales-api.ts';
import type { EnquiryFilters } from './api.ts';
import { SourceFilter } from '../../components/enquiry-source.tsx';

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
  const source = params.get('source')?.trim().toLowerCase();
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
    // As the server takes it (at most 100 characters); anything else is left out, not refused.
    source: source && source.length <= 100 ? source : undefined,
  };
}

/** The inbox's filter fields; each change goes to the URL. */
export function EnquiryFilterFields({
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
    <>
      <SearchBox
        key={filters.q ?? ''}
        value={filters.q ?? ''}
        onSearch={(v) => set({ q: v })}
        label={t('enquiries.search')}
      />
      <ChoiceFilter
        label={t('list.status')}
        value={filters.status}
        choices={enquiryStatuses.map((s) => [s, t(`enquiryStatus.${s}`)] as const)}
        onChange={(v) => set({ status: v })}
      />
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
      <SourceFilter value={filters.source} onChange={(v) => set({ source: v })} />
      {(['from', 'to'] as const).map((end) => (
        <DateField
          key={end}
          label={t(`enquiries.${end}`)}
          clearable
          value={filters[end] ?? ''}
          onChange={(v) => set({ [end]: DAY.test(v) ? v : null })}
        />
      ))}
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
    </>
  );
}
