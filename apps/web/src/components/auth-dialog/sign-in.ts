import { useTranslation } from '../../app/translate.tsx';
import type { TokenPair } from '../../lib/api/login.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { notify } from '../../lib/toast.ts';

/** After a successful login the dialog closes and the page reloads this long after the toast. */
export const LOGIN_RELOAD_DELAY = 1000;

/**
 * What every way of signing in does with its tokens (spec section 4): store the bearer token, show
 * the 'LoginSuccess' toast, and hand over to `onLoggedIn` (close and reload, or go back) after
 * LOGIN_RELOAD_DELAY. The password, a code, a new account's code and a new password all end here.
 */
export function useSignedIn(onLoggedIn: () => void) {
  const { t } = useTranslation();
  return (tokens: TokenPair) => {
    tokenStore.set(tokens.access);
    notify.success(t('LoginSuccess'));
    window.setTimeout(onLoggedIn, LOGIN_RELOAD_DELAY);
  };
}
