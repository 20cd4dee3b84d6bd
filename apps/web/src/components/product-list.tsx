import type { Product } from '@storefront/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../app/translate.tsx';
import { Link } from 'react-router';
import { ErrorPanel } from './error-panel.tsx';
import { ProductCard } from './product-card.tsx';
import { CardGridSkeleton } from './skeleton.tsx';

export type SortOrder = 'id' | '-id';

/** A copy sorted by id (release order): ascending for 'id', descending for '-id'. */
export function sortById<T extends { id: number }>(items: readonly T[], order: SortOrder): T[] {
  return [...items].sort((a, b) => (order === 'id' ? a.id - b.id : b.id - a.id));
}

/** What the list needs of a query (a plain or a paged one). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The 'load more' control of a paged list. */
export interface LoadMore {
  hasMore: boolean;
  loading: boolean;
  /** The last page failed: the button says so and tries again. */
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * Count, sort toggle (by id: oldest first by default), the grid with each card's liked state,
 * loading and failure states, a helpful empty state and, for a paged list, an accessible 'load more'
 * that brings the keyboard to the first new card.
 */
export function ProductList({
  query,
  products,
  total,
  order,
  onOrderChange,
  loadMore,
  empty,
  onShow,
}: {
  query: ListQueryState;
  products: Product[] | undefined;
  /** All products matching (the API's count); the number of cards when not given. */
  total?: number;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
  loadMore?: LoadMore;
  /** The empty state's message (a generic one when not given). */
  empty?: ReactNode;
  /** A card's show button (the quick view). */
  onShow: (product: Product) => void;
}) {
  const { t } = useTranslation('pages');
  const grid = useRef<HTMLDivElement>(null);
  /** The number of cards before 'load more' was pressed: focus goes to the next one. */
  const focusFrom = useRef<number | null>(null);
  const shown = products?.length ?? 0;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLElement>('article h2 a')[from]?.focus();
  }, [shown]);

  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError || !products)
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  const count = total ?? products.length;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite" data-testid="product-count">
          {t('products.count', { count })}
        </p>
        <button
          type="button"
          onClick={() => onOrderChange(order === 'id' ? '-id' : 'id')}
          aria-label={`${t('products.sortLabel')}: ${order === 'id' ? t('products.sortOldest') : t('products.sortNewest')}`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
        >
          {t('products.publishDate')}: {order === 'id' ? t('products.sortOldest') : t('products.sortNewest')}
        </button>
      </div>
      {products.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center text-slate-700" data-testid="empty-state">
          <p className="mb-3">{empty ?? t('products.empty')}</p>
          <p className="mb-4 text-sm text-slate-600">{t('products.emptyHint')}</p>
          <Link
            to="/products"
            className="inline-block rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
          >
            {t('products.seeAll')}
          </Link>
        </div>
      ) : (
        <div ref={grid} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} onShow={onShow} />
          ))}
        </div>
      )}
      {loadMore && products.length > 0 && (loadMore.hasMore || products.length < count) && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('products.shown', { shown: products.length, count })}
          </p>
          {loadMore.hasMore && (
            <button
              type="button"
              disabled={loadMore.loading}
              onClick={() => {
                focusFrom.current = products.length;
                loadMore.onLoadMore();
              }}
              className="rounded-lg border border-sky-800 bg-white px-5 py-2 font-semibold text-sky-900 hover:bg-sky-50 disabled:opacity-60"
            >
              {loadMore.loading
                ? t('products.loadingMore')
                : loadMore.failed
                  ? `${t('products.loadMore')} (${t('products.retry')})`
                  : t('products.loadMore')}
            </button>
          )}
          {loadMore.failed && !loadMore.loading && (
            <p role="alert" className="text-sm text-red-800">
              {t('products.loadMoreFailed')}
            </p>
          )}
        </div>
      )}
    </>
  );
}
