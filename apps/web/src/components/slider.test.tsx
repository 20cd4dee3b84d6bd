import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/locales/en/common.json';
import fa from '../../public/locales/fa/common.json';
import { TranslationProvider, Translator } from '../app/translate.tsx';
import { Slider, slideWidthsCss, targetIndex, type SliderProps } from './slider.tsx';

/** The slides' width and the gap between them: one step of the row is 316 px. */
const SLIDE = 300;
const GAP = 16;

function translations(lng: 'fa' | 'en') {
  return new Translator(lng, { fa: { common: fa }, en: { common: en } });
}

interface Row {
  track: HTMLElement;
  /** Every scroll the carousel asked of the row, in order. */
  scrolls: ScrollToOptions[];
}

/**
 * The row's layout and scrolling as a browser gives them (jsdom lays nothing out): slides 300 px
 * wide, the row `perView` slides wide, and scrollTo moving it at once and firing `scroll`.
 */
function layOut(container: HTMLElement, perView: number): Row {
  const track = container.querySelector<HTMLElement>('.slider-track')!;
  const scrolls: ScrollToOptions[] = [];
  let scrollLeft = 0;
  Object.defineProperty(track, 'clientWidth', { value: perView * SLIDE + (perView - 1) * GAP });
  Object.defineProperty(track, 'scrollLeft', { get: () => scrollLeft });
  track.scrollTo = ((options: ScrollToOptions) => {
    scrolls.push(options);
    scrollLeft = options.left ?? scrollLeft;
    fireEvent.scroll(track);
  }) as typeof track.scrollTo;
  for (const slide of track.querySelectorAll('[data-slide]'))
    Object.defineProperty(slide, 'offsetWidth', { value: SLIDE });
  // What the carousel measured when it started, measured again with the layout.
  fireEvent(window, new Event('resize'));
  return { track, scrolls };
}

async function renderSlider(
  lng: 'fa' | 'en',
  props: Partial<SliderProps<string>> = {},
  { perView = 1, count = 3 } = {},
) {
  const i18n = translations(lng);
  const items = Array.from({ length: count }, (_, i) => `item ${i + 1}`);
  const result = render(
    <TranslationProvider i18n={i18n}>
      <div dir={lng === 'fa' ? 'rtl' : 'ltr'}>
        <Slider
          items={items}
          getKey={(item) => item}
          label="Banners"
          spaceBetween={GAP}
          renderItem={(item) => <p>{item}</p>}
          {...props}
        />
      </div>
    </TranslationProvider>,
  );
  const row = layOut(result.container, perView);
  const region = screen.getByRole('region', { name: 'Banners' });
  const current = () => row.track.querySelector('[data-current]')?.getAttribute('data-slide');
  return { ...result, ...row, region, current };
}

