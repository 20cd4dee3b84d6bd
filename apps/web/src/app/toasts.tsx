import { createPortal } from 'react-dom';
import { Bounce, ToastContainer } from 'react-toastify';
import { useTranslation } from './translate.tsx';
import { useDirection } from '../lib/use-language.ts';
import { GENERAL_TOASTS, MODAL_TOASTS } from '../lib/toast.ts';

/**
 * The two toast areas of docs/product.md, Constants. General: top-right (the reading end of the line, so top-left
 * in right-to-left), 5000 ms, pause on hover and focus loss, close on click, draggable, role alert,
 * light theme. Modal area: bottom-centre, 500 ms. Mounted with the first toast (lib/toast.ts), into
 * the body beside the page: a dialog open at that moment hides the page from assistive technology
 * (aria-hidden on its siblings), and the toasts must not be hidden with it.
 */
export function Toasts() {
  const { t } = useTranslation();
  const dir = useDirection();
  const rtl = dir === 'rtl';
  const shared = {
    rtl,
    theme: 'light' as const,
    role: 'alert',
    closeOnClick: true,
    draggable: true,
    pauseOnHover: true,
    pauseOnFocusLoss: true,
    newestOnTop: true,
    transition: Bounce,
  };
  return createPortal(
    <>
      <ToastContainer
        {...shared}
        containerId={GENERAL_TOASTS}
        position={rtl ? 'top-left' : 'top-right'}
        autoClose={5000}
        aria-label={t('toast.region')}
      />
      <ToastContainer
        {...shared}
        containerId={MODAL_TOASTS}
        position="bottom-center"
        autoClose={500}
        aria-label={t('toast.region')}
      />
    </>,
    document.body,
  );
}
