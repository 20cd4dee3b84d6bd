import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';
import { Button, FieldErrorText, useFieldErrors } from './ui.tsx';

/** React Aria's date picker is its own chunk, loaded with the first date field shown. */
const DatePickerField = lazy(() =>
  import('./date-picker.tsx').then((module) => ({ default: module.DatePickerField })),
);

/**
 * The value a field shows, kept in step with its `value` prop when that prop comes back late (a
 * filter's value makes a round trip through the URL's navigation). A prop that echoes one of this
 * field's own changes still on its way back is not shown: the keys typed since would be lost (React
 * Aria reports a change as soon as every segment has a value, e.g. at the first key of a year, and
 * shows its value prop again). Any other prop (cleared filters, back and forward) is shown at once.
 */
export function useEchoedValue(
  value: string,
  onChange: (value: string) => void,
): [string, (value: string) => void] {
  const [state, setState] = useState({ shown: value, prop: value, pending: [] as string[] });
  let current = state;
  if (value !== state.prop) {
    const echoed = state.pending.indexOf(value);
    current =
      echoed >= 0
        ? { shown: state.shown, prop: value, pending: state.pending.slice(echoed + 1) }
        : { shown: value, prop: value, pending: [] };
    setState(current);
  }
  const change = (next: string) => {
    setState((s) => ({ ...s, shown: next, pending: [...s.pending, next].slice(-32) }));
    onChange(next);
  };
  return [current.shown, change];
}

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
  const [shownValue, change] = useEchoedValue(value, onChange);
  const codes = useFieldErrors(path);
  const describedBy = [codes.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const shown = shownValue ? (withTime ? f.date(shownValue) : f.day(shownValue)) : '';
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
            value={shownValue}
            onChange={change}
            withTime={withTime}
            describedBy={describedBy || undefined}
            invalid={codes.length > 0}
          />
        </Suspense>
        {clearable && shownValue ? (
          <Button variant="ghost" onClick={() => change('')} aria-label={t('datePicker.clear', { label })}>
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
