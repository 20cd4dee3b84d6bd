import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthTab = 'login' | 'register';

export interface AuthDialogContextValue {
  open: boolean;
  tab: AuthTab;
  openAuthDialog: (tab: AuthTab) => void;
  setTab: (tab: AuthTab) => void;
  setOpen: (open: boolean) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const openAuthDialog = useCallback((next: AuthTab) => {
    setTab(next);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ open, tab, openAuthDialog, setTab, setOpen }), [open, tab, openAuthDialog]);
  return <AuthDialogContext value={value}>{children}</AuthDialogContext>;
}

export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog needs an AuthDialogProvider');
  return value;
}
