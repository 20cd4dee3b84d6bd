import { useSyncExternalStore } from 'react';
import { tokenStore } from './token-store.ts';

/** The stored token, or null when signed out; re-renders when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}

/** Signed in means a stored token that is a bearer value (docs/product.md, Screens, product detail). */
export function useIsSignedIn(): boolean {
  const token = useToken();
  return token !== null && token.startsWith('Bearer');
}
