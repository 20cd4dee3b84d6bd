import type { QuoteSettings, QuoteSettingsBody } from '@storefront/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Under the settings' key: whatever refreshes the settings refreshes these too. */
export const quoteSettingsKey = [...queryKeys.settings.all, 'quotes'] as const;

export const quoteSettingsApi = {
  get: () => request<QuoteSettings>('GET', '/settings/quotes'),
  save: (body: QuoteSettingsBody) => request<QuoteSettings>('PUT', '/settings/quotes', { body }),
};

/** What every new quote starts from (owner). */
export function useQuoteSettings() {
  return useQuery({ queryKey: quoteSettingsKey, queryFn: quoteSettingsApi.get });
}

/**
 * Saves them; the answer (as stored) replaces the cached ones, and every enquiry's cached quote (whose
 * `defaults` are these settings) is asked again when next shown.
 */
export function useSaveQuoteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: quoteSettingsApi.save,
    onSuccess: async (answer) => {
      client.setQueryData(quoteSettingsKey, answer);
      // An enquiry's quote is `[...queryKeys.enquiries.detail(id), 'quote', …]` (resources/enquiries).
      const [enquiry] = queryKeys.enquiries.detail(0);
      await client.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === enquiry && queryKey[2] === 'quote',
      });
    },
  });
}
