import { REVIEW_MAX, REVIEW_NAME_MAX } from '@storefront/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import {
  EmailField,
  FieldErrors,
  FormField,
  SubmitButton,
  useFormValues,
} from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldMessages } from '../../../lib/error-messages.ts';
import { useCreateReview } from '../api/create-review.ts';

/** Spec sections 5 and 9: a review is at most 500 characters. */
export const REVIEW_LIMIT = REVIEW_MAX;

type Field = 'name' | 'email' | 'content';
type Status = { kind: 'idle' } | { kind: 'sent'; held: boolean } | { kind: 'failed' };

/**
 * The review form: name, email and the text (at most 500 characters: maxLength stops typing, a live
 * counter shows the count). Nothing else is checked here; the server decides. Success shows the
 * review-sent confirmation (or, when the store checks reviews first, that it will appear after the
 * check) and refetches the list; failure warns that the email may be wrong or the
 * data was not sent, with the server's reasons under the fields.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation('product');
  const { t: tc } = useTranslation();
  const id = useId();
  const form = useFormValues({ name: '', email: '', content: '' });
  const { content } = form.values;
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const create = useCreateReview(productId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setStatus({ kind: 'idle' });
    create.mutate(form.values, {
      onSuccess: (review) => {
        setStatus({ kind: 'sent', held: review.status === 'held' });
        form.reset();
      },
      onError: (error) => {
        setStatus({ kind: 'failed' });
        if (!(error instanceof ApiError)) return;
        const next: Partial<Record<Field, string[]>> = {};
        const codes = error.fieldCodes;
        const messages = fieldMessages(error, tc, { name: REVIEW_NAME_MAX });
        for (const key of ['name', 'email', 'content'] as const) {
          if (!messages[key]) continue;
          next[key] =
            key === 'content' && codes.content?.includes('too_long')
              ? [t('reviews.limitReached', { max: REVIEW_LIMIT })]
              : messages[key];
        }
        setErrors(next);
      },
    });
  };

  const counterId = `${id}-counter`;
  const contentErrorId = `${id}-content-error`;
  const atLimit = content.length >= REVIEW_LIMIT;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('reviews.formHeading')}
      </h2>
      <div aria-live="polite" role="status">
        {status.kind === 'sent' && (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
            {status.held ? t('reviews.held') : t('reviews.sent')}
          </p>
        )}
      </div>
      {status.kind === 'failed' && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('reviews.failed')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('reviews.name')}
          autoComplete="name"
          errors={errors.name}
          {...form.bind('name')}
        />
        <EmailField
          label={t('reviews.email')}
          hint={t('reviews.emailHint')}
          errors={errors.email}
          {...form.bind('email')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('reviews.content')}
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          rows={5}
          maxLength={REVIEW_LIMIT}
          value={content}
          onChange={(event) => form.set('content', event.target.value.slice(0, REVIEW_LIMIT))}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={[counterId, errors.content ? contentErrorId : ''].filter(Boolean).join(' ')}
          className="w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700"
        />
        <p
          id={counterId}
          data-testid="review-counter"
          className={`mt-1 text-xs ${atLimit ? 'font-semibold text-amber-900' : 'text-slate-600'}`}
        >
          {t('reviews.counter', { count: content.length, max: REVIEW_LIMIT })}
          {atLimit && <span> — {t('reviews.limitReached', { max: REVIEW_LIMIT })}</span>}
        </p>
        {errors.content && <FieldErrors id={contentErrorId} errors={errors.content} />}
      </div>
      <SubmitButton
        pending={create.isPending}
        label={t('reviews.submit')}
        pendingLabel={t('reviews.sending')}
      />
    </form>
  );
}
