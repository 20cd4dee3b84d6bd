import { useTranslation } from 'react-i18next';
import { ImageList } from './image-list.tsx';
import { ImageUpload, Thumbnail } from './media.tsx';
import { Button, FieldErrorText, useFieldErrors } from './ui.tsx';

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
export function ImageListField(props: {
  label: string;
  value: string[];
  onChange: (refs: string[]) => void;
}) {
  return <ImageList {...props} />;
}
