/**
 * The sign-in token, stored as `Bearer <access>` under the local-storage key `token` (spec section
 * 4). Components subscribe through useSyncExternalStore (see use-auth.ts), so clearing it (logout,
 * or a 401 answered to a stored token) shows the signed-out header at once, in every tab.
 */
export const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: read,
  set(access: string): void {
    window.localStorage.setItem(TOKEN_KEY, access.startsWith('Bearer ') ? access : `Bearer ${access}`);
    emit();
  },
  clear(): void {
    window.localStorage.removeItem(TOKEN_KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
