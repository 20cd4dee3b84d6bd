import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useSubscribe } from '../../lib/api/subscribe.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldMessages } from '../../lib/error-messages.ts';
import { notify } from '../../lib/toast.ts';
import { SendIcon } from '../icons.tsx';

/**
 * Newsletter sign-up: whatever is typed is sent (no client validation, docs/product.md, Validation); success shows
 * 'sentSuccessfully', failure the 'There is a problem' warning, and the server's reason under the field.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribe();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    subscribe.mutate(email, {
      onSuccess: () => {
        setEmail('');
        notify.footer('success', t('sentSuccessfully'));
      },
      onError: (failure) => {
        notify.footer('warning', t('thereIsAProblem'));
        const message = failure instanceof ApiError ? fieldMessages(failure, t).email?.[0] : undefined;
        setError(message ?? null);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 text-base font-bold text-white">
        {t('footer.newsletter')}
      </h2>
      <p className="mb-3 text-sm text-slate-300">{t('footer.newsletterHint')}</p>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-200">
        {t('footer.newsletterEmail')}
      </label>
      <div className="flex items-center rounded-lg bg-white focus-within:ring-2 focus-within:ring-sky-300">
        <input
          id={id}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded-lg bg-transparent px-3 py-2 text-start text-slate-900 outline-none"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-sky-900 hover:bg-sky-50 disabled:opacity-60"
        >
          <SendIcon />
          <span className="sr-only">{t('footer.send')}</span>
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-amber-200">
          {error}
        </p>
      )}
    </form>
  );
}
