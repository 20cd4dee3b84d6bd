import { useSyncExternalStore } from 'react';

/** Nothing to listen to: the value changes only when its component renders again anyway. */
const subscribeToNothing = () => () => {};

/**
 * A value only the browser knows (session storage, whether the page is being hydrated): `onServer`
 * in the server's render and while hydrating the server's markup (so the two draw the same), then
 * `read()`. `read` must give the same value until something renders the component again.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(subscribeToNothing, read, () => onServer);
}
