import type { CatalogueKind } from '@storefront/contracts/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type DependentsBody } from '../lib/api.ts';
import { useRemoveEntity } from '../lib/catalogue-api.ts';
import { useFormat } from '../lib/format.ts';
import { EntityPicker } from './pickers.tsx';
import { Button, ErrorAlert, Modal } from './ui.tsx';

type Choice = 'detach' | 'move' | 'delete';

/** A delete button: confirms, and when other entities point to this one asks what becomes of them. */
export function DeleteEntity({
  kind,
  id,
  title,
  onDeleted,
  compact,
}: {
  kind: CatalogueKind;
  id: number;
  title: string;
  onDeleted: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const removal = useRemoveEntity(kind, id);
  const groupId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [dependents, setDependents] = useState<DependentsBody['dependents'] | null>(null);
  const [choice, setChoice] = useState<Choice>('detach');
  const [target, setTarget] = useState<number | null>(null);

  function close(next: boolean) {
    setOpen(next);
    if (!next) {
      setDependents(null);
      setError(null);
      setChoice('detach');
      setTarget(null);
    }
  }

  async function remove() {
    setError(null);
    try {
      await removal.mutateAsync(
        dependents ? { dependents: choice, to: choice === 'move' ? (target ?? undefined) : undefined } : {},
      );
      close(false);
      onDeleted();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'has_dependents')
        setDependents((e.body as DependentsBody).dependents);
      else setError(e);
    }
  }

  const choices: Choice[] = ['detach', 'move', 'delete'];
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'danger'}
        aria-label={compact ? t('delete.buttonFor', { title }) : undefined}
        onClick={() => setOpen(true)}
      >
        {t('delete.button')}
      </Button>
      <Modal
        open={open}
        onOpenChange={close}
        title={t('delete.title', { title })}
        description={dependents ? t('delete.hasDependents') : t('delete.confirm')}
      >
        {dependents ? (
          <div>
            <ul className="mb-3 list-disc ps-6">
              {dependents.products > 0 ? (
                <li>
                  {t('delete.products', {
                    count: dependents.products,
                    formatted: f.number(dependents.products),
                  })}
                </li>
              ) : null}
              {dependents.subcollections > 0 ? (
                <li>
                  {t('delete.subcollections', {
                    count: dependents.subcollections,
                    formatted: f.number(dependents.subcollections),
                  })}
                </li>
              ) : null}
            </ul>
            <fieldset>
              <legend id={groupId} className="mb-1 font-medium">
                {t('delete.whatToDo')}
              </legend>
              {choices.map((c) => (
                <label key={c} className="flex items-center gap-2 py-1">
                  <input
                    type="radio"
                    name={`${groupId}-choice`}
                    value={c}
                    checked={choice === c}
                    onChange={() => setChoice(c)}
                    className="accent-sky-800"
                  />
                  {t(`delete.${c}`)}
                </label>
              ))}
            </fieldset>
            {choice === 'move' ? (
              <EntityPicker kind={kind} label={t('delete.moveTo')} value={target} onChange={setTarget} />
            ) : null}
          </div>
        ) : null}
        <ErrorAlert error={error} />
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button
            variant="danger"
            disabled={
              removal.isPending ||
              (dependents !== null && choice === 'move' && (target === null || target === id))
            }
            onClick={() => void remove()}
          >
            {t('delete.confirmButton')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
