import type { EntityListQuery, EntityRow } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEntityPage } from '../../lib/catalogue-api.ts';
import { CollectionFilter, useCatalogueColumns } from '../../components/catalogue-list.tsx';
import { ListPage, type Column } from '../../components/list-page.tsx';
import { EntityPicker, titleIn } from '../../components/pickers.tsx';
import { Badge, Button, ConfirmDialog, ErrorAlert, Modal, SelectField } from '../../components/ui.tsx';
import { PAGE_SIZE, SearchBox, SortSelect, useListParams } from '../../components/list-controls.tsx';
import { useFormat } from '../../lib/format.ts';
import { useBulkProducts } from './api.ts';

/** The products: search, status and collection filters, sort and paging in the URL; bulk actions. */
export function ProductsListPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const { params, page, q, sort, set } = useListParams();
  const status = params.get('status') as 'published' | 'draft' | null;
  const collection = Number(params.get('collection')) || null;
  const query: EntityListQuery = {
    page,
    page_size: PAGE_SIZE,
    q: q || undefined,
    sort,
    status: status ?? undefined,
    collection: collection ?? undefined,
  };
  const list = useEntityPage('products', query);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [target, setTarget] = useState<number | null>(null);
  const [changed, setChanged] = useState<number | null>(null);
  // A product deleted in its editor comes back here saying so.
  const deletedInEditor = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const bulk = useBulkProducts((result) => {
    setChanged(result.changed);
    setSelected([]);
    setConfirmDelete(false);
    setMoveOpen(false);
  });
  const titleOf = (row: EntityRow) => titleIn(row, i18n.language) || `#${row.id}`;
  const common = useCatalogueColumns('products', titleOf);
  const columns: Column<EntityRow>[] = [
    common.image('h-10 w-10'),
    common.title,
    {
      key: 'status',
      header: t('list.status'),
      cell: (row) =>
        row.published ? (
          <Badge tone="green">{t('status.published')}</Badge>
        ) : (
          <Badge tone="slate">{t('status.draft')}</Badge>
        ),
    },
    common.translation,
    common.id,
  ];

  return (
    <ListPage
      title={t('nav.products')}
      actions={
        <Link
          to="/products/new"
          className="rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900"
        >
          {t('product.new')}
        </Link>
      }
      filters={
        <>
          <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('list.search')} />
          <SelectField
            label={t('list.status')}
            value={status ?? ''}
            onChange={(e) => set({ status: e.target.value })}
          >
            <option value="">{t('list.all')}</option>
            <option value="published">{t('status.published')}</option>
            <option value="draft">{t('status.draft')}</option>
          </SelectField>
          <SortSelect value={sort} onChange={(s) => set({ sort: s })} />
          <CollectionFilter value={collection} onChange={(id) => set({ collection: id })} />
        </>
      }
      activeFilters={[q, status, collection].filter(Boolean).length}
      selection={{ selected, onChange: setSelected, title: titleOf }}
      bulk={
        <>
          <Button onClick={() => bulk.mutate({ ids: selected, action: 'publish' })}>
            {t('bulk.publish')}
          </Button>
          <Button onClick={() => bulk.mutate({ ids: selected, action: 'unpublish' })}>
            {t('bulk.unpublish')}
          </Button>
          <Button onClick={() => setMoveOpen(true)}>{t('bulk.setCollection')}</Button>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            {t('bulk.delete')}
          </Button>
        </>
      }
      status={
        changed !== null
          ? t('bulk.changed', { count: changed, formatted: f.number(changed) })
          : deletedInEditor
            ? t('form.deleted')
            : null
      }
      list={list}
      error={confirmDelete || moveOpen ? null : bulk.error}
      pageSize={PAGE_SIZE}
      columns={columns}
    >
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('bulk.delete')}
        description={t('bulk.deleteConfirm', {
          count: selected.length,
          formatted: f.number(selected.length),
        })}
        confirmLabel={t('bulk.delete')}
        onConfirm={() => bulk.mutate({ ids: selected, action: 'delete' })}
        busy={bulk.isPending}
        error={bulk.error}
        danger
      />
      <Modal open={moveOpen} onOpenChange={setMoveOpen} title={t('bulk.setCollection')}>
        <EntityPicker kind="collections" label={t('fields.collection')} value={target} onChange={setTarget} />
        <ErrorAlert error={bulk.error} />
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setMoveOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ ids: selected, action: 'set_collection', collection: target })}
          >
            {t('common.apply')}
          </Button>
        </div>
      </Modal>
    </ListPage>
  );
}
