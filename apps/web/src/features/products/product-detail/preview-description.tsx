import { useTranslation } from '../../../app/translate.tsx';
import { preview } from '../../../lib/text.ts';

/** docs/product.md, Constants: the preview description is cut at 1000 characters. */
export const PREVIEW_MAX = 1000;

/** The preview description, cut at 1000 characters and then followed by the 'continued below' note. */
export function PreviewDescription({ text, onReadMore }: { text: string; onReadMore: () => void }) {
  const { t } = useTranslation('product');
  const cut = preview(text.trim(), PREVIEW_MAX);
  if (!cut.text) return null;
  return (
    <div className="mb-4 text-slate-800">
      <p data-testid="preview-description" className="leading-8 whitespace-pre-line">
        {cut.text}
      </p>
      {cut.cut && (
        <p className="mt-1 text-sm text-slate-700">
          <span>{t('continuedBelow')} </span>
          <button
            type="button"
            onClick={onReadMore}
            className="font-semibold text-sky-900 underline underline-offset-4 hover:text-sky-950"
          >
            {t('readFullDescription')}
          </button>
        </p>
      )}
    </div>
  );
}
