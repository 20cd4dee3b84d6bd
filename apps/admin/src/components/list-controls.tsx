import type { EntityListQuery } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, SelectField } from './ui.tsx';

/** A list's controls kept in the URL (page, search, sort): every list page of the back office uses them. */
export const PAGE_SIZE = 25;
type Sort = NonNullable<EntityListQuery['sort']>;
const SORTS: Sort[] = ['-id', 'id', 'title', '-title'];

/**
 * List parameters kept in the URL (shareable, survive reloads). A change of anything but the page
 * starts again from the first page; `keepScroll` leaves the window where it is (a list that is one
 * section of a longer page).
 */
export function useListParams({ keepScroll = false }: { keepScroll?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && SORTS.includes(sortParam) ? sortParam : '-id';
  const set = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { preventScrollReset: keepScroll });
  };
  return { params, page, q, sort, set };
}

export function SearchBox({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div>
        <label htmlFor="list-search" className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          id="list-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="block rounded border border-slate-500 bg-white px-2 py-1.5"
        />
      </div>
      <Button type="submit">{t('common.search')}</Button>
    </form>
  );
}

export function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('list.sort')} value={value} onChange={(e) => onChange(e.target.value as Sort)}>
      {SORTS.map((s) => (
        <option key={s} value={s}>
          {t(`list.sorts.${s}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** A filter that picks one of a few values, or "All" (no value). */
export function ChoiceFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string | undefined;
  /** Each choice's value and its label. */
  choices: readonly (readonly [string, string])[];
  /** The chosen value, '' for "All". */
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('list.all')}</option>
      <Options choices={choices} />
    </SelectField>
  );
}

/** A select's options from value and label pairs. */
export function Options({ choices }: { choices: readonly (readonly [string, string])[] }) {
  return choices.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}
