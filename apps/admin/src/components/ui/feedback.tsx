import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { errorMessage, fieldMessage } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { fieldLabel } from '../../lib/labels.ts';

export function Badge({
  children,
  tone = 'amber',
}: {
  children: ReactNode;
  tone?: 'amber' | 'green' | 'slate';
}) {
  const tones = {
    amber: 'bg-amber-100 text-amber-950',
    green: 'bg-green-100 text-green-950',
    slate: 'bg-slate-200 text-slate-900',
  };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>
  );
}

/** Whether a member or a webhook is on ("Active") or off ("Disabled"). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="green">{t('staff.active')}</Badge>
  ) : (
    <Badge tone="slate">{t('staff.disabled')}</Badge>
  );
}

/**
 * A whole-request error, translated by its code; a save's invalid fields are named (each field also
 * shows its own message at the field, through `FieldErrorsContext`).
 */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!error) return null;
  const fields =
    error instanceof ApiError && error.code === 'validation_failed' ? Object.entries(error.fields) : [];
  return (
    <div role="alert" className="my-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      {errorMessage(t, error)}
      {fields.length > 0 ? (
        <ul className="mt-1 list-inside list-disc">
          {fields.map(([path, codes]) => {
            const label = fieldLabel(t, f.language, path.replace(/^entity\./, ''));
            const message = codes.map((code) => fieldMessage(t, code)).join(' ');
            return <li key={path}>{label ? `${label}: ${message}` : message}</li>;
          })}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A save's confirmation ("Saved."): a live region that is always there, so that screen readers
 * announce the message when it appears; nothing is shown while `message` is null.
 */
export function SaveStatus({ message }: { message: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {message ? (
        <p className="my-3 rounded border border-green-300 bg-green-50 p-3 text-green-950">{message}</p>
      ) : null}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="my-3 rounded border border-green-300 bg-green-50 p-3 text-green-950">
      {children}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-4 text-slate-700">
      {t('common.loading')}
    </p>
  );
}
