/**
 * The presses src/early-input.ts records before hydration, and their taking: its own module without
 * the replay (app/early-input.ts), so the islands' loader (src/islands.ts) stays small.
 */

/** One recorded press: a click on a button (or `[data-replay]`), or a form's submission. */
export type EarlyPress =
  | { kind: 'click'; target: Element }
  | { kind: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null };

/** What src/early-input.ts leaves on `window` for the app. */
export interface EarlyInput {
  /** Recording; false from the moment React listens to the page itself (hydrateRoot). */
  active: boolean;
  presses: EarlyPress[];
}

declare global {
  interface Window {
    __storefrontEarlyInput?: EarlyInput;
  }
}

/** Set on <html> while a press waits for the app (styles.css shows a busy pointer). */
export const WAITING_ATTRIBUTE = 'data-early-press';

/**
 * Stops the recording and gives what was pressed. Called right before hydrateRoot: from then on
 * React handles a click itself (it hydrates the pressed part at once), so nothing is taken twice.
 */
export function takeEarlyInput(): EarlyPress[] {
  const input = typeof window === 'undefined' ? undefined : window.__storefrontEarlyInput;
  if (!input) return [];
  input.active = false;
  return input.presses.splice(0);
}

/**
 * An islands page (app/islands.tsx): takes the presses made inside one island, which is about to be
 * hydrated, and leaves the recording on for the islands not hydrated yet (src/early-input.ts passes
 * over the presses in an island marked hydrated: React has them).
 */
export function takeEarlyInputWithin(island: Element): EarlyPress[] {
  const input = typeof window === 'undefined' ? undefined : window.__storefrontEarlyInput;
  if (!input) return [];
  const taken = input.presses.filter((press) => island.contains(press.target));
  input.presses = input.presses.filter((press) => !island.contains(press.target));
  return taken;
}
