import { apiRequest } from '../src/lib/api-client.ts';
import { tokenStore } from '../src/lib/token-store.ts';
import { freshPhone } from './fixtures.ts';

/** A new storefront account with this password, registered through the API in `lang` (not signed in). */
export async function registeredUser(password: string, lang: 'fa' | 'en' = 'en'): Promise<{ phone: string }> {
  const phone = freshPhone();
  await apiRequest(lang, 'auth/users/', {
    method: 'POST',
    body: { username: phone, password, 'Email address': '' },
    auth: false,
  });
  return { phone };
}

/** A new storefront account, signed in (its bearer token stored as the login dialog stores it). */
export async function signedInUser(): Promise<{ phone: string; token: string }> {
  const password = 'Barberry-Orchard-41';
  const { phone } = await registeredUser(password);
  const { access } = await apiRequest<{ access: string }>('en', 'auth/jwt/create/', {
    method: 'POST',
    body: { username: phone, password },
    auth: false,
  });
  tokenStore.set(access);
  return { phone, token: `Bearer ${access}` };
}
