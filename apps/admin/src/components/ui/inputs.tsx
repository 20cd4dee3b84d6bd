import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldErrorText, useFieldErrors } from './field-errors.tsx';

const inputClass =
  'block w-full rounded border border-slate-500 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-700';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's path in the server's error answer (without `entity.`). */
  path?: string;
  type?: string;
  dir?: 'rtl' | 'ltr' | 'auto';
  lang?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  hint?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'tel' | 'url';
  /** Client-side error codes (besides the server's). */
  errors?: readonly string[];
  className?: string;
  min?: number;
  step?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  badge?: ReactNode;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const serverCodes = useFieldErrors(props.path);
  const codes = [...(props.errors ?? []), ...serverCodes];
  const describedBy = [codes.length ? `${id}-error` : '', props.hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value: props.value,
    dir: props.dir,
    lang: props.lang,
    required: props.required,
    'aria-invalid': codes.length > 0 ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: inputClass,
    placeholder: props.placeholder,
    disabled: props.disabled,
    autoFocus: props.autoFocus,
  };
  return (
    <div className={props.className}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
          {props.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {props.badge}
      </div>
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          min={props.min}
          step={props.step}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {props.hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}

export function SelectField({
  label,
  path,
  children,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; path?: string }) {
  const id = useId();
  const codes = useFieldErrors(path);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={codes.length > 0 ? true : undefined}
        aria-describedby={codes.length ? `${id}-error` : undefined}
        {...props}
      >
        {children}
      </select>
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  path,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  path?: string;
  className?: string;
}) {
  const id = useId();
  const codes = useFieldErrors(path);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-sky-800"
          checked={checked}
          aria-invalid={codes.length > 0 ? true : undefined}
          aria-describedby={codes.length ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}
