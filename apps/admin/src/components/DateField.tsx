import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.ts';
import { Button, FieldErrorText, useFieldErrors } from './ui.tsx';

/** React Aria's date picker is its own chunk, loaded with the first date field shown. */
const DatePickerField = lazy(() =>
  import('./DatePicker.tsx').then((module) => ({ default: module.DatePickerField })),
);

/**
 * Every date input of the back office: a day (`YYYY-MM-DD`) or, `withTime`, a date and time (an
 * ISO instant). In fa a Jalali picker with Persian digits and weeks from Saturday, in en Gregorian;
 * what is stored is ISO either way. `clearable`: a button empties it (filters).
 */
export function DateField({
  label,
  value,
  onChange,
  withTime = false,
  clearable = false,
  path,
  hint,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  withTime?: boolean;
  clearable?: boolean;
  path?: string;
  hint?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const codes = useFieldErrors(path);
  const describedBy = [codes.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const shown = value ? (withTime ? f.date(value) : f.day(value)) : '';
  return (
    <div className={className}>
      <div className="flex items-end gap-1">
        <Suspense
          fallback={
            <div className="flex flex-col">
              <span className="mb-1 text-sm font-medium">{label}</span>
              <span className="rounded border border-slate-300 bg-white px-2 py-1.5">{shown || '—'}</span>
            </div>
          }
        >
          <DatePickerField
            label={label}
            value={value}
            onChange={onChange}
            withTime={withTime}
            describedBy={describedBy || undefined}
            invalid={codes.length > 0}
          />
        </Suspense>
        {clearable && value ? (
          <Button variant="ghost" onClick={() => onChange('')} aria-label={t('datePicker.clear', { label })}>
            {t('datePicker.clearShort')}
          </Button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}