/** Answers the reduced-motion query as a visitor who asked for it (jsdom's matchMedia answers widths only). */
function askForReducedMotion() {
  const widthsOnly = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === '(prefers-reduced-motion: reduce)'
      ? { ...widthsOnly(query), matches: true }
      : widthsOnly(query),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Slider', () => {
  it('is a named region of groups "n of m"; next and previous move one slide, left to right', async () => {
    const { region, scrolls, current } = await renderSlider('en');
    expect(region).toHaveAttribute('aria-roledescription', 'Carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'Slide');

    const next = screen.getByRole('button', { name: 'Next slide' });
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    // Not looping: nothing before the first slide.
    expect(previous).toBeDisabled();
    fireEvent.click(next);
    expect(scrolls.at(-1)).toEqual({ left: SLIDE + GAP, behavior: 'smooth' });
    expect(current()).toBe('1');
    fireEvent.click(next);
    expect(scrolls.at(-1)?.left).toBe(2 * (SLIDE + GAP));
    expect(next).toBeDisabled();
    fireEvent.click(previous);
    expect(scrolls.at(-1)?.left).toBe(SLIDE + GAP);
    expect(current()).toBe('1');
  });

  it('mirrors in right to left: "next" sits on the left, points left and scrolls left; digits are Persian', async () => {
    const { region, scrolls, current } = await renderSlider('fa');
    expect(within(region).getAllByRole('group')[1]).toHaveAttribute('aria-label', '۲ از ۳');
    const next = screen.getByRole('button', { name: 'اسلاید بعدی' });
    // The end side is the left in right to left; the arrow's icon points to the reading end.
    expect(next).toHaveClass('end-2');
    expect(next.querySelector('svg')).toHaveClass('rtl:-scale-x-100');
    fireEvent.click(next);
    expect(scrolls.at(-1)?.left).toBe(-(SLIDE + GAP));
    expect(current()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'اسلاید قبلی' }));
    expect(Math.abs(scrolls.at(-1)!.left!)).toBe(0);
    expect(current()).toBe('0');
  });

  it('wraps around when it loops, both ways, counting the slides a row shows', async () => {
    const { scrolls } = await renderSlider('en', { loop: true }, { perView: 2, count: 4 });
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    // Four slides two at a time: the last row starts at the third.
    fireEvent.click(previous);
    expect(scrolls.at(-1)?.left).toBe(2 * (SLIDE + GAP));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(scrolls.at(-1)?.left).toBe(0);
  });

  it('follows the arrow keys as they look (reversed in right to left), and Home and End', async () => {
    const ltr = await renderSlider('en');
    fireEvent.keyDown(ltr.track, { key: 'ArrowRight' });
    expect(ltr.scrolls.at(-1)?.left).toBe(SLIDE + GAP);
    fireEvent.keyDown(ltr.track, { key: 'ArrowLeft' });
    expect(ltr.scrolls.at(-1)?.left).toBe(0);
    fireEvent.keyDown(ltr.track, { key: 'End' });
    expect(ltr.current()).toBe('2');
    fireEvent.keyDown(ltr.track, { key: 'Home' });
    expect(ltr.current()).toBe('0');
    ltr.unmount();

    const rtl = await renderSlider('fa');
    fireEvent.keyDown(rtl.track, { key: 'ArrowLeft' });
    expect(rtl.scrolls.at(-1)?.left).toBe(-(SLIDE + GAP));
    expect(rtl.current()).toBe('1');
    fireEvent.keyDown(rtl.track, { key: 'ArrowRight' });
    expect(rtl.current()).toBe('0');
  });

  it('plays by itself every interval, pauses under the pointer, on focus and on its pause button', async () => {
    vi.useFakeTimers();
    const { region, scrolls, current, track } = await renderSlider('en', { autoplayMs: 5000, loop: true });
    act(() => vi.advanceTimersByTime(4999));
    expect(scrolls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('1');

    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(15_000));
    expect(current()).toBe('1');
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('2');

    act(() => track.focus());
    act(() => vi.advanceTimersByTime(15_000));
    expect(current()).toBe('2');
    act(() => track.blur());
    act(() => vi.advanceTimersByTime(5000));
    // Looping: after the last comes the first.
    expect(current()).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    // The press focused nothing in jsdom's fireEvent: only the pause holds it now.
    act(() => vi.advanceTimersByTime(15_000));
    expect(current()).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('1');
  });

  it('respects reduced motion: no autoplay until play is pressed, and arrows jump instead of gliding', async () => {
    askForReducedMotion();
    vi.useFakeTimers();
    const { scrolls, current } = await renderSlider('en', { autoplayMs: 5000, loop: true });
    const play = screen.getByRole('button', { name: 'Play the slideshow' });
    act(() => vi.advanceTimersByTime(20_000));
    expect(scrolls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(scrolls.at(-1)).toEqual({ left: SLIDE + GAP, behavior: 'auto' });
    fireEvent.click(play);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('2');
  });

  it('shows no arrows for a single slide', async () => {
    await renderSlider('en', {}, { count: 1 });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('slideWidthsCss', () => {
  it('lays out as many slides per row as each breakpoint shows, one below the first, with the gap', () => {
    const css = slideWidthsCss('s1', 16, { 1000: { slidesPerView: 3 }, 600: { slidesPerView: 2 } });
    const slide = '[data-slider="s1"] > .slider-track > [data-slide]';
    expect(css).toBe(
      `${slide}{flex-basis:calc((100% - 0px) / 1)}` +
        `@media (min-width:600px){${slide}{flex-basis:calc((100% - 16px) / 2)}}` +
        `@media (min-width:1000px){${slide}{flex-basis:calc((100% - 32px) / 3)}}`,
    );
  });
});

describe('targetIndex', () => {
  it('stops at the ends unless it loops, and goes nowhere when everything is in view', () => {
    expect(targetIndex(0, 2, 'previous', false)).toBeNull();
    expect(targetIndex(2, 2, 'next', false)).toBeNull();
    expect(targetIndex(2, 2, 'next', true)).toBe(0);
    expect(targetIndex(0, 2, 'previous', true)).toBe(2);
    expect(targetIndex(0, 0, 'next', true)).toBeNull();
  });
});
