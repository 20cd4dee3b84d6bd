import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  AUTOPLAY,
  REDUCED_MOTION,
  measure,
  prefersReducedMotion,
  scrollToSlide,
  targetIndex,
} from './slider-motion.ts';

export { targetIndex };
import { useTranslation } from '../app/translate.tsx';
import { formatNumber } from '../lib/format.ts';
import { useLanguage } from '../lib/use-language.ts';
import { ChevronEndIcon } from './icons.tsx';

/** Slides per view from a window width up (px → count), as in the spec's breakpoints. */
export type SliderBreakpoints = Readonly<Record<number, { readonly slidesPerView: number }>>;

/** The texts of a carousel, under its own prefix in the translations ('slider.next', 'gallery.next', …). */
export type CarouselText = 'previous' | 'next' | 'slide' | 'pause' | 'play';

export interface SliderProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** The carousel's accessible name. */
  label: string;
  /** Slides per view by width (spec: 1 below 500 px, 2 from 600, 3 from 1000, …); 1 below the first. */
  breakpoints?: SliderBreakpoints;
  /** Autoplay interval in ms (spec: 5000); a pause button is shown (WCAG 2.2.2). */
  autoplayMs?: number;
  /** Past the last slide comes the first again (and before the first, the last). */
  loop?: boolean;
  spaceBetween?: number;
  /** The carousel's texts (default: common's 'slider.*'). */
  text?: (key: CarouselText) => string;
  /** Also expose the pause button as a toggle (aria-pressed while paused). */
  pausePressed?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The slides' widths at each breakpoint, for this carousel only: as many per row as it shows, with
 * its spacing. Plain CSS, so the server's page is laid out exactly as the running one (nothing moves
 * when the script arrives, and without it the row still scrolls by touch or trackpad).
 */
export function slideWidthsCss(
  id: string,
  spaceBetween: number,
  breakpoints: SliderBreakpoints = {},
): string {
  const slide = `[data-slider="${id}"] > .slider-track > [data-slide]`;
  const rule = (perView: number) =>
    `${slide}{flex-basis:calc((100% - ${(perView - 1) * spaceBetween}px) / ${perView})}`;
  const widths = Object.entries(breakpoints)
    .map(([width, options]) => [Number(width), Number(options.slidesPerView)] as const)
    .filter(([width, perView]) => Number.isFinite(width) && Number.isFinite(perView) && perView >= 1)
    .sort((a, b) => a[0] - b[0]);
  return [
    rule(1),
    ...widths.map(([width, perView]) => `@media (min-width:${width}px){${rule(perView)}}`),
  ].join('');
}

