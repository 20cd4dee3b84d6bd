import type { EntityRow } from '@storefront/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, useFieldErrors } from '../../components/ui.tsx';
import { useEntitySearch } from '../../lib/catalogue-api.ts';
import { productPriceQuery } from './quote-api.ts';

const inputClass =
  'block w-full rounded border border-slate-500 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-700';

/** Digits in either script: where the caret stands in a number is counted in digits. */
const DIGIT = /[0-9\u06f0-\u06f9\u0660-\u0669]/;

function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (DIGIT.test(text[i]!)) seen++;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * A field of the quote: its label, the server's errors at its path (from the form around) and the
 * editor's own (`errors`). With `regroup`, what is typed is rewritten as it is typed (thousands
 * separators in the language's digits) and the caret stays after the same digit.
 */
export function QuoteField({
  label,
  value,
  onChange,
  path,
  errors = [],
  regroup,
  inputMode,
  dir,
  hint,
  multiline,
  className,
  suffix,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  path?: string;
  errors?: readonly string[];
  regroup?: (text: string) => string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'tel';
  dir?: 'ltr' | 'rtl' | 'auto';
  hint?: string;
  multiline?: boolean;
  className?: string;
  /** Shown after the input (the currency's name, %). */
  suffix?: ReactNode;
  autoComplete?: string;
}) {
  const id = useId();
  const server = useFieldErrors(path);
  const codes = [...new Set([...errors, ...server])];
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    const at = caretAfterDigits(input.current.value, caret.current);
    caret.current = null;
    if (document.activeElement === input.current) input.current.setSelectionRange(at, at);
  }, [value]);
  const describedBy =
    [codes.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    dir,
    'aria-invalid': codes.length > 0 ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} dir="auto" rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <div className="flex items-center gap-1">
          <input
            {...common}
            ref={input}
            type="text"
            inputMode={inputMode}
            autoComplete={autoComplete ?? 'off'}
            onChange={(e) => {
              const raw = e.target.value;
              if (!regroup) return onChange(raw);
              const before = raw.slice(0, e.target.selectionStart ?? raw.length);
              caret.current = [...before].filter((c) => DIGIT.test(c)).length;
              onChange(regroup(raw));
            }}
          />
          {suffix ? <span className="shrink-0 text-sm text-slate-700">{suffix}</span> : null}
        </div>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}

/** A product's title in the quote's language (Persian when it has none). */
export function rowTitle(row: Pick<EntityRow, 'title'>, language: string): string {
  return row.title[language] || row.title.fa || '';
}

/**
 * A line's title: free text, and a combobox over the catalogue (the back office's product list with
 * its search): choosing a product copies its title (in the quote's language) and its start price in
 * Rials (the quote's own route, which sales may read too). WAI-ARIA combobox keys: arrows move, Enter chooses, Escape closes.
 */
export function LineTitleField({
  label,
  value,
  onChange,
  onPick,
  path,
  errors,
  quoteLanguage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (pick: { product_id: number; title: string; rials: number | null }) => void;
  path: string;
  errors: readonly string[];
  quoteLanguage: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const server = useFieldErrors(path);
  const codes = [...new Set([...errors, ...server])];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [q, setQ] = useState('');
  // A search a quarter of a second after the last key, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(value.trim()), 250);
    return () => clearTimeout(timer);
  }, [value]);
  const search = useEntitySearch('products', q, undefined, open && q.length >= 2);
  const rows = open && q.length >= 2 ? (search.data?.results ?? []) : [];
  const expanded = open && q.length >= 2;

  const pick = async (row: EntityRow) => {
    setOpen(false);
    setActive(-1);
    let rials: number | null = null;
    try {
      rials = (await client.fetchQuery(productPriceQuery(row.id))).rials;
    } catch {
      // The price is typed by hand then; the title is chosen all the same.
    }
    onPick({ product_id: row.id, title: rowTitle(row, quoteLanguage), rials });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, rows.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && expanded && active >= 0 && rows[active]) {
      event.preventDefault();
      void pick(rows[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = [`${id}-hint`, codes.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        dir="auto"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-o${active}` : undefined}
        aria-invalid={codes.length > 0 ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        className={inputClass}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {t('quote.titleHint')}
      </p>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('quote.catalogue')}
        hidden={!expanded}
        className="absolute z-10 mt-1 max-h-56 w-full overflow-auto rounded border border-slate-300 bg-white shadow"
      >
        {expanded && search.isPending ? (
          <li role="presentation" className="p-2 text-slate-700">
            {t('common.loading')}
          </li>
        ) : null}
        {expanded && search.data?.results.length === 0 ? (
          <li role="presentation" className="p-2 text-slate-700">
            {t('common.noResults')}
          </li>
        ) : null}
        {rows.map((row, index) => (
          // The keys are the combobox's (its input keeps the focus, aria-activedescendant names the option).
          // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
          <li
            key={row.id}
            id={`${id}-o${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-2 py-1 ${index === active ? 'bg-sky-100' : 'hover:bg-sky-50'}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void pick(row)}
          >
            <span dir="auto">{rowTitle(row, quoteLanguage)}</span>
          </li>
        ))}
      </ul>
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}
