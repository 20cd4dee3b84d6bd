/**
 * The script of an islands page (app/islands.tsx; the early-input script starts it after the first
 * paint in place of the app's, vite.config.ts): nothing of React or the app, a few hundred bytes. It
 * arms each island to load and hydrate when its marker asks (`data-island-load`): on the first
 * pointer, touch, focus or key inside it, when it scrolls into view, or at once. A press made before
 * is held by src/early-input.ts and replayed into the hydrated island (app/island-client.tsx).
 *
 * A visitor whose language (the spec's detection, local storage included, which the server cannot
 * see) is not the page's gets the page in it from the server (`?lng=`), and the whole app (src/main.tsx,
 * which renders the page in the browser) only if that page is still not in it. A page that is not an
 * islands page (the account's) starts the app.
 *
 * A signed-in visitor keeps the islands: the server drew the anonymous page (no likes, masked
 * phones), so the islands that draw the visitor's own state (`data-island-personal`) are loaded at
 * once, and each, once hydrated, draws it (the token is read after hydration; app/island-client.tsx
 * asks the server's answers again with it).
 * The header shows the signed-in controls the server drew beside the others (`SIGNED_IN`, styles.css)
 * and hydrates on first use, as for anyone. A visitor without a token on a page of a signed-in
 * visitor's own (the account's: an island marked `SIGNED_IN_ONLY`) is sent to the login page whose
 * address the server wrote there, before anything is loaded. An island marked `LITE_ISLAND` has the
 * light client (app/lite-island-client.tsx); one that fails to load shows its failure note, if any.
 */
import {
  APP_TITLE,
  FOCUS_AFTER_LOAD,
  FOCUS_KEY,
  ISLAND,
  ISLAND_FAILURE,
  ISLANDS_ARMED,
  LITE_ISLAND,
  ISLANDS_ROOT,
  RESERVE_BELOW,
  RESERVE_GAP,
  SESSION_HIDDEN,
  SIGNED_IN,
  SIGNED_IN_ONLY,
} from './app/island-markup.ts';
import { DETECTION, detectLanguage, keepLanguage } from './app/language-detection.ts';
import { WAITING_ATTRIBUTE, takeEarlyInputWithin } from './app/early-presses.ts';
import { autoplayUntil } from './components/slider-motion.ts';
import { supportedLanguageOf } from './lib/languages.ts';
import { page } from './lib/page.ts';
import { TOKEN_KEY } from './lib/token-store.ts';

declare global {
  interface Window {
    /** Starts the app's scripts (the early-input script defines it: vite.config.ts, START_APP). */
    __storefrontStartApp?: () => void;
  }
}

/** A stored bearer token (lib/use-auth.ts, useIsSignedIn). */
function signedIn(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_KEY)?.startsWith('Bearer') ?? false;
  } catch {
    return false;
  }
}

/** The URL's language key (`?lng=`). */
const LANGUAGE_KEY = DETECTION.queryKey;

/** The first things a visitor does to a part of the page: each starts that part's hydration. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

function arm(island: HTMLElement, visitorSignedIn: boolean) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    // An island that only reads and links has the light client (React and the translations alone).
    const client = island.hasAttribute(LITE_ISLAND)
      ? import('./app/lite-island-client.tsx')
      : import('./app/island-client.tsx');
    client
      .then(async ({ hydrateIsland }) => {
        await hydrateIsland(island);
      })
      .then(
        () => {
          for (const type of INTENT) island.removeEventListener(type, start, true);
        },
        (error: unknown) => {
          // Its code could not be had (the network): the island stays as the server drew it (its links
          // and forms with an action work), what was pressed in it is dropped, and the next use tries
          // again. An island that had to load at once says so (its failure note, shown), with a retry.
          for (const note of island.querySelectorAll<HTMLElement>(`[${ISLAND_FAILURE}]`)) note.hidden = false;
          console.error('storefront: island', island.getAttribute(ISLAND.name), error);
          takeEarlyInputWithin(island);
          document.documentElement.removeAttribute(WAITING_ATTRIBUTE);
          started = false;
        },
      );
  };
  let observer: IntersectionObserver | undefined;
  // Its carousels that play by themselves play from now on, as the app's would; React takes them over.
  autoplayUntil(island, () => island.hasAttribute(ISLAND.hydrated));
  const load = island.getAttribute(ISLAND.load);
  // A press made in it before this script ran (held by src/early-input.ts) is a first use.
  const pressed = window.__storefrontEarlyInput?.presses.some((press) => island.contains(press.target));
  for (const type of INTENT) island.addEventListener(type, start, { capture: true, passive: true });
  // A signed-in visitor's own state (likes, the supplier's phone) is drawn at once.
  const personal = visitorSignedIn && island.hasAttribute(ISLAND.personal);
  if (personal || load === 'load' || pressed) start();
  else if (load === 'visible') {
    // The marker has no box of its own (display: contents): its children are what scrolls into view.
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) start();
    });
    for (const child of island.children) observer.observe(child);
  }
}

/** What the visitor closed in this session (SESSION_HIDDEN): hidden before its island hydrates. */
function hideClosedForTheSession(root: HTMLElement) {
  for (const element of root.querySelectorAll<HTMLElement>(`[${SESSION_HIDDEN}]`)) {
    try {
      if (window.sessionStorage.getItem(element.getAttribute(SESSION_HIDDEN) ?? '') === '1')
        element.hidden = true;
    } catch {
      // Storage blocked: shown, as the island would show it.
    }
  }
}

