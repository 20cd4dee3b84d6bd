import { apiRequest } from '../api-client.ts';
import type { CodeInput } from './activate.ts';
import type { TokenPair } from './login.ts';

/** POST auth/jwt/code/ {username, code} → 200 {access, refresh}: sign-in by a texted code; 400 `code_invalid`. */
export function codeLogin(lang: string, input: CodeInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(lang, 'auth/jwt/code/', {
    method: 'POST',
    body: { username: input.phone, otp: input.code },
    auth: false,
  });
}
