import type { StoreIdentityView } from '@storefront/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../app/translate.tsx';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useLanguage } from '../use-language.ts';

/**
 * GET store/identity/: the business's name, contacts and links as its owner set them (the back
 * office, or the catalogue's `store` block). Loaded with every page (the root route's loader), kept
 * for the session: it changes only when the owner edits it.
 */
export function storeIdentityQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: [lang, 'store', 'identity'],
    queryFn: ({ signal }) => apiRequest<StoreIdentityView>(lang, 'store/identity/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The identity in the page's language. While a language switch loads it in the new language, the
 * one in the previous language stays: the store's own name (the title, the header) never gives way
 * to a stand-in in between.
 */
export function useStoreIdentity() {
  const lang = useLanguage();
  return useQuery({ ...storeIdentityQueryOptions(lang), placeholderData: keepPreviousData });
}

/**
 * The store's name: the owner's (its identity), else a plain "store" in the language (`siteTitle`:
 * a store whose identity has no name, or one that could not be loaded); never another business's.
 */
export function useStoreName(): string {
  const { t } = useTranslation();
  const identity = useStoreIdentity();
  return identity.data?.name || t('siteTitle');
}
