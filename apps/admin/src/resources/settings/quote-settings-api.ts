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

/** Saves them; the answer (as stored) replaces the cached ones. */
export function useSaveQuoteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: quoteSettingsApi.save,
    onSuccess: (answer) => client.setQueryData(quoteSettingsKey, answer),
  });
}
