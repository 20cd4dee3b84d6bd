import { A as ApiError, j as apiRequest, k as useLanguage } from '../entry-server.js';
import { useMutation } from '@tanstack/react-query';
// src/lib/api/create-order.ts
/**
 * POST store/products/{id}/orders/ (phone, description, email); nothing is checked on the client.
 * A stored token that is no longer valid (expired, its account removed) makes the server refuse the
 * request (401 `token_not_valid`) before storing anything; apiRequest then forgets the token, and
 * the request is sent once more as a visitor's, so the enquiry is not lost.
 */
async function createOrder(lang, productId, body) {
  const send = () =>
    apiRequest(lang, `store/products/${productId}/orders/`, {
      method: 'POST',
      body,
    });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'token_not_valid') return send();
    throw error;
  }
}
function useCreateOrder(productId) {
  const lang = useLanguage();
  return useMutation({ mutationFn: (body) => createOrder(lang, productId, body) });
}
export { useCreateOrder as t };

//# sourceMappingURL=create-order-9DjONg2F.js.map
