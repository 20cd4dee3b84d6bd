import type { ToastOptions } from 'react-toastify';

/** The container of toasts raised inside the global modal (bottom-centre, 500 ms; docs/product.md, Constants). */
export const MODAL_TOASTS = 'modal';
/** The general container (top-right in LTR, mirrored to top-left in RTL; 5000 ms). */
export const GENERAL_TOASTS = 'general';

type Kind = 'success' | 'error' | 'warning' | 'info';

/**
 * Toasts load with the first one: react-toastify is not part of the first paint. The first call marks
 * toasts as wanted (the root layout then mounts app/toasts.tsx, the containers) and every call hands
 * its toast to react-toastify, which keeps it until its container is there.
 */
let wanted = false;
const listeners = new Set<() => void>();

export const toastsWanted = {
  get: () => wanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function raise(kind: Kind, message: string, options: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
}

const show = (kind: Kind, message: string, options: ToastOptions = {}) =>
  raise(kind, message, { containerId: GENERAL_TOASTS, ...options });

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Footer toasts use the larger 20px text (docs/product.md, Constants). */
  footer: (kind: Kind, message: string) => show(kind, message, { className: 'toast-footer' }),
  /** A toast in the modal area. */
  modal: (kind: Kind, message: string) => raise(kind, message, { containerId: MODAL_TOASTS }),
};
