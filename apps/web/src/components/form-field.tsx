import { useId, type InputHTMLAttributes } from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input with its hint and its error messages (announced through aria-describedby). */
export function FormField({ label, errors = [], hint, className = '', ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700"
        {...input}
      />
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
