import {
  useId,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement>, FrameProps {}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FrameProps {}

const CONTROL =
  'w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700';

interface FrameProps {
  label: string;
  errors?: string[];
  hint?: string;
  className?: string;
}

type Aria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * The frame of a field: its label, the control (given the id and the ARIA wiring, and the props that
 * are not the frame's), its hint and its error messages, announced through aria-describedby.
 */
function Field<P extends FrameProps>({
  props,
  control,
}: {
  props: P;
  control: (aria: Aria, rest: Omit<P, keyof FrameProps>) => ReactNode;
}) {
  const { label, errors = [], hint, className = '', ...rest } = props;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control(
        {
          id,
          'aria-invalid': errors.length > 0 ? true : undefined,
          'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        },
        rest,
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errorId && <FieldErrors id={errorId} errors={errors} />}
    </div>
  );
}

/** A field's error messages, one item each (the control points to `id` through aria-describedby). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-800">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A labelled input with its hint and its error messages (announced through aria-describedby). */
export function FormField(props: FormFieldProps) {
  return (
    <Field props={props} control={(aria, input) => <input {...aria} className={CONTROL} {...input} />} />
  );
}

/** A labelled textarea, like FormField. */
export function TextAreaField(props: TextAreaFieldProps) {
  return (
    <Field
      props={props}
      control={(aria, textarea) => <textarea {...aria} className={CONTROL} {...textarea} />}
    />
  );
}

/** A phone number: typed left to right, with the phone keyboard on touch screens. */
export function PhoneField(props: FormFieldProps) {
  return <FormField type="tel" inputMode="tel" dir="ltr" {...props} />;
}

/** An email address, typed left to right; the browser may fill it in. */
export function EmailField(props: FormFieldProps) {
  return <FormField type="email" dir="ltr" autoComplete="email" {...props} />;
}

/** A password, typed left to right. */
export function PasswordField(props: FormFieldProps) {
  return <FormField type="password" dir="ltr" {...props} />;
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4"
      />
      {label}
    </label>
  );
}

/**
 * The values of a form's text fields, by name: `bind(name)` gives a field its name, value and change
 * handler; `reset()` empties the form again.
 */
export function useFormValues<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const set = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return {
    values,
    set,
    reset: () => setValues(initial),
    bind: (name: K) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, event.target.value),
    }),
  };
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
