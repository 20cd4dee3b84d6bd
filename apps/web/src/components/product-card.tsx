import type { Product } from '@storefront/contracts';
import { useTranslation } from '../app/translate.tsx';
import { Link } from 'react-router';
import { ImagePlaceholderIcon } from './icons.tsx';
import { LikeButton } from './like-button.tsx';
import { IMAGE_SIZES, ResponsiveImage } from './responsive-image.tsx';

/** The card image's intrinsic size (4:3): the browser reserves the space before it arrives. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;

/**
 * Image (placeholder if none; lazy and sized), title, short description, the like toggle with the
 * liked state, the call-us link (/app/product/{id}?status=open) and the show button (modal, type
 * product).
 */
export function ProductCard({
  product,
  onShow,
  onLiked,
  headingLevel = 2,
}: {
  product: Product;
  /** The show button: the page opens the product's quick view (app/modal-context.tsx useShowProduct). */
  onShow: (product: Product) => void;
  onLiked?: () => void;
  /** Deeper where the cards sit under section headings (home: 4). */
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('pages');
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  const image = product.images[0]?.image;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {image ? (
        <ResponsiveImage
          src={image}
          sizes={IMAGE_SIZES.card}
          alt={product.images[0]?.alt || t('products.imageAlt', { title: product.title })}
          loading="lazy"
          decoding="async"
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600">
          <ImagePlaceholderIcon width={40} height={40} />
          <span className="text-sm">{t('products.noImage')}</span>
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <div className="mb-1 flex items-start justify-between gap-2">
          <Heading className="text-base font-bold text-slate-900">
            <Link to={`/product/${product.id}`} className="hover:underline">
              {product.title}
            </Link>
          </Heading>
          <LikeButton productId={product.id} title={product.title} compact onLiked={onLiked} />
        </div>
        <p className="mb-4 line-clamp-2 text-sm text-slate-700">{product.short_description}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => onShow(product)}
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
