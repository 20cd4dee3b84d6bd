import {
  createContext,
  useContext,
  useId,
  useMemo,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';
import { ApiError } from '../lib/api.ts';
import { fieldErrorsOf } from '../lib/errors.ts';
import { Button, ErrorAlert, FieldErrorsContext, FieldErrorText, SaveStatus, useFieldErrors } from './ui.tsx';

/** What a form's save is doing: under way, its error, its confirmation. */
interface FormState {
  pending: boolean;
  error: unknown;
  /** undefined: the form confirms nothing (it leads elsewhere), so it has no live region. */
  saved: ReactNode | undefined;
  fieldsOnly: boolean;
}

const FormContext = createContext<FormState>({
  pending: false,
  error: null,
  saved: undefined,
  fieldsOnly: false,
});

/** A save as React Query's mutations report it. */
export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * A back-office form: submits without the browser's own validation (the server's field errors are
 * shown instead), hands the save's field codes to every field inside (`FieldErrorsContext`, paths
 * without `prefix`), disables its `<SubmitButton>` while the save is under way, and shows the
 * whole-request error and the confirmation ("Saved.", in a live region) after the form, or where
 * `<FormFeedback />` stands when `feedback="manual"`.
 */
export function Form({
  onSubmit,
  save,
  error = save?.error ?? null,
  saved,
  prefix = '',
  fieldsOnly = false,
  feedback = 'after',
  className,
  children,
}: {
  onSubmit: () => void;
  /** The save's state (a mutation fits). */
  save?: SaveState;
  /** The error to show and to read field codes from, when not the save's own. */
  error?: unknown;
  /** The confirmation, shown once the save succeeded; a form that confirms nothing leaves it out. */
  saved?: ReactNode;
  /** The body's prefix of the field paths (`entity.`). */
  prefix?: string;
  /** Invalid fields are named only at the fields, not in the alert (a short form, all in view). */
  fieldsOnly?: boolean;
  feedback?: 'after' | 'manual';
  className?: string;
  children: ReactNode;
}) {
  const pending = save?.isPending ?? false;
  const confirmation = saved === undefined ? undefined : save?.isSuccess ? saved : null;
  const fields = useMemo(() => fieldErrorsOf(error, prefix), [error, prefix]);
  const state = useMemo(
    () => ({ pending, error, saved: confirmation, fieldsOnly }),
    [pending, error, confirmation, fieldsOnly],
  );
  return (
    <FormContext.Provider value={state}>
      <FieldErrorsContext.Provider value={fields}>
        <form
          noValidate
          className={className}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
        {feedback === 'after' ? <FormFeedback /> : null}
      </FieldErrorsContext.Provider>
    </FormContext.Provider>
  );
}

/**
 * What a create answered (an invitation's link, a webhook's secret), kept until the next create
 * succeeds (a failed try leaves it in view); `onCreated` also clears what was typed.
 */
export function useCreated<T>(clear: () => void) {
  const [created, setCreated] = useState<T | null>(null);
  const onCreated = (answer: T) => {
    setCreated(answer);
    clear();
  };
  return [created, onCreated] as const;
}

/** The form's whole-request error and its confirmation. */
export function FormFeedback() {
  const { error, saved, fieldsOnly } = useContext(FormContext);
  const shown = fieldsOnly && error instanceof ApiError && error.code === 'validation_failed' ? null : error;
  return (
    <>
      <ErrorAlert error={shown} />
      {saved === undefined ? null : <SaveStatus message={saved} />}
    </>
  );
}

/** The form's submit button: the primary action, disabled while the save is under way. */
export function SubmitButton({
  disabled,
  variant = 'primary',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { variant?: 'primary' | 'danger' }) {
  const { pending } = useContext(FormContext);
  return <Button type="submit" variant={variant} disabled={pending || disabled} {...props} />;
}

/** What a control needs to be named invalid and described by its error. */
export interface FieldControl {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A control of its own (a group of radios, a custom widget) wired to the form's field errors by
 * `path`: `children` receives the attributes that mark it invalid, and the field's error text
 * follows it.
 */
export function Field({ path, children }: { path: string; children: (control: FieldControl) => ReactNode }) {
  const id = useId();
  const codes = useFieldErrors(path);
  const invalid = codes.length > 0;
  return (
    <>
      {children({
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': invalid ? `${id}-error` : undefined,
      })}
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </>
  );
}
