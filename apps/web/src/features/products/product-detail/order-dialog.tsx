import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { useDirection } from '../../../lib/use-language.ts';
import { useCreateOrder } from '../../../lib/api/create-order.ts';
import { FormField, SubmitButton, TextAreaField } from '../../../components/form-field.tsx';

/**
 * The request dialog (phone, description, email). Nothing is checked on the client (spec section 5):
 * the server decides. Success toasts 'orderSubmittedSuccessfully', failure 'errorInSubmittingOrder',
 * and the dialog closes either way (spec sections 4 and 8).
 */
export function OrderDialog({
  productId,
  productTitle,
  open,
  onOpenChange,
}: {
  productId: number;
  productTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const [phone, setPhone] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const order = useCreateOrder(productId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    order.mutate(
      { phone, description, email },
      {
        onSuccess: () => {
          notify.success(t('orderSubmittedSuccessfully'));
          setPhone('');
          setDescription('');
          setEmail('');
          onOpenChange(false);
        },
        onError: () => {
          notify.error(t('errorInSubmittingOrder'));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          dir={dir}
          className="fixed inset-0 z-50 m-auto h-fit max-h-[95vh] w-[min(30rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{t('dialog.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {t('dialog.description', { title: productTitle })}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
              <CloseIcon />
              <span className="sr-only">{t('dialog.close')}</span>
            </Dialog.Close>
          </div>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField
              label={t('dialog.phone')}
              name="phone"
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
            <TextAreaField
              label={t('dialog.message')}
              name="description"
              rows={4}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <FormField
              label={t('dialog.email')}
              name="email"
              type="email"
              dir="ltr"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <SubmitButton
              pending={order.isPending}
              label={t('dialog.submit')}
              pendingLabel={t('dialog.sending')}
              fullWidth
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
