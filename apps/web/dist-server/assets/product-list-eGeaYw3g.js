import { r as CardGridSkeleton, t as ErrorPanel } from '../entry-server.js';
import { t as ProductCard } from './product-card-DrV_2F6h.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/components/product-list.tsx
/** A copy sorted by id (release order): ascending for 'id', descending for '-id'. */
function sortById(items, order) {
  return [...items].sort((a, b) => (order === 'id' ? a.id - b.id : b.id - a.id));
}
/**
 * Count, sort toggle (by id: oldest first by default), the grid with each card's liked state,
 * loading and failure states, a helpful empty state and, for a paged list, an accessible 'load more'
 * that brings the keyboard to the first new card.
 */
function ProductList({ query, products, total, order, onOrderChange, loadMore, empty }) {
  const { t } = useTranslation('pages');
  const grid = useRef(null);
  /** The number of cards before 'load more' was pressed: focus goes to the next one. */
  const focusFrom = useRef(null);
  const shown = products?.length ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll('article h2 a')[from]?.focus();
  }, [shown]);
  if (query.isPending) return /* @__PURE__ */ jsx(CardGridSkeleton, {});
  if (query.isError || !products)
    return /* @__PURE__ */ jsx(ErrorPanel, {
      error: query.error,
      onRetry: () => void query.refetch(),
    });
  const count = total ?? products.length;
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsxs('div', {
        className: 'mb-4 flex flex-wrap items-center justify-between gap-3',
        children: [
          /* @__PURE__ */ jsx('p', {
            className: 'text-slate-700',
            'aria-live': 'polite',
            'data-testid': 'product-count',
            children: t('products.count', { count }),
          }),
          /* @__PURE__ */ jsxs('button', {
            type: 'button',
            onClick: () => onOrderChange(order === 'id' ? '-id' : 'id'),
            'aria-label': `${t('products.sortLabel')}: ${order === 'id' ? t('products.sortOldest') : t('products.sortNewest')}`,
            className:
              'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100',
            children: [
              t('products.publishDate'),
              ': ',
              order === 'id' ? t('products.sortOldest') : t('products.sortNewest'),
            ],
          }),
        ],
      }),
      products.length === 0
        ? /* @__PURE__ */ jsxs('div', {
            className: 'rounded-xl bg-white p-6 text-center text-slate-700',
            'data-testid': 'empty-state',
            children: [
              /* @__PURE__ */ jsx('p', {
                className: 'mb-3',
                children: empty ?? t('products.empty'),
              }),
              /* @__PURE__ */ jsx('p', {
                className: 'mb-4 text-sm text-slate-600',
                children: t('products.emptyHint'),
              }),
              /* @__PURE__ */ jsx(Link, {
                to: '/products',
                className:
                  'inline-block rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900',
                children: t('products.seeAll'),
              }),
            ],
          })
        : /* @__PURE__ */ jsx('div', {
            ref: grid,
            className: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
            children: products.map((product) => /* @__PURE__ */ jsx(ProductCard, { product }, product.id)),
          }),
      loadMore &&
        products.length > 0 &&
        (loadMore.hasMore || products.length < count) &&
        /* @__PURE__ */ jsxs('div', {
          className: 'mt-6 flex flex-col items-center gap-2',
          children: [
            /* @__PURE__ */ jsx('p', {
              className: 'text-sm text-slate-600',
              'aria-live': 'polite',
              children: t('products.shown', {
                shown: products.length,
                count,
              }),
            }),
            loadMore.hasMore &&
              /* @__PURE__ */ jsx('button', {
                type: 'button',
                disabled: loadMore.loading,
                onClick: () => {
                  focusFrom.current = products.length;
                  loadMore.onLoadMore();
                },
                className:
                  'rounded-lg border border-sky-800 bg-white px-5 py-2 font-semibold text-sky-900 hover:bg-sky-50 disabled:opacity-60',
                children: loadMore.loading
                  ? t('products.loadingMore')
                  : loadMore.failed
                    ? `${t('products.loadMore')} (${t('products.retry')})`
                    : t('products.loadMore'),
              }),
            loadMore.failed &&
              !loadMore.loading &&
              /* @__PURE__ */ jsx('p', {
                role: 'alert',
                className: 'text-sm text-red-800',
                children: t('products.loadMoreFailed'),
              }),
          ],
        }),
    ],
  });
}
export { sortById as n, ProductList as t };

//# sourceMappingURL=product-list-eGeaYw3g.js.map
