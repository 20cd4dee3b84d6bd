import type { CatalogueKind, EntityRow } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../lib/format.ts';
import { NotTranslatedBadge } from './fields.tsx';
import type { Column } from './list-page.tsx';
import { Thumbnail } from './media.tsx';
import { EntityPicker } from './pickers.tsx';

/**
 * The columns every catalogue list shares (products and the other kinds): the image, the title
 * linking to the editor, the "not translated" mark and the number.
 */
export function useCatalogueColumns(kind: CatalogueKind, titleOf: (row: EntityRow) => string) {
  const { t } = useTranslation();
  const f = useFormat();
  return {
    image: (size: string): Column<EntityRow> => ({
      key: 'image',
      header: t('list.image'),
      cell: (row) => (row.image ? <Thumbnail src={row.image} alt="" size={size} /> : null),
    }),
    title: {
      key: 'title',
      header: t('fields.title'),
      cell: (row) => (
        <Link to={`/${kind}/${row.id}`} className="text-sky-900 underline">
          {titleOf(row)}
        </Link>
      ),
    } satisfies Column<EntityRow>,
    translation: {
      key: 'translation',
      header: t('list.translation'),
      cell: (row) => (row.missing_languages.length > 0 ? <NotTranslatedBadge /> : null),
    } satisfies Column<EntityRow>,
    id: { key: 'id', header: t('list.id'), cell: (row) => f.number(row.id) } satisfies Column<EntityRow>,
  };
}

/** A list's "in this collection" filter (products; a collection's subcollections). */
export function CollectionFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-w-64">
      <EntityPicker kind="collections" label={t('list.byCollection')} value={value} onChange={onChange} />
    </div>
  );
}
