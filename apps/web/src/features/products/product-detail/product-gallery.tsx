import type { Product } from '@storefront/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { ImagePlaceholderIcon } from '../../../components/icons.tsx';
import {
  carouselOptions,
  controlLabels,
  SliderControls,
  type CarouselText,
} from '../../../components/slider.tsx';
import { useDirection } from '../../../lib/use-language.ts';
import { IMAGE_SIZES, ResponsiveImage } from '../../../components/responsive-image.tsx';

/** docs/product.md, Constants: the carousel moves every 5000 ms. */
export const GALLERY_AUTOPLAY_MS = 5000;

/**
 * The product's images: wraps around, plays every 5000 ms, pauses while the pointer is over it or
 * focus is inside it, and has a pause button (WCAG 2.2.2). Mirrored in right-to-left. No images: a
 * placeholder of the same size, so nothing shifts.
 */
export function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);
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
  const text = (key: CarouselText) => t(`gallery.${key}`);
  const pause = () => {
    if (swiper && playing) swiper.autoplay.pause();
  };
  const resume = () => {
    if (swiper && playing) swiper.autoplay.resume();
  };

  return (
    <section
      aria-roledescription={t('gallery.slide')}
      aria-label={t('gallery.label')}
      className="relative overflow-hidden rounded-xl bg-slate-100"
      data-testid="product-gallery"
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
      }}
    >
      <Swiper
        // Swiper reads the direction once: a language switch builds it again.
        key={dir}
        dir={dir}
        {...carouselOptions(text, several ? GALLERY_AUTOPLAY_MS : undefined)}
        loop={several}
        onSwiper={setSwiper}
      >
        {images.map((image, index) => (
          <SwiperSlide key={`${index}-${image.image}`}>
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
          </SwiperSlide>
        ))}
      </Swiper>
      {several && (
        <SliderControls
          swiper={swiper}
          labels={controlLabels(text)}
          autoplay={{ playing, setPlaying }}
          pausePressed
        />
      )}
    </section>
  );
}
