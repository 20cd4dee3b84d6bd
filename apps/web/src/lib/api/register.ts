import type { CodeSent } from '@storefront/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useLanguage } from '../use-language.ts';

export interface RegisterInput {
  phone: string;
  email: string;
  password: string;
}
export interface RegisteredUser {
  id: number;
  username: string;
  email: string;
  /**
   * Present when the store sends one-time codes (issue 24): a code was texted to the phone, and the
   * account is active once auth/users/activate/ takes it.
   */
  verification?: CodeSent;
}

/** POST auth/users/ {username (the phone), password, 'Email address'} → 201; 400 field errors. */
export function register(lang: string, input: RegisterInput): Promise<RegisteredUser> {
  return apiRequest<RegisteredUser>(lang, 'auth/users/', {
    method: 'POST',
    body: { username: input.phone, password: input.password, 'Email address': input.email },
    auth: false,
  });
}

export function useRegister() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (input: RegisterInput) => register(lang, input) });
}
