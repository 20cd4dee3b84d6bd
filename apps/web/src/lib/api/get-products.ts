import type { Page, Product } from '@storefront/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useLanguage } from '../use-language.ts';

export interface ProductsParams {
  search?: string;
  recommend?: boolean;
  ordering?: 'id' | '-id' | 'creation_date' | '-creation_date';
  /** Exact-title filters of the filtered search page. */
  industry?: string;
  collection?: string;
  subcollection?: string;
  product?: string;
}

/** The query parameters of the list's filters (undefined ones are left out). */
function productsQuery(params: ProductsParams) {
  return {
    // The spec's client sends `recommend=True/`; the server accepts both spellings.
    recommend: params.recommend ? 'True' : undefined,
    search: params.search,
    ordering: params.ordering,
    industry: params.industry,
    collection: params.collection,
    subcollection: params.subcollection,
    product: params.product,
  };
}

/** GET store/products/ with the list's filters (a plain array). */
export function productsQueryOptions(lang: Language, params: ProductsParams = {}) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', params],
    queryFn: ({ signal }) =>
      apiRequest<Product[]>(lang, 'store/products/', {
        query: productsQuery(params),
        signal,
      }),
  });
}

/**
 * At most this many recommended products on the home page: its sliders show one to three cards at a
 * time, and a store that recommends thousands (the 100,000-product bench store recommends about half)
 * would otherwise send them all (20 MB) into a 47 MB page.
 */
export const HOME_RECOMMENDED_LIMIT = 60;

/** GET store/products/?recommend=True&limit= (the home's sliders): the first HOME_RECOMMENDED_LIMIT. */
export function recommendedQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', 'recommended', HOME_RECOMMENDED_LIMIT],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Page<Product>>(lang, 'store/products/', {
          query: { ...productsQuery({ recommend: true }), limit: HOME_RECOMMENDED_LIMIT },
          signal,
        })
      ).results,
  });
}

/** The home's recommended products (recommendedQueryOptions). */
export function useRecommendedProducts() {
  return useQuery(recommendedQueryOptions(useLanguage()));
}

export function useProducts(params: ProductsParams = {}, options: { enabled?: boolean } = {}) {
  const lang = useLanguage();
  return useQuery({ ...productsQueryOptions(lang, params), enabled: options.enabled ?? true });
}

/** Cards per request of the paged lists ('load more' asks for the next page). */
export const PRODUCT_PAGE_SIZE = 24;

/**
 * GET store/products/?limit=&offset= with the same filters, page after page: `count` is the total
 * for the filters, `next` is null on the last page.
 */
export function productPagesQueryOptions(lang: Language, params: ProductsParams = {}) {
  return infiniteQueryOptions({
    queryKey: [lang, 'store', 'products', 'pages', params],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<Page<Product>>(lang, 'store/products/', {
        query: {
          ...productsQuery(params),
          limit: PRODUCT_PAGE_SIZE,
          offset: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last, pages) =>
      last.next === null ? undefined : pages.reduce((sum, page) => sum + page.results.length, 0),
  });
}

/**
 * The paged list; while another order (or language) loads, the cards already shown stay, so the sort
 * toggle keeps its place and the keyboard's focus instead of giving way to a skeleton.
 */
export function useProductPages(params: ProductsParams = {}) {
  const lang = useLanguage();
  return useInfiniteQuery({ ...productPagesQueryOptions(lang, params), placeholderData: keepPreviousData });
}
