import type { ProductImage, TranslatedText } from '@storefront/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';
import { moved } from '../lib/lists.ts';
import { setLanguageText } from './fields.tsx';
import { ImageUpload, Thumbnail, useAppendUploads } from './media.tsx';
import { Button, TextField } from './ui.tsx';

export function srcOf(image: ProductImage): string {
  return typeof image === 'string' ? image : image.src;
}
export function altOf(image: ProductImage): TranslatedText | undefined {
  return typeof image === 'string' ? undefined : image.alt;
}
/** Kept as a plain reference when it has no alt text. */
export function withAlt(src: string, alt: TranslatedText | undefined): ProductImage {
  if (!alt || (alt.fa === '' && !alt.en)) return src;
  return { src, alt };
}

const ALT_LANGUAGES = [
  { language: 'fa', dir: 'rtl', label: 'images.altFa' },
  { language: 'en', dir: 'ltr', label: 'images.altEn' },
] as const;

/** A list of plain references (a post's images): small cards in a row. */
interface PlainList {
  altText?: false;
  value: string[];
  onChange: (images: string[]) => void;
}
/** A list whose images carry their alt text in fa and en (a product's): one row each, with the fields. */
interface AltTextList {
  altText: true;
  value: ProductImage[];
  onChange: (images: ProductImage[]) => void;
}

/**
 * The back office's one list of images: upload (pick or drop, several at once), reorder (earlier,
 * later), remove, and with `altText` each image's alt text per language. Every label numbers its
 * image in the page's digits ("Remove image 2").
 */
export function ImageList({ label, ...list }: { label: string } & (PlainList | AltTextList)) {
  const { t } = useTranslation();
  const f = useFormat();
  // Both kinds of list are lists of ProductImage (a plain reference is one); edits keep the kind.
  const value: ProductImage[] = list.value;
  const onChange = list.onChange as (images: ProductImage[]) => void;
  const append = useAppendUploads<ProductImage>(value, onChange);
  const move = (from: number, to: number) => {
    const next = moved(value, from, to);
    if (next) onChange(next);
  };
  const setAlt = (index: number, language: 'fa' | 'en', text: string) => {
    const image = value[index]!;
    onChange(
      value.map((item, i) =>
        i === index ? withAlt(srcOf(image), setLanguageText(altOf(image), language, text)) : item,
      ),
    );
  };
  const rows = list.altText === true;
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{label}</legend>
      <ol className={rows ? 'mb-3 space-y-3' : 'mb-2 flex flex-wrap gap-3'}>
        {value.map((image, index) => {
          const src = srcOf(image);
          const alt = altOf(image);
          const n = f.number(index + 1);
          return (
            <li
              key={`${src}-${index}`}
              className={`${rows ? 'flex flex-wrap items-start gap-3' : 'flex flex-col items-center gap-1'} rounded border border-slate-300 bg-white p-2`}
            >
              <Thumbnail src={src} alt={rows ? (alt?.fa ?? '') : t('images.nth', { n })} size="h-20 w-20" />
              {rows ? (
                <div className="grid min-w-60 flex-1 gap-2 md:grid-cols-2">
                  {ALT_LANGUAGES.map(({ language, dir, label: altLabel }) => (
                    <TextField
                      key={language}
                      label={t(altLabel, { n })}
                      dir={dir}
                      lang={language}
                      value={alt?.[language] ?? ''}
                      onChange={(v) => setAlt(index, language, v)}
                    />
                  ))}
                </div>
              ) : null}
              <div className={rows ? 'flex flex-col gap-1' : 'flex gap-1'}>
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
                  {rows ? t('common.remove') : '×'}
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
