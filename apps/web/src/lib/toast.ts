import { toast, type ToastOptions } from 'react-toastify';

/** The container of toasts raised inside the global modal (bottom-centre, 500 ms; spec section 9). */
export const MODAL_TOASTS = 'modal';
/** The general container (top-right in LTR, mirrored to top-left in RTL; 5000 ms). */
export const GENERAL_TOASTS = 'general';

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, message: string, options: ToastOptions = {}) {
  return toast[kind](message, { containerId: GENERAL_TOASTS, ...options });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Footer toasts use the larger 20px text (spec section 9). */
  footer: (kind: Kind, message: string) => show(kind, message, { className: 'toast-footer' }),
  /** A toast in the modal area. */
  modal: (kind: Kind, message: string) => toast[kind](message, { containerId: MODAL_TOASTS }),
};
