import type { Product } from '@storefront/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from './error-panel.tsx';
import { ProductCard } from './product-card.tsx';
import { CardGridSkeleton } from './skeleton.tsx';

export type SortOrder = 'id' | '-id';

/** Count, sort toggle (by id: oldest first by default) and the grid, with loading and failure states. */
export function ProductList({
  query,
  products,
  order,
  onOrderChange,
}: {
  query: UseQueryResult<unknown>;
  products: Product[] | undefined;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
}) {
  const { t } = useTranslation('pages');
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError || !products)
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite">
          {t('products.count', { count: products.length })}
        </p>
        <button
          type="button"
          onClick={() => onOrderChange(order === 'id' ? '-id' : 'id')}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
        >
          {t('products.publishDate')}: {order === 'id' ? t('products.sortOldest') : t('products.sortNewest')}
        </button>
      </div>
      {products.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700">{t('products.empty')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </>
  );
}
