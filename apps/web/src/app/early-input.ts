/**
 * Presses made before hydration (see src/early-input.ts, which records them): the app takes them
 * when it starts to hydrate and replays them once the page is its own. Links and forms with an
 * `action` never get here: they work without JavaScript.
 */

export {
  WAITING_ATTRIBUTE,
  takeEarlyInput,
  takeEarlyInputWithin,
  type EarlyInput,
  type EarlyPress,
} from './early-presses.ts';
import { WAITING_ATTRIBUTE, type EarlyPress } from './early-presses.ts';

/** The element's own value setter, past the one React puts on each field to track its value. */
function nativeValueSetter(field: HTMLInputElement | HTMLTextAreaElement) {
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
}

/**
 * What was typed (or ticked) in the server's markup before hydration reaches React's state. React
 * keeps the page's value while hydrating but its state still holds the server's (usually empty), so
 * the first re-render would wipe the field and a submit would send nothing. Each field whose value
 * differs from the one React rendered (its `defaultValue`, which React sets while hydrating) gets the
 * change event it missed: the value React knows is put back through React's own setter, the typed
 * one through the element's native setter, and the event makes React's onChange see the difference.
 */
export function adoptTypedValues(container: ParentNode): void {
  // All values first: handing one over re-renders its form, which puts React's value back into the
  // fields not handed over yet.
  const typed: { field: HTMLInputElement | HTMLTextAreaElement; value: string | boolean }[] = [];
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) typed.push({ field, value: field.checked });
    } else if (
      !(
        field instanceof HTMLInputElement &&
        ['button', 'submit', 'reset', 'hidden', 'file'].includes(field.type)
      ) &&
      field.value !== field.defaultValue
    ) {
      typed.push({ field, value: field.value });
    }
  }
  for (const { field, value } of typed) {
    if (typeof value === 'boolean') {
      // React listens to clicks on boxes: the other state through React's setter, then a click
      // ticks (or unticks) it as the visitor did.
      (field as HTMLInputElement).checked = !value;
      field.click();
      continue;
    }
    const setter = nativeValueSetter(field);
    if (!setter) continue;
    field.value = field.defaultValue === value ? '' : field.defaultValue;
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** A press as a pointer makes it (Radix tabs act on mousedown; a menu button on a click with detail). */
function press(target: Element): void {
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  const init = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, detail: 1 };
  target.dispatchEvent(new PointerEvent('pointerdown', { ...init, isPrimary: true, pointerType: 'mouse' }));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new PointerEvent('pointerup', { ...init, isPrimary: true, pointerType: 'mouse' }));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  target.dispatchEvent(new MouseEvent('click', init));
}

/** The next task: React has flushed what the previous step changed. */
const nextTask = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether React has hydrated the element (it keeps its props on the node under `__reactProps$…`). */
const ownedByReact = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** The longest the replay waits for React to hydrate the parts that were pressed or typed in. */
const HYDRATION_WAIT_MS = 10_000;

/**
 * Until React has hydrated every element given that is still in the page. The root commits first;
 * the page itself sits in a Suspense boundary that React hydrates right after, in a pass of its own,
 * and a field hydrated after its value was handed over would take the typed text as its own again.
 */
async function untilHydrated(elements: Element[]): Promise<void> {
  const started = performance.now();
  while (elements.some((element) => element.isConnected && !ownedByReact(element))) {
    if (performance.now() - started > HYDRATION_WAIT_MS) return;
    await nextTask(20);
  }
}

/** The elements a press acts on. */
const pressed = (presses: EarlyPress[]) =>
  presses.flatMap((item) =>
    item.kind === 'submit' && item.submitter ? [item.target, item.submitter] : [item.target],
  );

/**
 * Once the hydrated app has committed and React owns the fields and the pressed elements: typed
 * values first, then each press in the order made (a press that was repeated while nothing happened
 * counts once). A part that is gone (the app drew the page itself, the element was replaced) is
 * skipped. An island hands over its presses in two parts: those taken when it started to hydrate,
 * and those held since (`release`, called right before the typed values are handed over: from then
 * on React takes the island's input itself).
 */
export async function replayEarlyInput(
  presses: EarlyPress[],
  container: ParentNode,
  release?: () => EarlyPress[],
): Promise<void> {
  await untilHydrated([...container.querySelectorAll('input, textarea'), ...pressed(presses)]);
  await nextTask();
  const later = (release?.() ?? []).filter((item) => !presses.some((press) => press.target === item.target));
  if (later.length > 0) await untilHydrated(pressed(later));
  presses = [...presses, ...later];
  adoptTypedValues(container);
  await nextTask();
  for (const item of presses) {
    if (!item.target.isConnected) continue;
    if (item.kind === 'submit') {
      const { target: form, submitter } = item;
      try {
        form.requestSubmit(submitter && submitter.isConnected ? submitter : null);
      } catch {
        form.requestSubmit();
      }
    } else {
      press(item.target);
    }
    await nextTask();
  }
  document.documentElement.removeAttribute(WAITING_ATTRIBUTE);
}
