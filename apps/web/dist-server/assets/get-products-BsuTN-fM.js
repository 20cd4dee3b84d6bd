import { j as apiRequest, k as useLanguage } from '../entry-server.js';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
// src/lib/api/get-products.ts
/** The query parameters of the list's filters (undefined ones are left out). */
function productsQuery(params) {
  return {
    recommend: params.recommend ? 'True' : void 0,
    search: params.search,
    ordering: params.ordering,
    industry: params.industry,
    collection: params.collection,
    subcollection: params.subcollection,
    product: params.product,
  };
}
/** GET store/products/ with the list's filters (a plain array). */
function productsQueryOptions(lang, params = {}) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', params],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/products/', {
        query: productsQuery(params),
        signal,
      }),
  });
}
function useProducts(params = {}, options = {}) {
  const lang = useLanguage();
  return useQuery({
    ...productsQueryOptions(lang, params),
    enabled: options.enabled ?? true,
  });
}
/**
 * GET store/products/?limit=&offset= with the same filters, page after page: `count` is the total
 * for the filters, `next` is null on the last page.
 */
function productPagesQueryOptions(lang, params = {}) {
  return infiniteQueryOptions({
    queryKey: [lang, 'store', 'products', 'pages', params],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(lang, 'store/products/', {
        query: {
          ...productsQuery(params),
          limit: 24,
          offset: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last, pages) =>
      last.next === null ? void 0 : pages.reduce((sum, page) => sum + page.results.length, 0),
  });
}
/**
 * The paged list; while another order (or language) loads, the cards already shown stay, so the sort
 * toggle keeps its place and the keyboard's focus instead of giving way to a skeleton.
 */
function useProductPages(params = {}) {
  const lang = useLanguage();
  return useInfiniteQuery({
    ...productPagesQueryOptions(lang, params),
    placeholderData: keepPreviousData,
  });
}
export { useProducts as i, productsQueryOptions as n, useProductPages as r, productPagesQueryOptions as t };

//# sourceMappingURL=get-products-BsuTN-fM.js.map