/**
 * Room below the page's end for a floating part shown (RESERVE_BELOW: the welcome box), from the first
 * paint until its island hydrates, when the part keeps it itself.
 */
function reserveSpaceBelow(root: HTMLElement) {
  const element = root.querySelector<HTMLElement>(`[${RESERVE_BELOW}]`);
  if (!element || element.hidden) return;
  const island = element.closest(`[${ISLAND.name}]`);
  let observer: ResizeObserver | undefined;
  const reserve = () => {
    if (island?.hasAttribute(ISLAND.hydrated)) {
      observer?.disconnect();
      return;
    }
    document.body.style.paddingBottom = `${element.offsetHeight + RESERVE_GAP}px`;
  };
  reserve();
  if (typeof ResizeObserver !== 'undefined') {
    observer = new ResizeObserver(reserve);
    observer.observe(element);
  }
}

/** The control a switch on the previous page asked to keep the keyboard (focusAfterLoad). */
function restoreFocus(root: HTMLElement) {
  let key: string | null;
  try {
    key = window.sessionStorage.getItem(FOCUS_AFTER_LOAD);
    window.sessionStorage.removeItem(FOCUS_AFTER_LOAD);
  } catch {
    return;
  }
  if (!key) return;
  // The first such control that is shown (the header has one per width).
  const controls = root.querySelectorAll<HTMLElement>(`[${FOCUS_KEY}="${CSS.escape(key)}"]`);
  [...controls].find((control) => control.offsetParent !== null)?.focus();
}

function run() {
  const root = document.getElementById('root');
  const language = supportedLanguageOf(document.documentElement.lang);
  const detected = detectLanguage();
  if (root?.hasAttribute(ISLANDS_ROOT) && language && detected !== language) {
    // A choice kept in this browser's storage that the server could not see (no cookie): the page
    // in it, from the server (an islands page too), once; should that page still not be in it, the app.
    const url = new URL(window.location.href);
    if (url.searchParams.get(LANGUAGE_KEY) !== detected) {
      url.searchParams.set(LANGUAGE_KEY, detected);
      page.replace(url.href);
      return;
    }
  }
  if (!root?.hasAttribute(ISLANDS_ROOT) || !language || detected !== language) {
    // The app's scripts, as the early-input script starts them on other pages (vite.config.ts).
    window.__storefrontStartApp?.();
    return;
  }
  const visitorSignedIn = signedIn();
  const login = root.querySelector(`[${SIGNED_IN_ONLY}]`)?.getAttribute(SIGNED_IN_ONLY);
  if (!visitorSignedIn && login) {
    // A page of a signed-in visitor's own (the account's): without a token, the login page with the
    // way back (the server wrote its address), at once and loading nothing.
    page.replace(login);
    return;
  }
  // The language the page is in is the visitor's: kept, as the app keeps it.
  keepLanguage(language);
  hideClosedForTheSession(root);
  reserveSpaceBelow(root);
  restoreFocus(root);
  if (visitorSignedIn) document.documentElement.setAttribute(SIGNED_IN, '');
  for (const island of root.querySelectorAll<HTMLElement>(`[${ISLAND.name}]`)) arm(island, visitorSignedIn);
  // The tab's title the app would set (lib/use-page-title.ts; the server wrote it on the root).
  const title = root.getAttribute(APP_TITLE);
  if (title !== null) document.title = title;
  root.setAttribute(ISLANDS_ARMED, '');
}

run();
