/**
 * The page's first script (its own tiny file, loaded `async` from the head before the app's
 * scripts: vite.config.ts adds the tag; the Content-Security-Policy allows no inline script). Until
 * the app hydrates, a press on a button (or on an element marked `data-replay`) and a submission of a
 * form without an `action` would do nothing (or, for a form, send its fields in the URL), so they are
 * held here and the app replays them once it is ready (app/early-input.ts). Links and forms with an
 * `action` are left alone: they work without JavaScript. Imports nothing but types.
 */
import type { EarlyInput } from './app/early-input.ts';

/** Kept in step with WAITING_ATTRIBUTE in app/early-input.ts (this file imports no code). */
const WAITING = 'data-early-press';
/** Kept in step with ISLAND.handingOver in app/island-markup.ts. */
const HANDING_OVER = 'data-island-handing-over';

function record() {
  if (window.__storefrontEarlyInput) return;
  const input: EarlyInput = { active: true, presses: [] };
  window.__storefrontEarlyInput = input;
  // The app's part of the page: on an islands page (app/islands.tsx) the islands not hydrated yet
  // (a hydrated one is React's; the rest of such a page is plain markup, with nothing to hold), and
  // those being handed over to React.
  const inApp = (element: Element) => {
    const root = document.getElementById('root');
    if (!root?.contains(element)) return false;
    if (!root.hasAttribute('data-islands')) return true;
    const island = element.closest('[data-island]');
    return (
      island !== null && (!island.hasAttribute('data-island-hydrated') || island.hasAttribute(HANDING_OVER))
    );
  };
  // An island that React already listens to but whose typed text it does not hold yet: a send or a
  // press it took now would act on empty fields, and a keystroke it saw would be undone (a controlled
  // field is put back to React's value), so they stop here; the hand-over replays them.
  const keptFromReact = (event: Event) =>
    event.target instanceof Element &&
    event.target.closest(`[${HANDING_OVER}]`) !== null &&
    document.getElementById('root')?.contains(event.target) === true;
  const held = (target: Element) => {
    document.documentElement.setAttribute(WAITING, '');
    return input.presses.some((press) => press.target === target);
  };

  document.addEventListener(
    'click',
    (event) => {
      if (!input.active || event.defaultPrevented || event.button !== 0) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const start = event.target instanceof Element ? event.target : null;
      const target = start?.closest('[data-replay], button');
      if (!target || !inApp(target)) return;
      // A link works as it is, unless it asks to be replayed.
      if (!target.hasAttribute('data-replay') && target.closest('a[href]')) return;
      if (keptFromReact(event)) event.stopPropagation();
      // A form's send button: its submit event is what is held.
      if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return;
      event.preventDefault();
      if (!held(target)) input.presses.push({ kind: 'click', target });
    },
    true,
  );

  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!input.active || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
      if (!inApp(form)) return;
      event.preventDefault();
      if (keptFromReact(event)) event.stopPropagation();
      if (!held(form)) {
        const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
        input.presses.push({ kind: 'submit', target: form, submitter });
      }
    },
    true,
  );

  // The text typed stays in the field, where the hand-over finds it.
  for (const type of ['input', 'change']) {
    document.addEventListener(
      type,
      (event) => {
        if (input.active && keptFromReact(event)) event.stopPropagation();
      },
      true,
    );
  }
}

record();
