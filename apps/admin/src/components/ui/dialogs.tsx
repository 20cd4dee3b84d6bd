import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { ErrorAlert } from './feedback.tsx';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.language === 'en' ? 'ltr' : 'rtl'}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[95vw] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded bg-white p-5 shadow-xl ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
        >
          <Dialog.Title className="mb-2 text-lg font-bold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-3 text-slate-800">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger,
  busy,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  busy?: boolean;
  error?: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ErrorAlert error={error} />
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={() => onOpenChange(false)}>{t('common.cancel')}</Button>
        <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Asks before an action on one item (deleting a webhook, removing a subscriber): open while `target`
 * is set; closing it forgets the target and the failed try, so the next one starts clean.
 */
export function ConfirmTarget<T>({
  target,
  onClose,
  action,
  onConfirm,
  ...texts
}: {
  target: T | null;
  onClose: () => void;
  /** The action's state (a mutation fits). */
  action: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: (target: T) => void;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        action.reset();
      }}
      onConfirm={() => {
        if (target !== null) onConfirm(target);
      }}
      busy={action.isPending}
      error={action.error}
      danger
      {...texts}
    />
  );
}
