import type { Product } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

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

/** GET store/products/ with the list's filters (a plain array). */
export function productsQueryOptions(lang: Language, params: ProductsParams = {}) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', params],
    queryFn: ({ signal }) =>
      apiRequest<Product[]>(lang, 'store/products/', {
        query: {
          // The spec's client sends `recommend=True/`; the server accepts both spellings.
          recommend: params.recommend ? 'True' : undefined,
          search: params.search,
          ordering: params.ordering,
          industry: params.industry,
          collection: params.collection,
          subcollection: params.subcollection,
          product: params.product,
        },
        signal,
      }),
  });
}

export function useProducts(params: ProductsParams = {}, options: { enabled?: boolean } = {}) {
  const lang = useLanguage();
  return useQuery({ ...productsQueryOptions(lang, params), enabled: options.enabled ?? true });
}
