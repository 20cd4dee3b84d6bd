import type { EntityListQuery, EntityRow } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEntityPage, type OtherKind } from '../../lib/catalogue-api.ts';
import { DeleteEntity } from '../../components/delete-entity.tsx';
import { CollectionFilter, useCatalogueColumns } from '../../components/catalogue-list.tsx';
import { ListPage, type Column } from '../../components/list-page.tsx';
import { titleIn } from '../../components/pickers.tsx';
import { useFormat } from '../../lib/format.ts';
import { PAGE_SIZE, SearchBox, SortSelect, useListParams } from '../../components/list-controls.tsx';

// The routes name the kinds with this page's own word for them.
export type { OtherKind };

/** The list of one kind: search, sort, paging, edit and delete. */
export function EntityListPage({ kind }: { kind: OtherKind }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const { params, page, q, sort, set } = useListParams();
  // Deleted here, or in its editor (which comes back here saying so).
  const fromEditor = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const [deletedHere, setDeletedHere] = useState(false);
  const parent = kind === 'subcollections' ? Number(params.get('parent')) || null : null;
  const query: EntityListQuery = {
    page,
    page_size: PAGE_SIZE,
    q: q || undefined,
    sort,
    parent: parent ?? undefined,
  };
  const list = useEntityPage(kind, query);
  const titleOf = (row: EntityRow) =>
    titleIn(row, i18n.language) || t(`kinds.${kind}.one`, { id: f.number(row.id) });
  const common = useCatalogueColumns(kind, titleOf);
  const columns: (Column<EntityRow> | false)[] = [
    (kind === 'posts' || kind === 'banners') && common.image('h-10 w-16'),
    common.title,
    kind !== 'banners' && common.translation,
    kind !== 'posts' &&
      kind !== 'banners' && {
        key: 'products',
        header: t('list.products'),
        cell: (row) => (row.products === null ? '—' : f.number(row.products)),
      },
    common.id,
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <DeleteEntity
          kind={kind}
          id={row.id}
          title={titleOf(row)}
          onDeleted={() => setDeletedHere(true)}
          compact
        />
      ),
    },
  ];
  return (
    <ListPage
      title={t(`nav.${kind}`)}
      actions={
        <Link
          to={`/${kind}/new`}
          className="rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900"
        >
          {t(`kinds.${kind}.new`)}
        </Link>
      }
      // Few enough to stay unfolded on a phone (not in a FilterPanel).
      intro={
        <div className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3">
          {kind !== 'banners' ? (
            <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('list.search')} />
          ) : null}
          <SortSelect value={sort} onChange={(s) => set({ sort: s })} />
          {kind === 'subcollections' ? (
            <CollectionFilter value={parent} onChange={(id) => set({ parent: id })} />
          ) : null}
        </div>
      }
      status={deletedHere || fromEditor ? t('form.deleted') : null}
      list={list}
      pageSize={PAGE_SIZE}
      columns={columns.filter((c) => c !== false)}
    />
  );
}
