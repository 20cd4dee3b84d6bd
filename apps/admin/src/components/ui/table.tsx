import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

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
