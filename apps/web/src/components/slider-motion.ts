/**
 * The carousel's motion without React (components/slider.tsx uses it, and so does an islands page
 * before its carousel's island hydrates: src/islands.ts): where a row stands, where a move leads, the
 * scroll that gets there, and the autoplay that plays a server-drawn carousel until React takes it.
 * Imports nothing.
 */

/** Where a move from `index` leads, with `last` the last index a row can start at; null: nowhere. */
export function targetIndex(
  index: number,
  last: number,
  move: 'next' | 'previous',
  loop: boolean,
): number | null {
  if (last <= 0) return null;
  if (move === 'next') return index < last ? index + 1 : loop ? 0 : null;
  return index > 0 ? index - 1 : loop ? last : null;
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** The row's geometry: one slide's step (its width and the gap), the last index a row can start at. */
export function measure(track: HTMLElement, gap: number) {
  const slides = track.querySelectorAll<HTMLElement>(':scope > [data-slide]');
  const step = (slides[0]?.offsetWidth ?? 0) + gap;
  if (step <= gap) return { step: 0, last: 0, index: 0 };
  const perView = Math.max(1, Math.round((track.clientWidth + gap) / step));
  const last = Math.max(0, slides.length - perView);
  // Right to left, scrollLeft runs from 0 at the start to negative values toward the end.
  const index = Math.min(last, Math.max(0, Math.round(Math.abs(track.scrollLeft) / step)));
  return { step, last, index };
}

/** Scrolls the row to the slide (mirrored in right to left; at once for reduced motion). */
export function scrollToSlide(row: HTMLElement, target: number, step: number): void {
  const rtl = row.closest('[dir]')?.getAttribute('dir') === 'rtl';
  row.scrollTo({
    left: (rtl ? -1 : 1) * target * step,
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
}

/** The attributes the Slider writes for this module: its autoplay interval, its gap, its loop. */
export const AUTOPLAY = { interval: 'data-autoplay', gap: 'data-gap', loop: 'data-loop' } as const;

/**
 * Plays the server-drawn carousels inside `container` that autoplay (`data-autoplay`, ms) as the Slider
 * plays them: one slide per interval, wrapping around when it loops, paused under a mouse pointer or
 * while focus is inside, not at all for reduced motion; the current slide is marked `data-current`, as
 * the Slider marks it. Stops for good once `done()` (the island is React's; the Slider reads where the
 * row stands when it mounts) or when the visitor moves the row.
 */
export function autoplayUntil(container: ParentNode, done: () => boolean): void {
  if (prefersReducedMotion()) return;
  for (const slider of container.querySelectorAll<HTMLElement>(`[data-slider][${AUTOPLAY.interval}]`)) {
    const interval = Number(slider.getAttribute(AUTOPLAY.interval));
    const gap = Number(slider.getAttribute(AUTOPLAY.gap) ?? 0) || 0;
    const loop = slider.hasAttribute(AUTOPLAY.loop);
    const row = slider.querySelector<HTMLElement>(':scope > .slider-track');
    if (!row || !(interval > 0)) continue;
    let hovered = false;
    let focused = false;
    slider.addEventListener('pointerenter', (event) => (hovered = event.pointerType === 'mouse'));
    slider.addEventListener('pointerleave', () => (hovered = false));
    slider.addEventListener('focusin', () => (focused = true));
    slider.addEventListener('focusout', (event) => {
      if (!slider.contains(event.relatedTarget as Node | null)) focused = false;
    });
    const mark = () => {
      const { index } = measure(row, gap);
      row.querySelectorAll(':scope > [data-slide]').forEach((slide, i) => {
        if (i === index) slide.setAttribute('data-current', '');
        else slide.removeAttribute('data-current');
      });
    };
    row.addEventListener('scrollend', () => {
      if (!done()) mark();
    });
    const tick = () => {
      if (done()) return;
      if (!hovered && !focused) {
        const now = measure(row, gap);
        const target = targetIndex(now.index, now.last, 'next', loop);
        if (target !== null) scrollToSlide(row, target, now.step);
      }
      window.setTimeout(tick, interval);
    };
    window.setTimeout(tick, interval);
  }
}
