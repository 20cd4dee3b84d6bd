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

/** The detail the server answers for a wrong phone or password. */
export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';

/** POST auth/jwt/create/ → {access, refresh}; 401 {detail} for wrong credentials. */
export function login(lang: string, input: LoginInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(lang, 'auth/jwt/create/', { method: 'POST', body: input, auth: false });
}

export function useLogin() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (input: LoginInput) => login(lang, input) });
}
