import type { Product } from '@storefront/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import { ChevronEndIcon, ImagePlaceholderIcon } from '../../../components/icons.tsx';
import { useDirection } from '../../../lib/use-language.ts';

/** Spec section 9: the carousel moves every 5000 ms. */
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
  const arrow =
    'absolute top-1/2 z-10 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-700';

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
        modules={[Autoplay, A11y, Keyboard]}
        slidesPerView={1}
        loop={several}
        keyboard={{ enabled: true, onlyInViewport: true }}
        autoplay={
          several
            ? { delay: GALLERY_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }
            : false
        }
        a11y={{
          prevSlideMessage: t('gallery.previous'),
          nextSlideMessage: t('gallery.next'),
          slideLabelMessage: `${t('gallery.slide')} {{index}} / {{slidesLength}}`,
          containerRoleDescriptionMessage: t('gallery.label'),
        }}
        onSwiper={setSwiper}
      >
        {images.map((image, index) => (
          <SwiperSlide key={`${index}-${image.image}`}>
            <img
              src={image.image}
              alt={t('gallery.imageAlt', { title: product.title, number: index + 1, count: images.length })}
              width={800}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="aspect-[4/3] h-auto w-full object-cover"
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {several && (
        <>
          <button
            type="button"
            className={`${arrow} start-2`}
            aria-label={t('gallery.previous')}
            onClick={() => swiper?.slidePrev()}
          >
            <ChevronEndIcon className="rotate-180" aria-hidden />
          </button>
          <button
            type="button"
            className={`${arrow} end-2`}
            aria-label={t('gallery.next')}
            onClick={() => swiper?.slideNext()}
          >
            <ChevronEndIcon aria-hidden />
          </button>
          <button
            type="button"
            aria-pressed={!playing}
            className="absolute bottom-2 end-2 z-10 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-900 shadow hover:bg-white"
            onClick={() => {
              if (!swiper) return;
              if (playing) swiper.autoplay.stop();
              else swiper.autoplay.start();
              setPlaying(!playing);
            }}
          >
            {playing ? t('gallery.pause') : t('gallery.play')}
          </button>
        </>
      )}
    </section>
  );
}
