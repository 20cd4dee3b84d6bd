import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useLanguage } from '../use-language.ts';

export interface LoginInput {
  username: string;
  password: string;
}
export interface TokenPair {
  access: string;
  refresh: string;
}

/** POST auth/jwt/create/ → {access, refresh}; 401 `no_active_account` for wrong credentials. */
export function login(lang: string, input: LoginInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(lang, 'auth/jwt/create/', { method: 'POST', body: input, auth: false });
}

export function useLogin() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (input: LoginInput) => login(lang, input) });
}
