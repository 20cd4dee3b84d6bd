import type { Order, OrderBody } from '@storefront/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useLanguage } from '../use-language.ts';

/** POST store/products/{id}/orders/ (phone, description, email); nothing is checked on the client. */
export function useCreateOrder(productId: number) {
  const lang = useLanguage();
  return useMutation({
    mutationFn: (body: OrderBody) =>
      apiRequest<Order>(lang, `store/products/${productId}/orders/`, { method: 'POST', body }),
  });
}
