import type { CatalogueKind, EntityListQuery } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEntityPage } from '../../lib/catalogue-api.ts';
import { DeleteEntity } from '../../components/delete-entity.tsx';
import { NotTranslatedBadge } from '../../components/fields.tsx';
import { Thumbnail } from '../../components/media.tsx';
import { EntityPicker, titleIn } from '../../components/pickers.tsx';
import { ErrorAlert, Loading, PageTitle, Pagination, SaveStatus, TableFrame } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { PAGE_SIZE, SearchBox, SortSelect, useListParams } from '../../components/list-controls.tsx';

export type OtherKind = Exclude<CatalogueKind, 'products'>;

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
  const rows = list.data?.results ?? [];
  const counts = kind !== 'posts' && kind !== 'banners';
  const images = kind === 'posts' || kind === 'banners';
  return (
    <div>
      <PageTitle
        actions={
          <Link
            to={`/${kind}/new`}
            className="rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900"
          >
            {t(`kinds.${kind}.new`)}
          </Link>
        }
      >
        {t(`nav.${kind}`)}
      </PageTitle>
      <div className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3">
        {kind !== 'banners' ? (
          <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('list.search')} />
        ) : null}
        <SortSelect value={sort} onChange={(s) => set({ sort: s })} />
        {kind === 'subcollections' ? (
          <div className="min-w-64">
            <EntityPicker
              kind="collections"
              label={t('list.byCollection')}
              value={parent}
              onChange={(id) => set({ parent: id })}
            />
          </div>
        ) : null}
      </div>
      <SaveStatus message={deletedHere || fromEditor ? t('form.deleted') : null} />
      <ErrorAlert error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t(`nav.${kind}`)} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t(`nav.${kind}`)}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                {images ? (
                  <th scope="col" className="p-2 text-start">
                    {t('list.image')}
                  </th>
                ) : null}
                <th scope="col" className="p-2 text-start">
                  {t('fields.title')}
                </th>
                {kind !== 'banners' ? (
                  <th scope="col" className="p-2 text-start">
                    {t('list.translation')}
                  </th>
                ) : null}
                {counts ? (
                  <th scope="col" className="p-2 text-start">
                    {t('list.products')}
                  </th>
                ) : null}
                <th scope="col" className="p-2 text-start">
                  {t('list.id')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('common.actions')}
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
                const title = titleIn(row, i18n.language) || t(`kinds.${kind}.one`, { id: f.number(row.id) });
                return (
                  <tr key={row.id} className="border-b border-slate-200">
                    {images ? (
                      <td className="p-2">
                        {row.image ? <Thumbnail src={row.image} alt="" size="h-10 w-16" /> : null}
                      </td>
                    ) : null}
                    <td className="p-2">
                      <Link to={`/${kind}/${row.id}`} className="text-sky-900 underline">
                        {title}
                      </Link>
                    </td>
                    {kind !== 'banners' ? (
                      <td className="p-2">
                        {row.missing_languages.length > 0 ? <NotTranslatedBadge /> : null}
                      </td>
                    ) : null}
                    {counts ? (
                      <td className="p-2">{row.products === null ? '—' : f.number(row.products)}</td>
                    ) : null}
                    <td className="p-2">{f.number(row.id)}</td>
                    <td className="p-2">
                      <DeleteEntity
                        kind={kind}
                        id={row.id}
                        title={title}
                        onDeleted={() => setDeletedHere(true)}
                        compact
                      />
                    </td>
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
    </div>
  );
}
