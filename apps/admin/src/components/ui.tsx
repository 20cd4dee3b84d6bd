import type { FieldErrorCode } from '@storefront/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { errorMessage, fieldMessage } from '../lib/errors.ts';
import { useFormat } from '../lib/format.ts';
import { fieldLabel } from '../lib/labels.ts';

// ---- field errors -----------------------------------------------------------------------------

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

// ---- buttons ------------------------------------------------------------------------------------

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const variants: Record<Variant, string> = {
  primary: 'bg-sky-800 text-white hover:bg-sky-900 disabled:bg-slate-500',
  secondary: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-600',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-500',
  ghost: 'text-sky-900 underline hover:bg-slate-100 disabled:text-slate-600',
};

export function Button({
  variant = 'secondary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1 rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

// ---- inputs -------------------------------------------------------------------------------------

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

// ---- feedback -----------------------------------------------------------------------------------

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

/** "{page} | {app}" as the document title while the page is shown (each tab says what it holds). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const app = t('appTitle');
  useEffect(() => {
    document.title = title ? `${title} | ${app}` : app;
  }, [title, app]);
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(typeof children === 'string' ? children : undefined);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{children}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-6 rounded border border-slate-300 bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Page N of M with previous / next. */
export function Pagination({
  page,
  count,
  pageSize,
  onPage,
  capped = false,
}: {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** More match than `count` (a list that counts only so far): the total reads "more than …". */
  capped?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <nav aria-label={t('common.pagination')} className="mt-4 flex items-center gap-3">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span>
        {t('common.pageOf', { page: f.number(page), pages: f.number(pages) })} ·{' '}
        {capped
          ? t('common.totalCapped', { formatted: f.number(count) })
          : t('common.total', { count, formatted: f.number(count) })}
      </span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

// ---- dialogs ------------------------------------------------------------------------------------

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.language === 'en' ? 'ltr' : 'rtl'}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[95vw] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded bg-white p-5 shadow-xl ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
        >
          <Dialog.Title className="mb-2 text-lg font-bold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-3 text-slate-800">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger,
  busy,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  busy?: boolean;
  error?: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ErrorAlert error={error} />
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={() => onOpenChange(false)}>{t('common.cancel')}</Button>
        <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Whether an element scrolls sideways (its content is wider than it), measured again whenever it or
 * its content changes size. Until measured (and where ResizeObserver is missing) it counts as
 * scrolling, so the frame is never left out of the keyboard's reach.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A table's scrolling frame: narrow screens scroll it sideways, so it is a named region that the
 * keyboard can focus and scroll (axe: scrollable-region-focusable). It is a tab stop only while it
 * scrolls: a frame that shows the whole table has nothing to scroll.
 */
export function TableFrame({
  label,
  children,
  framed = false,
}: {
  label: string;
  children: ReactNode;
  framed?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  const tabIndex = scrolls ? 0 : undefined;
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={tabIndex}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-sky-800 ${framed ? 'rounded border border-slate-300 bg-white' : ''}`}
    >
      {children}
    </div>
  );
}

/** One column of a table: its header and each row's cell. */
export interface Column<Row> {
  /** React key (and nothing else). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells besides the padding (`whitespace-nowrap`, `break-all`). */
  className?: string;
}

/**
 * A table in its scrolling frame, named by `label` (its caption, and its frame's unless `frameLabel`
 * says otherwise): a header cell per column, a row per item, and "Nothing found." in a row of its
 * own when there is none.
 */
export function DataTable<Row extends { id: number | string }>({
  label,
  frameLabel = label,
  rows,
  columns,
  rowClassName,
  framed = false,
}: {
  label: string;
  frameLabel?: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** Classes a row adds. */
  rowClassName?: (row: Row) => string;
  framed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableFrame label={frameLabel} framed={framed}>
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-100">
            {columns.map((c) => (
              <th key={c.key} scope="col" className="p-2 text-start">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="p-4 text-center">
                {t('common.noResults')}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.id} className={`border-b border-slate-200 ${rowClassName?.(row) ?? ''}`}>
              {columns.map((c) => (
                <td key={c.key} className={`p-2 ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * Asks before an action on one item (deleting a webhook, removing a subscriber): open while `target`
 * is set; closing it forgets the target and the failed try, so the next one starts clean.
 */
export function ConfirmTarget<T>({
  target,
  onClose,
  action,
  onConfirm,
  ...texts
}: {
  target: T | null;
  onClose: () => void;
  /** The action's state (a mutation fits). */
  action: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: (target: T) => void;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        action.reset();
      }}
      onConfirm={() => {
        if (target !== null) onConfirm(target);
      }}
      busy={action.isPending}
      error={action.error}
      danger
      {...texts}
    />
  );
}

/**
 * A value shown once to be copied (an invitation's link, a webhook's secret): read-only, selected on
 * focus, with a Copy button that says "Copied" once the clipboard has it.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  help,
  mono = false,
}: {
  id: string;
  label: string;
  value: string;
  /** The button's accessible name when "Copy" alone would not say what it copies. */
  copyLabel?: string;
  help?: ReactNode;
  mono?: boolean;
}) {
  const { t } = useTranslation();
  // Copied belongs to this value: a new one (a new key, or a new value) starts uncopied.
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="mt-3 rounded border border-green-300 bg-green-50 p-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          dir="ltr"
          value={value}
          aria-describedby={help ? `${id}-help` : undefined}
          className={`block w-full rounded border border-slate-500 bg-white px-2 py-1.5 ${mono ? 'font-mono' : ''}`}
          onFocus={(e) => e.target.select()}
        />
        <Button
          aria-label={copyLabel}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(value));
          }}
        >
          {copied === value ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
      {help ? (
        <p id={`${id}-help`} className="mt-2 text-sm">
          {help}
        </p>
      ) : null}
    </div>
  );
}
