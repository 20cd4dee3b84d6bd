import type { BulkBody } from '@storefront/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type BulkResult } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The products' own calls. A product is read, saved and deleted as every catalogue entity is
 * (lib/catalogue-api.ts: the pickers and the delete dialog share those); only the bulk actions are
 * the products' alone.
 */
export const productsApi = {
  bulk: (body: BulkBody) => request<BulkResult>('POST', '/catalogue/products/bulk', { body }),
};

/** Publish, unpublish, move to a collection or delete several products; every list refreshes after. */
export function useBulkProducts(onDone: (result: BulkResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: productsApi.bulk,
    onSuccess: (result) => {
      onDone(result);
      void client.invalidateQueries({ queryKey: queryKeys.catalogue.lists });
    },
  });
}
