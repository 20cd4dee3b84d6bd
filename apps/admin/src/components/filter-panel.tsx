import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

/**
 * A list's filters: always shown from 768 px; below, folded behind a "Filters" disclosure button
 * that says how many filters are active. `className` styles the panel itself.
 */
export function FilterPanel({
  active,
  className = '',
  children,
}: {
  /** How many filters are set (search included). */
  active: number;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="mb-3 inline-flex items-center gap-2 rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 md:hidden"
      >
        <span
          aria-hidden="true"
          className={`inline-block transition-transform ${open ? 'rotate-90' : 'rtl:rotate-180'}`}
        >
          ▸
        </span>
        {t('filterPanel.toggle')}
        {active > 0 ? (
          <>
            {' '}
            <span className="rounded-full bg-sky-800 px-2 text-xs text-white">
              {t('filterPanel.active', { formatted: f.number(active) })}
            </span>
          </>
        ) : null}
      </button>
      <div id={id} className={`${open ? '' : 'max-md:hidden'} ${className}`}>
        {children}
      </div>
    </>
  );
}
