import type { Product } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { ImagePlaceholderIcon } from '../../../components/icons.tsx';
import { Slider, type CarouselText } from '../../../components/slider.tsx';
import { IMAGE_SIZES, ResponsiveImage } from '../../../components/responsive-image.tsx';

/** docs/product.md, Constants: the carousel moves every 5000 ms. */
export const GALLERY_AUTOPLAY_MS = 5000;

/**
 * The product's images in the shared carousel: wraps around, plays every 5000 ms, pauses while the
 * pointer is over it or focus is inside it, and has a pause button (WCAG 2.2.2). Mirrored in
 * right-to-left. No images: a placeholder of the same size, so nothing shifts.
 */
export function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const images = product.images;

  if (images.length === 0) {
    return (
      <div
        role="img"
        aria-label={t('gallery.noImage')}
        className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-600"
      >
        <ImagePlaceholderIcon width={56} height={56} aria-hidden />
        <span aria-hidden>{t('gallery.noImage')}</span>
      </div>
    );
  }

  const several = images.length > 1;
  return (
    <Slider
      items={images}
      getKey={(image) => `${images.indexOf(image)}-${image.image}`}
      label={t('gallery.label')}
      text={(key: CarouselText) => t(`gallery.${key}`)}
      autoplayMs={several ? GALLERY_AUTOPLAY_MS : undefined}
      loop
      spaceBetween={0}
      pausePressed
      className="overflow-hidden rounded-xl bg-slate-100"
      testId="product-gallery"
      renderItem={(image, index) => (
        <ResponsiveImage
          src={image.image}
          sizes={IMAGE_SIZES.half}
          alt={
            image.alt ||
            t('gallery.imageAlt', { title: product.title, number: index + 1, count: images.length })
          }
          width={800}
          height={600}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      )}
    />
  );
}
