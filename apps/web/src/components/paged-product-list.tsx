import { useMemo, useState, type ReactNode } from 'react';
import { useProductPages, type ProductsParams } from '../lib/api/get-products.ts';
import { ProductList, type SortOrder } from './product-list.tsx';
import type { Product } from '@storefront/contracts';
import { useShowProduct } from '../app/modal-context.tsx';

/**
 * A product list that pages through store/products/ (limit/offset) with the given filters: the count
 * is the API's total, 'load more' asks for the next page, and the sort toggle starts again from the
 * first page in the other order.
 */
export function PagedProductList({
  params,
  empty,
  onShow,
}: {
  params: Omit<ProductsParams, 'ordering' | 'recommend'>;
  empty?: ReactNode;
  /** A card's show button (the quick view). */
  onShow: (product: Product) => void;
}) {
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useProductPages({ ...params, ordering: order });
  const products = useMemo(() => query.data?.pages.flatMap((page) => page.results), [query.data]);
  return (
    <ProductList
      query={query}
      products={products}
      total={query.data?.pages[0]?.count}
      order={order}
      onOrderChange={setOrder}
      empty={empty}
      onShow={onShow}
      loadMore={{
        hasMore: query.hasNextPage,
        loading: query.isFetchingNextPage,
        failed: query.isFetchNextPageError,
        onLoadMore: () => void query.fetchNextPage(),
      }}
    />
  );
}

/**
 * The list as an island of a products page (the products, a search, the filtered search:
 * app/islands.tsx): its parameters and empty text from the page (JSON),
 * the quick view from the island's own providers.
 */
export function ProductListIsland({
  params,
  empty,
}: {
  params: Omit<ProductsParams, 'ordering' | 'recommend'>;
  /** What an empty answer says (the page's text). */
  empty?: string;
}) {
  return <PagedProductList params={params} empty={empty} onShow={useShowProduct()} />;
}
