import { useEffect, type RefObject } from 'react';

/**
 * Moves focus into a step as it appears (its first input), when `when` holds: a flow's button that
 * was pressed has gone with the step it was in, and focus must not fall back to the page.
 */
export function useFocusFirstInput(ref: RefObject<HTMLElement | null>, when = true) {
  useEffect(() => {
    if (when) ref.current?.querySelector('input')?.focus();
  }, [ref, when]);
}
