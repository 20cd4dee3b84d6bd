import { apiRequest } from '../src/lib/api-client.ts';
import { tokenStore } from '../src/lib/token-store.ts';
import { freshPhone } from './fixtures.ts';

/** A new storefront account, signed in (its bearer token stored as the login dialog stores it). */
export async function signedInUser(): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  const password = 'Barberry-Orchard-41';
  await apiRequest('en', 'auth/users/', {
    method: 'POST',
    body: { username: phone, password, 'Email address': '' },
    auth: false,
  });
  const { access } = await apiRequest<{ access: string }>('en', 'auth/jwt/create/', {
    method: 'POST',
    body: { username: phone, password },
    auth: false,
  });
  tokenStore.set(access);
  return { phone, token: `Bearer ${access}` };
}
