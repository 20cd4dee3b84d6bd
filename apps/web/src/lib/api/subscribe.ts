import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useLanguage } from '../use-language.ts';

/** POST store/emails/ {email} → 201 (body not read); 400 {"email": ["…"]}. */
export function subscribe(lang: string, email: string): Promise<unknown> {
  return apiRequest<unknown>(lang, 'store/emails/', { method: 'POST', body: { email } });
}

export function useSubscribe() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (email: string) => subscribe(lang, email) });
}
