import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { rememberOpener } from '../lib/return-focus.ts';
import type { AuthTab } from './auth-pages.ts';

export interface AuthDialogContextValue {
  open: boolean;
  tab: AuthTab;
  /** The element that opened the dialog (focus returns there). */
  opener: HTMLElement | null;
  openAuthDialog: (tab: AuthTab) => void;
  setTab: (tab: AuthTab) => void;
  setOpen: (open: boolean) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const openAuthDialog = useCallback((next: AuthTab) => {
    setOpener(rememberOpener());
    setTab(next);
    setOpen(true);
  }, []);
  const value = useMemo(
    () => ({ open, tab, opener, openAuthDialog, setTab, setOpen }),
    [open, tab, opener, openAuthDialog],
  );
  return <AuthDialogContext value={value}>{children}</AuthDialogContext>;
}

export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog needs an AuthDialogProvider');
  return value;
}
