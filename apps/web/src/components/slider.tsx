import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import { useDirection } from '../lib/use-language.ts';
import { ChevronEndIcon } from './icons.tsx';

export interface SliderProps<T> {
  items: T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** The carousel's accessible name. */
  label: string;
  /** Slides per view by width (spec: 1 below 500 px, 2 from 600, 3 from 1000, …). */
  breakpoints?: SwiperOptions['breakpoints'];
  /** Autoplay interval in ms (spec: 5000); a pause button is shown (WCAG 2.2.2). */
  autoplayMs?: number;
  loop?: boolean;
  spaceBetween?: number;
}

/**
 * The slides' layout before Swiper runs (the server's page, and until hydration): as many per row as
 * Swiper will show at each breakpoint, with its spacing, so nothing moves when it starts.
 */
export function preInitCss(
  id: string,
  spaceBetween: number,
  breakpoints: SwiperOptions['breakpoints'] = {},
): string {
  const slide = `[data-slider="${id}"] .swiper:not(.swiper-initialized) .swiper-slide`;
  const rule = (perView: number) =>
    `${slide}{width:calc((100% - ${(perView - 1) * spaceBetween}px) / ${perView});margin-inline-end:${spaceBetween}px}`;
  const widths = Object.entries(breakpoints)
    .map(([width, options]) => [Number(width), Number(options.slidesPerView ?? 1)] as const)
    .filter(([width, perView]) => Number.isFinite(width) && Number.isFinite(perView) && perView >= 1)
    .sort((a, b) => a[0] - b[0]);
  return [
    rule(1),
    ...widths.map(([width, perView]) => `@media (min-width:${width}px){${rule(perView)}}`),
  ].join('');
}

/**
 * The shared carousel (Swiper): mirrored in right-to-left (Swiper's rtl mode, the previous arrow on
 * the start side pointing to the start), keyboard-operable, announced as a carousel, with a pause
 * control when it plays by itself. The home banners and sections, other news and the team use it.
 */
export function Slider<T>({
  items,
  getKey,
  renderItem,
  label,
  breakpoints,
  autoplayMs,
  loop = false,
  spaceBetween = 16,
}: SliderProps<T>) {
  const { t } = useTranslation();
  const dir = useDirection();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(autoplayMs !== undefined);
  const id = useId();
  const text = (key: CarouselText) => t(`slider.${key}`);

  return (
    <section
      aria-roledescription={t('slider.label')}
      aria-label={label}
      className="relative"
      data-slider={id}
    >
      <style>{preInitCss(id, spaceBetween, breakpoints)}</style>
      <Swiper
        // Swiper reads the direction once: a language switch builds it again.
        key={dir}
        dir={dir}
        {...carouselOptions(text, autoplayMs)}
        spaceBetween={spaceBetween}
        breakpoints={breakpoints}
        loop={loop && items.length > 1}
        onSwiper={setSwiper}
      >
        {items.map((item, index) => (
          <SwiperSlide key={getKey(item)}>{renderItem(item, index)}</SwiperSlide>
        ))}
      </Swiper>
      <SliderControls
        swiper={swiper}
        labels={controlLabels(text)}
        autoplay={autoplayMs === undefined ? undefined : { playing, setPlaying }}
      />
    </section>
  );
}

/** The texts of a carousel, under its own prefix in the translations ('slider.next', 'gallery.next', …). */
export type CarouselText = 'previous' | 'next' | 'slide' | 'label' | 'pause' | 'play';

/**
 * What every carousel here tells Swiper: one slide at a time, the keyboard while in view, autoplay
 * (paused under the pointer) when given an interval, and the screen-reader messages in its texts.
 */
export function carouselOptions(text: (key: CarouselText) => string, autoplayMs: number | undefined) {
  return {
    modules: [Autoplay, A11y, Keyboard],
    slidesPerView: 1,
    keyboard: { enabled: true, onlyInViewport: true },
    autoplay: autoplayMs
      ? { delay: autoplayMs, pauseOnMouseEnter: true, disableOnInteraction: false }
      : false,
    a11y: {
      prevSlideMessage: text('previous'),
      nextSlideMessage: text('next'),
      slideLabelMessage: `${text('slide')} {{index}} / {{slidesLength}}`,
      containerRoleDescriptionMessage: text('label'),
    },
  } satisfies SwiperOptions;
}

/** The labels of SliderControls' buttons, in a carousel's texts. */
export function controlLabels(text: (key: CarouselText) => string) {
  return { previous: text('previous'), next: text('next'), pause: text('pause'), play: text('play') };
}

const ARROW =
  'absolute top-1/2 z-10 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-700 disabled:opacity-40';

/** The previous (start side, pointing to the start) or next (end side) arrow over a carousel. */
function Arrow({ to, label, onClick }: { to: 'prev' | 'next'; label: string; onClick: () => void }) {
  const next = to === 'next';
  return (
    <button
      type="button"
      className={`${ARROW} ${next ? 'end-2' : 'start-2'}`}
      aria-label={label}
      data-slider={to}
      onClick={onClick}
    >
      <ChevronEndIcon className={next ? '' : 'rotate-180'} />
    </button>
  );
}

/**
 * A carousel's own controls, over it: previous on the start side pointing to the start, next on the
 * end side, and — when it plays by itself — the pause / play button (WCAG 2.2.2). Shared by the
 * Slider and the product gallery.
 */
export function SliderControls({
  swiper,
  labels,
  autoplay,
  pausePressed = false,
}: {
  swiper: SwiperInstance | null;
  labels: { previous: string; next: string; pause: string; play: string };
  /** The autoplay state when the carousel plays by itself (no pause button otherwise). */
  autoplay?: { playing: boolean; setPlaying: (playing: boolean) => void };
  /** Also expose the pause button as a toggle (aria-pressed while paused). */
  pausePressed?: boolean;
}) {
  return (
    <>
      <Arrow to="prev" label={labels.previous} onClick={() => swiper?.slidePrev()} />
      <Arrow to="next" label={labels.next} onClick={() => swiper?.slideNext()} />
      {autoplay && (
        <button
          type="button"
          aria-pressed={pausePressed ? !autoplay.playing : undefined}
          className="absolute bottom-2 end-2 z-10 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-900 shadow hover:bg-white"
          onClick={() => {
            if (!swiper) return;
            if (autoplay.playing) swiper.autoplay.stop();
            else swiper.autoplay.start();
            autoplay.setPlaying(!autoplay.playing);
          }}
        >
          {autoplay.playing ? labels.pause : labels.play}
        </button>
      )}
    </>
  );
}
