import { r as useProductPages } from './get-products-BsuTN-fM.js';
import { t as ProductList } from './product-list-eGeaYw3g.js';
import { useMemo, useState } from 'react';
import { jsx } from 'react/jsx-runtime';
// src/components/paged-product-list.tsx
/**
 * A product list that pages through store/products/ (limit/offset) with the given filters: the count
 * is the API's total, 'load more' asks for the next page, and the sort toggle starts again from the
 * first page in the other order.
 */
function PagedProductList({ params, empty }) {
  const [order, setOrder] = useState('id');
  const query = useProductPages({
    ...params,
    ordering: order,
  });
  const products = useMemo(() => query.data?.pages.flatMap((page) => page.results), [query.data]);
  return /* @__PURE__ */ jsx(ProductList, {
    query,
    products,
    total: query.data?.pages[0]?.count,
    order,
    onOrderChange: setOrder,
    empty,
    loadMore: {
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      failed: query.isFetchNextPageError,
      onLoadMore: () => void query.fetchNextPage(),
    },
  });
}
export { PagedProductList as t };

//# sourceMappingURL=paged-product-list-CSIpoKHD.js.map
