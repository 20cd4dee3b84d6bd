import type { FieldErrorCode } from '@storefront/contracts';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/errors.ts';

/** The field errors of the form around (path without the body's prefix → codes). */
export const FieldErrorsContext = createContext<Record<string, FieldErrorCode[]>>({});

export function useFieldErrors(path: string | undefined): FieldErrorCode[] {
  const errors = useContext(FieldErrorsContext);
  if (!path) return [];
  return errors[path] ?? [];
}

/** The translated messages of one field's errors. */
export function FieldErrorText({ id, codes }: { id: string; codes: readonly string[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {codes.map((code) => fieldMessage(t, code)).join(' ')}
    </p>
  );
}
