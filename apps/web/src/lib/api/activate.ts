import { apiRequest } from '../api-client.ts';
import type { TokenPair } from './login.ts';

export interface CodeInput {
  phone: string;
  code: string;
}

/**
 * POST auth/users/activate/ {username, code} → 200 {access, refresh}: the code texted at registration
 * makes the new account active and signs it in; 400 `code_invalid` for a wrong, used or expired code.
 */
export function activate(lang: string, input: CodeInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(lang, 'auth/users/activate/', {
    method: 'POST',
    body: { username: input.phone, otp: input.code },
    auth: false,
  });
}
