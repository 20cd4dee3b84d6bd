import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useDirection } from '../lib/use-language.ts';
import { CloseButton } from './close-button.tsx';

/**
 * A centred dialog in the page's direction: a backdrop, its title and description over the content,
 * the close button at the end; focus trapped, Escape and the backdrop close it.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  width,
  padding,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
  /** Tailwind classes: the dialog's width and its padding. */
  width: string;
  padding: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const dir = useDirection();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          dir={dir}
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed inset-0 z-50 m-auto h-fit max-h-[95vh] ${width} overflow-y-auto rounded-2xl bg-white ${padding} shadow-2xl`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <CloseButton label={closeLabel} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
