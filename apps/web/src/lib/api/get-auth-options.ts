import type { AuthOptions } from '@storefront/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { Language } from '../languages.ts';
import { useLanguage } from '../use-language.ts';

/** What the dialog offers when the store has not set up SMS, or when its options could not be read. */
export const WITHOUT_CODES: AuthOptions = { sms_codes: false, code_length: 6, cooldown_seconds: 60 };

/**
 * GET auth/options/: whether one-time codes are sent by SMS (issue 24), their length and cool-down.
 * Asked only by the sign-in forms (the dialog's chunk and the login/register pages), so a page that
 * never opens them makes no request; kept for the session, since the owner changes SMS rarely. A
 * failed answer is not retried: the forms then work as a store without SMS (the spec's dialog).
 */
export function authOptionsQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: [lang, 'auth', 'options'],
    queryFn: ({ signal }) => apiRequest<AuthOptions>(lang, 'auth/options/', { signal, auth: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The options in the page's language; WITHOUT_CODES until (or unless) the server has said otherwise. */
export function useAuthOptions(): AuthOptions {
  const lang = useLanguage();
  const query = useQuery(authOptionsQueryOptions(lang));
  return query.data?.sms_codes === true ? query.data : WITHOUT_CODES;
}
