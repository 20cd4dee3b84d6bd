import type { Enquiry, EnquiryBody } from '@storefront/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client.ts';
import { useLanguage } from '../use-language.ts';

/**
 * POST store/products/{id}/orders/ (phone, description, email); nothing is checked on the client.
 * A stored token that is no longer valid (expired, its account removed) makes the server refuse the
 * request (401 `token_not_valid`) before storing anything; apiRequest then forgets the token, and
 * the request is sent once more as a visitor's, so the enquiry is not lost.
 */
export async function createEnquiry(lang: string, productId: number, body: EnquiryBody): Promise<Enquiry> {
  const send = () =>
    apiRequest<Enquiry>(lang, `store/products/${productId}/orders/`, { method: 'POST', body });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'token_not_valid') return send();
    throw error;
  }
}

export function useCreateEnquiry(productId: number) {
  const lang = useLanguage();
  return useMutation({ mutationFn: (body: EnquiryBody) => createEnquiry(lang, productId, body) });
}
