import type { CodePurpose, CodeSent } from '@storefront/contracts';
import { apiRequest } from '../api-client.ts';

export interface SendCodeInput {
  phone: string;
  purpose: CodePurpose;
}

/**
 * POST auth/codes/ {username, purpose} → 202 {expires_in, retry_after} (the same answer whether or
 * not an account has that phone); 409 `sms_not_configured`; 429 `code_cooldown` or `throttled` with
 * `retry_after` (see retryAfterOf).
 */
export function sendCode(lang: string, input: SendCodeInput): Promise<CodeSent> {
  return apiRequest<CodeSent>(lang, 'auth/codes/', {
    method: 'POST',
    body: { username: input.phone, purpose: input.purpose },
    auth: false,
  });
}
