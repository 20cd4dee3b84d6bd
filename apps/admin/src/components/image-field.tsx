import { useTranslation } from 'react-i18next';
import { ImageUpload, Thumbnail, useAppendUploads } from './media.tsx';
import { Button, FieldErrorText, useFieldErrors } from './ui.tsx';
import { useFormat } from '../lib/format.ts';
import { moved } from '../lib/lists.ts';

/** One image reference: shown, replaced by an upload, or removed. */
export function ImageField({
  label,
  value,
  onChange,
  path,
  removable = true,
}: {
  label: string;
  value: string | undefined;
  onChange: (ref: string | undefined) => void;
  path?: string;
  removable?: boolean;
}) {
  const { t } = useTranslation();
  const codes = useFieldErrors(path);
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{label}</legend>
      {value ? (
        <div className="mb-2 flex items-center gap-3">
          <Thumbnail src={value} alt={label} size="h-24 w-24" />
          {removable ? (
            <Button
              variant="ghost"
              aria-label={t('images.removeOne', { label })}
              onClick={() => onChange(undefined)}
            >
              {t('common.remove')}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="mb-2 text-sm text-slate-700">{t('images.none')}</p>
      )}
      <ImageUpload
        label={value ? t('images.replace', { label }) : t('images.upload', { label })}
        onUploaded={(u) => onChange(u.ref)}
      />
      <FieldErrorText id={`${path ?? label}-error`} codes={codes} />
    </fieldset>
  );
}

/** A list of image references (a post's images): upload, reorder, remove. */
export function ImageListField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (refs: string[]) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const append = useAppendUploads(value, onChange);
  const move = (from: number, to: number) => {
    const next = moved(value, from, to);
    if (next) onChange(next);
  };
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{label}</legend>
      <ol className="mb-2 flex flex-wrap gap-3">
        {value.map((ref, index) => {
          const n = f.number(index + 1);
          return (
            <li
              key={`${ref}-${index}`}
              className="flex flex-col items-center gap-1 rounded border border-slate-300 bg-white p-2"
            >
              <Thumbnail src={ref} alt={t('images.nth', { n })} size="h-20 w-20" />
              <div className="flex gap-1">
                <Button
                  disabled={index === 0}
                  aria-label={t('images.moveUp', { n })}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  disabled={index === value.length - 1}
                  aria-label={t('images.moveDown', { n })}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('images.remove', { n })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  ×
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <ImageUpload multiple label={t('images.add')} onUploaded={(u) => append(u.ref)} />
    </fieldset>
  );
}
