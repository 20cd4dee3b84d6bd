import { apiRequest } from '../api-client.ts';
import type { CodeInput } from './activate.ts';
import type { TokenPair } from './login.ts';

export interface ResetPasswordInput extends CodeInput {
  password: string;
}

/**
 * POST auth/password/reset/ {username, code, password} → 200 {access, refresh}: a new password set
 * with a texted code, and the account signed in; 400 `code_invalid`, or field errors on `password`
 * (the registration's password rules).
 */
export function resetPassword(lang: string, input: ResetPasswordInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(lang, 'auth/password/reset/', {
    method: 'POST',
    body: { username: input.phone, otp: input.code, password: input.password },
    auth: false,
  });
}
