import type { Post, Product } from '@storefront/contracts';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { rememberOpener } from '../lib/return-focus.ts';

/** What the global modal shows (docs/product.md, Screens "Global modal"). */
export type ModalData =
  { type: 'product'; item: Product } | { type: 'news'; item: Post } | { type: 'showRules' };

export interface ModalContextValue {
  open: boolean;
  data: ModalData | null;
  /** Set when the visitor accepted the rules through the showRules modal. */
  acceptRule: boolean;
  /** The element that opened the modal (focus returns there). */
  opener: HTMLElement | null;
  openModal: (data: ModalData) => void;
  closeModal: () => void;
  acceptRules: () => void;
  setAcceptRule: (value: boolean) => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<ModalData | null>(null);
  const [acceptRule, setAcceptRule] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  const openModal = useCallback((next: ModalData) => {
    setOpener(rememberOpener());
    setData(next);
    setOpen(true);
  }, []);
  const closeModal = useCallback(() => setOpen(false), []);
  const acceptRules = useCallback(() => {
    setAcceptRule(true);
    setOpen(false);
  }, []);

  const value = useMemo(
    () => ({ open, data, acceptRule, opener, openModal, closeModal, acceptRules, setAcceptRule }),
    [open, data, acceptRule, opener, openModal, closeModal, acceptRules],
  );
  return <ModalContext value={value}>{children}</ModalContext>;
}

/** Opens a product's quick view (the show button of product cards). */
export function useShowProduct(): (product: Product) => void {
  const { openModal } = useModal();
  return useCallback((product: Product) => openModal({ type: 'product', item: product }), [openModal]);
}

export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModal needs a ModalProvider');
  return value;
}
