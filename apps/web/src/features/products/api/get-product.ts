import type { Product } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/languages.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** GET store/products/{id}/ */
export function productQueryOptions(lang: Language, id: number) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', id],
    queryFn: ({ signal }) => apiRequest<Product>(lang, `store/products/${id}/`, { signal }),
  });
}

export function useProduct(id: number) {
  const lang = useLanguage();
  return useQuery({ ...productQueryOptions(lang, id), enabled: Number.isInteger(id) });
}
