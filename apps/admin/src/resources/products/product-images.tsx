import type { ProductImage, TranslatedText } from '@storefront/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { setLanguageText } from '../../components/fields.tsx';
import { ImageUpload, Thumbnail, useAppendUploads } from '../../components/media.tsx';
import { Button, TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { moved } from '../../lib/lists.ts';

function srcOf(image: ProductImage) {
  return typeof image === 'string' ? image : image.src;
}
function altOf(image: ProductImage): TranslatedText | undefined {
  return typeof image === 'string' ? undefined : image.alt;
}
/** Kept as a plain reference when it has no alt text. */
function withAlt(src: string, alt: TranslatedText | undefined): ProductImage {
  if (!alt || (alt.fa === '' && !alt.en)) return src;
  return { src, alt };
}

/** A product's images: upload (drop or pick), reorder, alt text per language, remove. */
export function ProductImages({
  value,
  onChange,
}: {
  value: ProductImage[];
  onChange: (images: ProductImage[]) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const append = useAppendUploads<ProductImage>(value, onChange);
  const move = (from: number, to: number) => {
    const next = moved(value, from, to);
    if (next) onChange(next);
  };
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{t('fields.images')}</legend>
      <ol className="mb-3 space-y-3">
        {value.map((image, index) => {
          const src = srcOf(image);
          const alt = altOf(image);
          const n = f.number(index + 1);
          return (
            <li
              key={`${src}-${index}`}
              className="flex flex-wrap items-start gap-3 rounded border border-slate-300 bg-white p-2"
            >
              <Thumbnail src={src} alt={alt?.fa ?? ''} size="h-20 w-20" />
              <div className="grid min-w-60 flex-1 gap-2 md:grid-cols-2">
                <TextField
                  label={t('images.altFa', { n })}
                  dir="rtl"
                  lang="fa"
                  value={alt?.fa ?? ''}
                  onChange={(v) => {
                    const next = [...value];
                    next[index] = withAlt(src, setLanguageText(alt, 'fa', v));
                    onChange(next);
                  }}
                />
                <TextField
                  label={t('images.altEn', { n })}
                  dir="ltr"
                  lang="en"
                  value={alt?.en ?? ''}
                  onChange={(v) => {
                    const next = [...value];
                    next[index] = withAlt(src, setLanguageText(alt, 'en', v));
                    onChange(next);
                  }}
                />
              </div>
              <div className="flex flex-col gap-1">
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
                  {t('common.remove')}
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
