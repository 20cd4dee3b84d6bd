import type { CatalogueKind, EntityRow } from '@storefront/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listedRow, useEntity, useEntitySearch } from '../lib/catalogue-api.ts';
import { formatNumber } from '../lib/format.ts';
import { toLanguage } from '../lib/i18n.ts';
import { canEditCatalogue, useSession } from '../lib/session.ts';
import type { FieldProps } from './fields.tsx';
import { Button, FieldErrorText, useFieldErrors } from './ui.tsx';

type Titled = { title: Record<string, string | undefined> };

export function titleIn(entity: Titled | undefined, language: string): string {
  if (!entity) return '';
  return entity.title[toLanguage(language)] || entity.title.fa || '';
}

/**
 * The title of one entity (for a picker's chosen value). Only the catalogue's roles open an entity;
 * the others (sales) read the lists, so theirs is the title of a row they searched, else its number.
 */
export function useEntityTitle(kind: CatalogueKind, id: number | null) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const role = useSession().data?.staff.role;
  const opens = role === undefined || canEditCatalogue(role);
  const query = useEntity(kind, id, opens);
  const entity =
    (query.data?.entity as Titled | undefined) ?? (id !== null ? listedRow(client, kind, id) : undefined);
  return entity
    ? titleIn(entity, i18n.language)
    : id !== null
      ? `#${formatNumber(id, toLanguage(i18n.language))}`
      : '';
}

function SearchResults({
  kind,
  label,
  exclude,
  onPick,
  parent,
}: {
  kind: CatalogueKind;
  label: string;
  exclude: readonly number[];
  onPick: (row: EntityRow) => void;
  parent?: number;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const results = useEntitySearch(kind, q, parent, open);
  return (
    <div className="mt-1">
      <label htmlFor={id} className="sr-only">
        {t('picker.search', { label })}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={q}
          placeholder={t('picker.search', { label })}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          className="block w-full rounded border border-slate-500 bg-white px-2 py-1.5 placeholder:text-slate-600"
        />
        {open ? <Button onClick={() => setOpen(false)}>{t('common.close')}</Button> : null}
      </div>
      {open ? (
        <ul
          className="mt-1 max-h-56 overflow-auto rounded border border-slate-300 bg-white"
          aria-label={t('picker.results', { label })}
        >
          {results.isPending ? <li className="p-2 text-slate-700">{t('common.loading')}</li> : null}
          {results.data?.results.length === 0 ? (
            <li className="p-2 text-slate-700">{t('common.noResults')}</li>
          ) : null}
          {results.data?.results
            .filter((row) => !exclude.includes(row.id))
            .map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  className="block w-full px-2 py-1 text-start hover:bg-sky-50"
                  onClick={() => {
                    onPick(row);
                    setQ('');
                    setOpen(false);
                  }}
                >
                  {titleIn(row, i18n.language) || `#${formatNumber(row.id, toLanguage(i18n.language))}`}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

interface PickerProps<T> extends FieldProps<T> {
  kind: CatalogueKind;
  label: string;
  path?: string;
}

/** A picker's group: its label, what is chosen (children), the search and the field's errors. */
function PickerFrame({
  kind,
  label,
  path,
  exclude,
  onPick,
  parent,
  children,
}: {
  kind: CatalogueKind;
  label: string;
  path?: string;
  exclude: readonly number[];
  onPick: (row: EntityRow) => void;
  parent?: number;
  children: ReactNode;
}) {
  const id = useId();
  const codes = useFieldErrors(path);
  return (
    <div className="mb-3" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium">
        {label}
      </span>
      {children}
      <SearchResults kind={kind} label={label} exclude={exclude} onPick={onPick} parent={parent} />
      <FieldErrorText id={`${id}-error`} codes={codes} />
    </div>
  );
}

/** One entity of a kind (or none), chosen by searching the list endpoint. */
export function EntityPicker({ parent, ...props }: PickerProps<number | null> & { parent?: number }) {
  const { t } = useTranslation();
  const { kind, label, value, onChange } = props;
  const title = useEntityTitle(kind, value);
  return (
    <PickerFrame
      {...props}
      exclude={value === null ? [] : [value]}
      onPick={(row) => onChange(row.id)}
      parent={parent}
    >
      <div className="flex items-center gap-2">
        <output className="text-sm" aria-live="polite">
          {value === null ? t('picker.none') : title}
        </output>
        {value !== null ? (
          <Button variant="ghost" aria-label={t('picker.clear', { label })} onClick={() => onChange(null)}>
            {t('picker.clearShort')}
          </Button>
        ) : null}
      </div>
    </PickerFrame>
  );
}

function Chip({ kind, id, onRemove }: { kind: CatalogueKind; id: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const title = useEntityTitle(kind, id);
  return (
    <li className="inline-flex items-center gap-1 rounded bg-slate-200 px-2 py-0.5 text-sm">
      {title}
      <button
        type="button"
        className="rounded px-1 text-slate-900 hover:bg-slate-300"
        aria-label={t('picker.remove', { title })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

/** Several entities of a kind (subcollections, tags). */
export function MultiEntityPicker(props: PickerProps<number[]>) {
  const { t } = useTranslation();
  const { kind, label, value, onChange } = props;
  return (
    <PickerFrame {...props} exclude={value} onPick={(row) => onChange([...value, row.id])}>
      {value.length === 0 ? (
        <p className="text-sm text-slate-700">{t('picker.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1" aria-label={t('picker.chosen', { label })}>
          {value.map((v) => (
            <Chip key={v} kind={kind} id={v} onRemove={() => onChange(value.filter((x) => x !== v))} />
          ))}
        </ul>
      )}
    </PickerFrame>
  );
}