/** The visitor's reduced-motion wish, followed as it changes; the server's page assumes none. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    prefersReducedMotion,
    () => false,
  );
}

/**
 * The shared carousel: a row of slides that scrolls and snaps by itself (CSS scroll-snap; touch,
 * trackpad and the keyboard work before any script), with arrows that move one slide — "next" on the
 * end side pointing to the end, so left in right-to-left — the arrow keys (the visual direction),
 * Home and End, and, when it plays by itself, autoplay that pauses under the pointer or focus, waits
 * for a press of play when the visitor asks for reduced motion, and has a pause button (WCAG 2.2.2).
 * A region named by `label`; each slide a group "n of m" in the page's digits. The home banners and
 * sections, other news, the team and the product gallery use it.
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
  text,
  pausePressed = false,
  className = '',
  testId,
}: SliderProps<T>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const texts = text ?? ((key: CarouselText) => t(`slider.${key}`));
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // Unknown until measured (the server's page): the next arrow stays usable.
  const [last, setLast] = useState(items.length - 1);
  const reducedMotion = useReducedMotion();
  // The visitor's press of pause or play; until then it plays, unless they ask for reduced motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = autoplayMs !== undefined && (chosen ?? !reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const several = items.length > 1;

  const sync = useCallback(() => {
    if (!track.current) return;
    const now = measure(track.current, spaceBetween);
    setIndex(now.index);
    setLast(now.last);
  }, [spaceBetween]);

  const goTo = useCallback(
    (target: number) => {
      const row = track.current;
      if (!row) return;
      scrollToSlide(row, target, measure(row, spaceBetween).step);
    },
    [spaceBetween],
  );

  const move = useCallback(
    (to: 'next' | 'previous') => {
      if (!track.current) return;
      const now = measure(track.current, spaceBetween);
      const target = targetIndex(now.index, now.last, to, loop);
      if (target !== null) goTo(target);
    },
    [goTo, loop, spaceBetween],
  );

  useEffect(() => {
    sync();
    window.addEventListener('resize', sync);
    return () => window.removeEventListener('resize', sync);
  }, [sync]);

  // One slide on every interval; any move (by hand too) starts the wait again.
  useEffect(() => {
    if (autoplayMs === undefined || !playing || hovered || focused || !several) return;
    const timer = window.setTimeout(() => move('next'), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [autoplayMs, playing, hovered, focused, several, index, move]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const actions: Record<string, () => void> = {
      ArrowRight: () => move(rtl ? 'previous' : 'next'),
      ArrowLeft: () => move(rtl ? 'next' : 'previous'),
      Home: () => goTo(0),
      End: () => track.current && goTo(measure(track.current, spaceBetween).last),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    // The keys and the pointer reach the carousel from its own arrows, slides and row (delegation).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <section
      aria-roledescription={t('slider.label')}
      aria-label={label}
      className={`relative ${className}`}
      data-slider={id}
      data-testid={testId}
      // Read by slider-motion.ts's autoplay of a server-drawn carousel not hydrated yet (islands).
      {...(autoplayMs !== undefined && several
        ? {
            [AUTOPLAY.interval]: autoplayMs,
            [AUTOPLAY.gap]: spaceBetween,
            [AUTOPLAY.loop]: loop ? '' : undefined,
          }
        : {})}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <style>{slideWidthsCss(id, spaceBetween, breakpoints)}</style>
      <div
        ref={track}
        className="slider-track"
        style={{ columnGap: spaceBetween }}
        // Focusable: a row of pictures with no link in it still scrolls by keyboard (axe's
        // scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={sync}
      >
        {items.map((item, i) => (
          <div
            key={getKey(item)}
            role="group"
            aria-roledescription={texts('slide')}
            aria-label={t('slider.position', {
              number: formatNumber(i + 1, lang),
              count: formatNumber(items.length, lang),
            })}
            data-slide={i}
            data-current={i === index ? '' : undefined}
          >
            {renderItem(item, i)}
          </div>
        ))}
      </div>
      {several && (
        <>
          <Arrow
            to="prev"
            label={texts('previous')}
            disabled={!loop && index <= 0}
            onClick={() => move('previous')}
          />
          <Arrow
            to="next"
            label={texts('next')}
            disabled={!loop && index >= last}
            onClick={() => move('next')}
          />
          {autoplayMs !== undefined && (
            <button
              type="button"
              aria-pressed={pausePressed ? !playing : undefined}
              className="absolute bottom-2 end-2 z-10 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-900 shadow hover:bg-white"
              onClick={() => setChosen(!playing)}
            >
              {playing ? texts('pause') : texts('play')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const ARROW =
  'absolute top-1/2 z-10 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-700 disabled:opacity-40';

/** The previous (start side, pointing to the start) or next (end side, pointing to the end) arrow. */
function Arrow({
  to,
  label,
  disabled,
  onClick,
}: {
  to: 'prev' | 'next';
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const next = to === 'next';
  return (
    <button
      type="button"
      className={`${ARROW} ${next ? 'end-2' : 'start-2'}`}
      aria-label={label}
      data-slider={to}
      disabled={disabled}
      onClick={onClick}
    >
      <ChevronEndIcon className={next ? '' : 'rotate-180'} />
    </button>
  );
}
