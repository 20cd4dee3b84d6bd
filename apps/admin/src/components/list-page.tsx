import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../lib/format.ts';
import { FilterPanel } from './filter-panel.tsx';
import { SortSelect, useListParams } from './list-controls.tsx';
import {
  Button,
  DataTable,
  ErrorAlert,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
  type Column,
} from './ui.tsx';

/** One page of a list as the API answers it (`capped`: the count stopped counting, see Pagination). */
export interface ListAnswer<Row> {
  count: number;
  results: Row[];
  capped?: boolean;
}

/** What ListPage reads of a list's query (a `useQuery` result fits). */
export interface ListQueryState<Row> {
  data?: ListAnswer<Row>;
  error: unknown;
  isPending: boolean;
}

export type { Column };

/** Ticking rows for a bulk action: the page keeps the chosen ids, ListPage draws the boxes and the bar. */
export interface Selection<Row> {
  selected: number[];
  onChange: (ids: number[]) => void;
  /** The row's name in its box's label ("Select {title}"). */
  title: (row: Row) => string;
}

export interface ListPageProps<Row extends { id: number }> {
  /**
   * The page's heading and document title; leave it out for a list inside another page's section
   * (its paging and sorting then leave the window scrolled where it is).
   */
  title?: string;
  /** Links and buttons beside the heading (new, export). */
  actions?: ReactNode;
  /** The table's name (its caption and its frame's label); the title by default. */
  label?: string;
  /** Shown between the heading and the filters: notices, tabs. */
  intro?: ReactNode;
  /** The filter fields, folded into a FilterPanel on narrow screens. */
  filters?: ReactNode;
  /** How many filters are set (the panel's toggle says it). */
  activeFilters?: number;
  /** Where "Clear filters" leads (the list without them), shown while a filter is set. */
  clearFilters?: string;
  /** Adds the sort select (URL `sort`) after the filters. */
  sortable?: boolean;
  /** The actions on the ticked rows, shown in a bar while any is ticked. */
  bulk?: ReactNode;
  selection?: Selection<Row>;
  /** A live "done" message (Saved., Deleted.). */
  status?: ReactNode;
  list: ListQueryState<Row>;
  /** An error besides the list's own (a failed action). */
  error?: unknown;
  pageSize: number;
  /** The table's columns; or `renderRows` for rows that are not a table (cards). */
  columns?: Column<Row>[];
  /** Classes a row adds (an unread one is bold). */
  rowClassName?: (row: Row) => string;
  renderRows?: (rows: Row[]) => ReactNode;
  /** Shown after the list, before the pages (a note, dialogs). */
  children?: ReactNode;
}

const FILTER_CLASSES = 'mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3';

/**
 * A back-office list page: heading, filters, a bulk bar, the loading, error and empty states, the
 * table, and the page links, with page and sort kept in the URL (list-controls' useListParams), so a
 * list can be shared and survives a reload. The page owns its query (filters in the URL as well).
 */
export function ListPage<Row extends { id: number }>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { list, title, filters, sortable } = props;
  const keepScroll = title === undefined;
  const { sort, set } = useListParams({ keepScroll });
  const label = props.label ?? title ?? '';
  const rows = list.data?.results ?? [];
  return (
    <div>
      {title !== undefined ? <PageTitle actions={props.actions}>{title}</PageTitle> : null}
      {props.intro}
      {filters !== undefined || sortable ? (
        <FilterPanel active={props.activeFilters ?? 0} className={FILTER_CLASSES}>
          {filters}
          {sortable ? <SortSelect value={sort} onChange={(s) => set({ sort: s })} /> : null}
        </FilterPanel>
      ) : null}
      {props.clearFilters !== undefined && (props.activeFilters ?? 0) > 0 ? (
        <p className="mb-3">
          <Link to={props.clearFilters} className="text-sky-900 underline">
            {t('filters.clear')}
          </Link>
        </p>
      ) : null}
      {props.selection && props.selection.selected.length > 0 ? (
        <BulkBar selection={props.selection}>{props.bulk}</BulkBar>
      ) : null}
      <SaveStatus message={props.status ?? null} />
      <ErrorAlert error={list.error ?? props.error} />
      {list.isPending ? <Loading /> : null}
      {list.data && props.columns ? (
        <DataTable
          label={label}
          framed
          rows={rows}
          columns={props.selection ? [selectColumn(props.selection, rows), ...props.columns] : props.columns}
          rowClassName={props.rowClassName}
        />
      ) : null}
      {list.data && !props.columns ? (
        rows.length === 0 ? (
          <p className="p-4">{t('common.noResults')}</p>
        ) : (
          props.renderRows?.(rows)
        )
      ) : null}
      {props.children}
      {list.data ? (
        <ListPagination
          count={list.data.count}
          capped={list.data.capped}
          pageSize={props.pageSize}
          keepScroll={keepScroll}
        />
      ) : null}
    </div>
  );
}

/** Page links for a list whose page is the URL's `page` (a list outside ListPage may use it alone). */
export function ListPagination({
  count,
  pageSize,
  capped,
  keepScroll,
}: {
  count: number;
  pageSize: number;
  capped?: boolean;
  /** Leave the window where it is (a list that is one section of a longer page). */
  keepScroll?: boolean;
}) {
  const { page, set } = useListParams({ keepScroll });
  return (
    <Pagination
      page={page}
      count={count}
      capped={capped}
      pageSize={pageSize}
      onPage={(p) => set({ page: p })}
    />
  );
}

function BulkBar<Row>({ selection, children }: { selection: Selection<Row>; children: ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  const n = selection.selected.length;
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="mb-3 flex flex-wrap items-center gap-2 rounded border border-sky-300 bg-sky-50 p-2"
    >
      <span>{t('bulk.selected', { count: n, formatted: f.number(n) })}</span>
      {children}
      <Button variant="ghost" onClick={() => selection.onChange([])}>
        {t('bulk.clear')}
      </Button>
    </div>
  );
}

/** The ticking column: a box per row, and one in the header for the whole page. */
function selectColumn<Row extends { id: number }>(selection: Selection<Row>, rows: Row[]): Column<Row> {
  const chosen = selection.selected;
  const toggle = (ids: number[], on: boolean) =>
    selection.onChange(on ? [...new Set([...chosen, ...ids])] : chosen.filter((id) => !ids.includes(id)));
  return {
    key: 'select',
    header: (
      <SelectBox
        label="bulk.selectPage"
        checked={rows.length > 0 && rows.every((r) => chosen.includes(r.id))}
        onChange={(on) =>
          toggle(
            rows.map((r) => r.id),
            on,
          )
        }
      />
    ),
    cell: (row) => (
      <SelectBox
        label="bulk.select"
        title={selection.title(row)}
        checked={chosen.includes(row.id)}
        onChange={(on) => toggle([row.id], on)}
      />
    ),
    className: 'w-10',
  };
}

function SelectBox({
  label,
  title,
  checked,
  onChange,
}: {
  label: 'bulk.select' | 'bulk.selectPage';
  title?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      className="size-4 accent-sky-800"
      aria-label={t(label, { title })}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
