import type { Product } from '@storefront/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModal } from '../app/modal-context.tsx';
import { ImagePlaceholderIcon } from './icons.tsx';

/** Image (placeholder if none), title, short description, call-us link and the show button. */
export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('pages');
  const { openModal } = useModal();
  const image = product.images[0]?.image;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {image ? (
        <img src={image} alt="" loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
      ) : (
        <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600">
          <ImagePlaceholderIcon width={40} height={40} />
          <span className="text-sm">{t('products.noImage')}</span>
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h2 className="mb-1 text-base font-bold text-slate-900">
          <Link to={`/product/${product.id}`} className="hover:underline">
            {product.title}
          </Link>
        </h2>
        <p className="mb-4 line-clamp-2 text-sm text-slate-700">{product.short_description}</p>
        <div className="mt-auto flex items-center gap-2">
          <button
            type="button"
            onClick={() => openModal({ type: 'product', item: product })}
            aria-label={t('products.showNamed', { title: product.title })}
            className="rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
          >
            {t('products.show')}
          </button>
          <Link
            to={`/product/${product.id}?status=open`}
            className="rounded-lg border border-sky-800 px-4 py-2 text-sm font-semibold text-sky-900 hover:bg-sky-50"
          >
            {t('products.callUs')}
          </Link>
        </div>
      </div>
    </article>
  );
}
