import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

const CONTROL =
  'w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700';

/**
 * The frame of a field: its label, the control (given the id and the ARIA wiring), its hint and its
 * error messages, announced through aria-describedby.
 */
function Field({
  label,
  errors,
  hint,
  className,
  control,
}: {
  label: string;
  errors: string[];
  hint: string | undefined;
  className: string;
  control: (aria: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': errors.length > 0 ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errorId && (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-red-800">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A labelled input with its hint and its error messages (announced through aria-describedby). */
export function FormField({ label, errors = [], hint, className = '', ...input }: FormFieldProps) {
  return (
    <Field
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(aria) => <input {...aria} className={CONTROL} {...input} />}
    />
  );
}

/** A labelled textarea, like FormField. */
export function TextAreaField({ label, errors = [], hint, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(aria) => <textarea {...aria} className={CONTROL} {...textarea} />}
    />
  );
}

/**
 * A form's send button: disabled while the request runs (or when `disabled`), saying so in the
 * meantime. `fullWidth` for dialogs and narrow boxes.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  disabled = false,
  fullWidth = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
  fullWidth?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      className={`${fullWidth ? 'w-full' : ''} rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900 disabled:opacity-60`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
