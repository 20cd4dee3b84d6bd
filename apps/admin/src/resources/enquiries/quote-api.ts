import type {
  EnquiryQuote,
  QuoteBuyer,
  QuoteDraft,
  QuoteEditorBody,
  QuoteSnapshot,
  QuoteTotals,
  QuoteVersionSummary,
} from '@storefront/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_BASE, request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** What PUT /enquiries/{id}/quote answers: the draft and buyer as stored, with their totals. */
export interface SavedQuote {
  draft: QuoteDraft;
  buyer: QuoteBuyer;
  totals: QuoteTotals;
}

/** One sent version with the snapshot it froze. */
export interface QuoteVersionDetail {
  summary: QuoteVersionSummary;
  snapshot: QuoteSnapshot;
}

/**
 * The enquiry's quote (issue 25; the server's routes: modules/admin/quote-routes.ts). Its keys sit
 * under the enquiry's own (`queryKeys.enquiries.detail`), so anything that refreshes the enquiry
 * refreshes its quote too.
 */
export const quoteKeys = {
  quote: (id: number) => [...queryKeys.enquiries.detail(id), 'quote'] as const,
  version: (id: number, n: number) => [...queryKeys.enquiries.detail(id), 'quote', 'version', n] as const,
};

export const quoteApi = {
  quote: (id: number) => request<EnquiryQuote>('GET', `/enquiries/${id}/quote`),
  save: (id: number, body: QuoteEditorBody) => request<SavedQuote>('PUT', `/enquiries/${id}/quote`, { body }),
  discard: (id: number) => request<void>('DELETE', `/enquiries/${id}/quote`),
  send: (id: number) => request<QuoteVersionSummary>('POST', `/enquiries/${id}/quote/send`),
  reissue: (id: number, n: number) =>
    request<QuoteVersionSummary>('POST', `/enquiries/${id}/quote/versions/${n}/reissue`),
  version: (id: number, n: number) =>
    request<QuoteVersionDetail>('GET', `/enquiries/${id}/quote/versions/${n}`),
  /** A product's start price in Rials for a line (null: it shows none), for owners and sales alike. */
  productPrice: (productId: number) =>
    request<{ product: number; rials: number | null }>('GET', `/quote-prices/${productId}`),
};

/** The query of a product's price for a line (kept a minute: picking it again asks nothing). */
export const productPriceQuery = (productId: number) => ({
  queryKey: [...queryKeys.catalogue.entity('products', productId), 'quote-price'] as const,
  queryFn: () => quoteApi.productPrice(productId),
  staleTime: 60_000,
});

/** The server-made PDF of a version (a plain link: the session cookie goes along). */
export function quotePdfUrl(id: number, n: number): string {
  return `${API_BASE}/enquiries/${id}/quote/versions/${n}/pdf`;
}

export function useEnquiryQuote(id: number) {
  return useQuery({ queryKey: quoteKeys.quote(id), queryFn: () => quoteApi.quote(id) });
}

/** A sent version's snapshot (a new draft starts from the newest one's when there is no draft). */
export function useQuoteVersion(id: number, n: number | null) {
  return useQuery({
    queryKey: quoteKeys.version(id, n ?? 0),
    queryFn: () => quoteApi.version(id, n!),
    enabled: n !== null,
    staleTime: Infinity,
  });
}

/**
 * A version sent (or re-issued) moves the enquiry (status quoted, its timeline), the inbox's rows and
 * the dashboard's figures: all of them are asked again.
 */
function refreshAfterSending(client: QueryClient, id: number) {
  void client.invalidateQueries({ queryKey: queryKeys.enquiries.detail(id) });
  void client.invalidateQueries({ queryKey: queryKeys.enquiries.lists });
  void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

/** Saves the draft; the cached quote takes the stored draft and buyer (its versions are unchanged). */
export function useSaveQuote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteEditorBody) => quoteApi.save(id, body),
    onSuccess: (saved) => {
      client.setQueryData<EnquiryQuote>(quoteKeys.quote(id), (old) =>
        old ? { ...old, draft: saved.draft, buyer: saved.buyer } : old,
      );
    },
  });
}

/** Saves what is in the editor, then sends it as the next version. */
export function useSendQuote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuoteEditorBody) => {
      await quoteApi.save(id, body);
      return quoteApi.send(id);
    },
    onSettled: () => refreshAfterSending(client, id),
  });
}

export function useDiscardQuote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => quoteApi.discard(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: quoteKeys.quote(id) }),
  });
}

/** Sends version n again at today's prices (the draft becomes that version too). */
export function useReissueQuote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => quoteApi.reissue(id, n),
    onSuccess: () => refreshAfterSending(client, id),
  });
}
