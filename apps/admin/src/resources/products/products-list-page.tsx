import type { EntityListQuery } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEntityPage } from '../../lib/catalogue-api.ts';
import { useBulkProducts } from './api.ts';
import { NotTranslatedBadge } from '../../components/fields.tsx';
import { Thumbnail } from '../../components/media.tsx';
import { EntityPicker, titleIn } from '../../components/pickers.tsx';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorAlert,
  Loading,
  Modal,
  PageTitle,
  Pagination,
  SaveStatus,
  SelectField,
  TableFrame,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { PAGE_SIZE, SearchBox, SortSelect, useListParams } from '../../components/list-controls.tsx';
import { useFormat } from '../../lib/format.ts';

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
  const rows = list.data?.results ?? [];
  const allChosen = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));

  return (
    <div>
      <PageTitle
        actions={
          <Link
            to="/products/new"
            className="rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900"
          >
            {t('product.new')}
          </Link>
        }
      >
        {t('nav.products')}
      </PageTitle>
      <FilterPanel
        active={[q, status, collection].filter(Boolean).length}
        className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3"
      >
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
        <div className="min-w-64">
          <EntityPicker
            kind="collections"
            label={t('list.byCollection')}
            value={collection}
            onChange={(id) => set({ collection: id })}
          />
        </div>
      </FilterPanel>

      {selected.length > 0 ? (
        <div
          role="region"
          aria-label={t('bulk.label')}
          className="mb-3 flex flex-wrap items-center gap-2 rounded border border-sky-300 bg-sky-50 p-2"
        >
          <span>{t('bulk.selected', { count: selected.length, formatted: f.number(selected.length) })}</span>
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
          <Button variant="ghost" onClick={() => setSelected([])}>
            {t('bulk.clear')}
          </Button>
        </div>
      ) : null}
      <SaveStatus
        message={
          changed !== null
            ? t('bulk.changed', { count: changed, formatted: f.number(changed) })
            : deletedInEditor
              ? t('form.deleted')
              : null
        }
      />
      <ErrorAlert error={list.error ?? (confirmDelete || moveOpen ? null : bulk.error)} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t('nav.products')} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('nav.products')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="w-10 p-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-sky-800"
                    aria-label={t('bulk.selectPage')}
                    checked={allChosen}
                    onChange={(e) => rows.forEach((r) => toggle(r.id, e.target.checked))}
                  />
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('list.image')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('fields.title')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('list.status')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('list.translation')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('list.id')}
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
              {rows.map((row) => {
                const title = titleIn(row, i18n.language) || `#${row.id}`;
                return (
                  <tr key={row.id} className="border-b border-slate-200">
                    <td className="p-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-sky-800"
                        aria-label={t('bulk.select', { title })}
                        checked={selected.includes(row.id)}
                        onChange={(e) => toggle(row.id, e.target.checked)}
                      />
                    </td>
                    <td className="p-2">
                      {row.image ? <Thumbnail src={row.image} alt="" size="h-10 w-10" /> : null}
                    </td>
                    <td className="p-2">
                      <Link to={`/products/${row.id}`} className="text-sky-900 underline">
                        {title}
                      </Link>
                    </td>
                    <td className="p-2">
                      {row.published ? (
                        <Badge tone="green">{t('status.published')}</Badge>
                      ) : (
                        <Badge tone="slate">{t('status.draft')}</Badge>
                      )}
                    </td>
                    <td className="p-2">
                      {row.missing_languages.length > 0 ? <NotTranslatedBadge /> : null}
                    </td>
                    <td className="p-2">{f.number(row.id)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          pageSize={PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}

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
    </div>
  );
}
