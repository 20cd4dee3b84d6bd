import type { FormEvent } from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import {
  EmailField,
  PhoneField,
  SubmitButton,
  TextAreaField,
  useFormValues,
} from '../../../components/form-field.tsx';
import { notify } from '../../../lib/toast.ts';
import { useCreateEnquiry } from '../../../lib/api/create-enquiry.ts';
import type { SentEnquiry } from '../../../components/enquiry-sent.tsx';

/**
 * The request dialog (phone, description, email). Nothing is checked on the client (docs/product.md, Validation):
 * the server decides. Success toasts 'orderSubmittedSuccessfully', failure 'errorInSubmittingOrder',
 * and the dialog closes either way (spec sections 4 and 8). A sent request is handed to `onSent`: the
 * page shows its reference and follow link (issue 25) where the toast cannot keep them.
 */
export function EnquiryDialog({
  productId,
  productTitle,
  open,
  onOpenChange,
  onSent,
}: {
  productId: number;
  productTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: (sent: SentEnquiry) => void;
}) {
  const { t } = useTranslation('product');
  const form = useFormValues({ phone: '', description: '', email: '' });
  const order = useCreateEnquiry(productId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = form.values;
    order.mutate(typed, {
      onSuccess: (enquiry) => {
        notify.success(t('orderSubmittedSuccessfully'));
        form.reset();
        onOpenChange(false);
        onSent?.({ answer: enquiry, typed });
      },
      onError: () => {
        notify.error(t('errorInSubmittingOrder'));
        onOpenChange(false);
      },
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.title')}
      description={t('dialog.description', { title: productTitle })}
      closeLabel={t('dialog.close')}
      width="w-[min(30rem,calc(100vw-1.5rem))]"
      padding="p-5 sm:p-6"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PhoneField label={t('dialog.phone')} autoComplete="tel" {...form.bind('phone')} />
        <TextAreaField label={t('dialog.message')} rows={4} {...form.bind('description')} />
        <EmailField label={t('dialog.email')} {...form.bind('email')} />
        <SubmitButton
          pending={order.isPending}
          label={t('dialog.submit')}
          pendingLabel={t('dialog.sending')}
          fullWidth
        />
      </form>
    </DialogFrame>
  );
}
