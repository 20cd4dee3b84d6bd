import type { FieldErrorCode } from '@storefront/contracts';
import type { Editable } from '@storefront/contracts/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeforeUnload, useBlocker, useLocation } from 'react-router';
import { ApiError, type ConflictBody, type Saved } from '../lib/api.ts';
import { fieldErrorsOf } from '../lib/errors.ts';
import { Button, ErrorAlert, FieldErrorsContext, Loading, Modal, PageTitle, SaveStatus } from './ui.tsx';

/** A short, plain-text rendering of a field's value (for the conflict's side-by-side). */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > 300 ? `${text.slice(0, 300)}…` : text || '—';
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(describeValue).join('، ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${describeValue(v)}`)
      .join(' · ');
  }
  return String(value);
}

/** Top-level fields whose values differ between two versions of an entity. */
export function differingFields(mine: object, theirs: unknown): string[] {
  const a = mine as Record<string, unknown>;
  const b = (theirs ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
}

/** Asks before leaving a form with unsaved changes (in the app and when closing the tab). */
export function UnsavedChangesGuard({ when, skip }: { when: boolean; skip?: { current: boolean } }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !skip?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload((event) => {
    if (when && !skip?.current) event.preventDefault();
  });
  return (
    <Modal
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('unsaved.title')}
      description={t('unsaved.description')}
    >
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={() => blocker.reset?.()}>{t('unsaved.stay')}</Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Binds a field component to one key of the entity: its label (`fields.<key>` unless given), its
 * value, its change and its error path, so a form says `<TranslatedField {...field('title')} />`.
 */
export type FieldBinder<T> = <K extends keyof T & string>(
  key: K,
  label?: string,
) => { label: string; path: K; value: T[K]; onChange: (value: T[K]) => void };

export interface EntityFormProps<T extends object> {
  /** The entity's query key, or null for a new one. */
  queryKey: readonly unknown[] | null;
  load?: () => Promise<Editable<T>>;
  initial: () => T;
  save: (entity: T, version: string | undefined) => Promise<Saved>;
  onSaved?: (saved: Saved, created: boolean) => void;
  /** Client-side checks before sending (path → codes). */
  validate?: (entity: T) => Record<string, FieldErrorCode[]>;
  heading: string;
  /** Buttons beside the heading (preview, delete…). */
  actions?: (state: { version: string | undefined; entity: T }) => ReactNode;
  children: (entity: T, update: (patch: Partial<T>) => void, field: FieldBinder<T>) => ReactNode;
  /** Query keys to refresh after a save (lists). */
  invalidate?: readonly (readonly unknown[])[];
  /** Keeps the guard off while navigating away after a create or delete. */
  skipGuard?: { current: boolean };
}

/**
 * Loads, edits and saves one entity: field errors at their fields (by code), the conflict when
 * someone else saved in between (their values beside ours; take theirs or overwrite), and a warning
 * before leaving unsaved changes.
 */
export function EntityForm<T extends object>(props: EntityFormProps<T>) {
  const loaded = useQuery({
    queryKey: props.queryKey ?? ['new'],
    queryFn: props.load ?? (() => Promise.reject(new Error('no loader'))),
    enabled: props.queryKey !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (props.queryKey === null)
    return <EditingForm {...props} start={{ entity: props.initial(), version: undefined }} />;
  if (loaded.isError) return <ErrorAlert error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return <EditingForm {...props} start={loaded.data} />;
}

function EditingForm<T extends object>(
  props: EntityFormProps<T> & { start: { entity: T; version: string | undefined } },
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [entity, setEntity] = useState<T>(props.start.entity);
  const [version, setVersion] = useState<string | undefined>(props.start.version);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, FieldErrorCode[]>>({});
  const [requestError, setRequestError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<ConflictBody['current']>(null);
  // A new entity's form opens again under its id: it says the creation was saved.
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [saved, setSaved] = useState(created);
  const ownSkip = useRef(false);
  const skip = props.skipGuard ?? ownSkip;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    // Bring the first invalid field into view.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [errors]);

  const update = (patch: Partial<T>) => {
    setEntity((current) => ({ ...current, ...patch }));
    setDirty(true);
    setSaved(false);
  };
  const field: FieldBinder<T> = (key, label) => ({
    label: label ?? t(`fields.${key as string}`),
    path: key,
    value: entity[key],
    onChange: (value) => {
      const patch: Partial<T> = {};
      patch[key] = value;
      update(patch);
    },
  });

  async function submit(withVersion: string | undefined) {
    setRequestError(null);
    setSaved(false);
    const own = props.validate?.(entity) ?? {};
    if (Object.keys(own).length > 0) {
      setErrors(own);
      return;
    }
    setSaving(true);
    try {
      const result = await props.save(entity, withVersion);
      setVersion(result.version);
      setErrors({});
      setConflict(null);
      setDirty(false);
      setSaved(true);
      for (const key of props.invalidate ?? []) void client.invalidateQueries({ queryKey: key });
      if (props.queryKey)
        client.setQueryData(props.queryKey, { id: result.id, version: result.version, entity });
      if (withVersion === undefined && props.queryKey === null) skip.current = true;
      props.onSaved?.(result, props.queryKey === null);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'edit_conflict') {
        setConflict((error.body as ConflictBody).current);
      } else if (error instanceof ApiError && error.code === 'validation_failed') {
        setErrors(fieldErrorsOf(error, 'entity.'));
        setRequestError(error);
      } else setRequestError(error);
    } finally {
      setSaving(false);
    }
  }

  const changed = conflict ? differingFields(entity, conflict.entity) : [];
  return (
    <FieldErrorsContext.Provider value={errors}>
      <PageTitle actions={props.actions?.({ version, entity })}>{props.heading}</PageTitle>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(version);
        }}
      >
        {props.children(entity, update, field)}
        <ErrorAlert error={requestError} />
        <SaveStatus message={saved ? t('form.saved') : null} />
        <div className="sticky bottom-0 mt-4 flex items-center gap-3 border-t border-slate-300 bg-slate-50 py-3">
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? t('form.saving') : t('form.save')}
          </Button>
          {dirty ? <span className="text-sm text-slate-800">{t('form.unsaved')}</span> : null}
        </div>
      </form>
      <UnsavedChangesGuard when={dirty} skip={skip} />
      <Modal
        open={conflict !== null}
        onOpenChange={(open) => !open && setConflict(null)}
        title={t('conflict.title')}
        description={t('conflict.description')}
        wide
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t('conflict.caption')}</caption>
          <thead>
            <tr className="bg-slate-100">
              <th scope="col" className="border border-slate-300 p-2 text-start">
                {t('conflict.field')}
              </th>
              <th scope="col" className="border border-slate-300 p-2 text-start">
                {t('conflict.yours')}
              </th>
              <th scope="col" className="border border-slate-300 p-2 text-start">
                {t('conflict.theirs')}
              </th>
            </tr>
          </thead>
          <tbody>
            {changed.length === 0 ? (
              <tr>
                <td colSpan={3} className="border border-slate-300 p-2">
                  {t('conflict.noDifference')}
                </td>
              </tr>
            ) : null}
            {changed.map((key) => (
              <tr key={key}>
                <th scope="row" className="border border-slate-300 p-2 text-start font-medium">
                  {t(`fields.${key}`, { defaultValue: key })}
                </th>
                <td className="border border-slate-300 p-2" dir="auto">
                  {describeValue((entity as Record<string, unknown>)[key])}
                </td>
                <td className="border border-slate-300 p-2" dir="auto">
                  {describeValue((conflict?.entity as Record<string, unknown> | undefined)?.[key])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button onClick={() => setConflict(null)}>{t('common.cancel')}</Button>
          <Button
            onClick={() => {
              if (!conflict) return;
              setEntity(conflict.entity as T);
              setVersion(conflict.version);
              setDirty(false);
              setErrors({});
              setConflict(null);
            }}
          >
            {t('conflict.loadTheirs')}
          </Button>
          <Button
            variant="danger"
            disabled={saving}
            onClick={() => conflict && void submit(conflict.version)}
          >
            {t('conflict.overwrite')}
          </Button>
        </div>
      </Modal>
    </FieldErrorsContext.Provider>
  );
}
