/**
 * src/islands.ts, an islands page's script: which pages it hands to the app, and when each island
 * is loaded. The islands' client (React, the hydration) is replaced by a recorder here: its own test
 * is islands.test.tsx.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydrated: string[] = [];
/** The islands drawn by the light islands' client (app/lite-island-client.tsx). */
const drawnLight: string[] = [];
/** Islands whose next hydration fails (their code could not be had). */
const failing = new Set<string>();

/** A client that records the islands it draws in `drawn` (a failing one throws, once). */
function recordingClient(drawn: string[]) {
  return {
    hydrateIsland: vi.fn(async (element: HTMLElement) => {
      const name = element.getAttribute('data-island')!;
      if (failing.delete(name)) throw new TypeError('Failed to fetch dynamically imported module');
      element.setAttribute('data-island-hydrated', '');
      drawn.push(name);
    }),
  };
}
vi.mock('../src/app/island-client.tsx', () => recordingClient(hydrated));
vi.mock('../src/app/lite-island-client.tsx', () => recordingClient(drawnLight));

const startApp = vi.fn();
/** The page loaded again elsewhere (jsdom cannot navigate). */
const replace = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/page.ts', () => ({ page: { replace, assign: vi.fn(), reload: vi.fn() } }));

// jsdom's browser asks for English (navigator.languages): with no choice kept, the server drew the page in it.
function page({ lang = 'en', islands = true } = {}) {
  document.documentElement.lang = lang;
  document.body.innerHTML = `
    <div id="root"${islands ? ' data-islands="" data-app-title="Saffron"' : ''}>
      <div data-island="header" data-island-key="i0" data-island-load="interaction" data-island-props="{}" data-island-personal style="display:contents"><header><button type="button">Menu</button></header></div>
      <main><h1>Saffron</h1></main>
      <div data-island="product" data-island-key="i1" data-island-load="load" data-island-props="{&quot;id&quot;:1}" style="display:contents"><article>…</article></div>
      <div data-island="newsletter" data-island-key="i2" data-island-load="interaction" data-island-props="{}" style="display:contents"><form><input name="email"></form></div>
    </div>`;
}

async function runLoader() {
  vi.resetModules();
  await import('../src/islands.ts');
  // The islands' client is imported (a microtask or two) before it hydrates.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const root = () => document.getElementById('root')!;

beforeEach(() => {
  hydrated.length = 0;
  window.__storefrontStartApp = startApp;
  startApp.mockClear();
  window.history.replaceState(null, '', '/app/product/1');
});

afterEach(() => {
  delete window.__storefrontStartApp;
  delete window.__storefrontEarlyInput;
  document.body.innerHTML = '';
  document.title = '';
});

describe('the islands loader (src/islands.ts)', () => {
  it('arms the islands of a page in the visitor’s language: those marked load at once, the others on first use', async () => {
    page();
    await runLoader();
    expect(startApp).not.toHaveBeenCalled();
    expect(root().hasAttribute('data-islands-armed')).toBe(true);
    expect(document.title).toBe('Saffron');
    expect(hydrated).toEqual(['product']);
    // The first focus inside the newsletter form loads that island, and only it.
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hydrated).toEqual(['product', 'newsletter']);
    // A second use does not load it again.
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hydrated).toEqual(['product', 'newsletter']);
    // The language the page is in is kept, as the app keeps it.
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('hides what the visitor closed in this session and gives the keyboard back to the control of a switch', async () => {
    page();
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<aside data-session-hidden="storefront.welcomeHidden">Welcome</aside><button data-focus-key="language">Globe</button>',
      );
    window.sessionStorage.setItem('storefront.welcomeHidden', '1');
    window.sessionStorage.setItem('storefront.focusAfterLoad', 'language');
    // jsdom lays nothing out: every element counts as shown.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    await runLoader();
    expect(document.querySelector('aside')!.hidden).toBe(true);
    expect(document.activeElement).toBe(document.querySelector('[data-focus-key="language"]'));
    // Once: the next page starts as a page does.
    expect(window.sessionStorage.getItem('storefront.focusAfterLoad')).toBeNull();
  });

  it('keeps room below the page for the welcome box from the first paint, unless it was closed this session', async () => {
    page();
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<div data-island="welcome" data-island-key="i3" data-island-load="interaction" data-island-props="{}" style="display:contents"><aside data-session-hidden="storefront.welcomeHidden" data-reserve-below="">Welcome</aside></div>',
      );
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(150);
    await runLoader();
    expect(document.body.style.paddingBottom).toBe('174px');

    document.body.style.paddingBottom = '';
    window.sessionStorage.setItem('storefront.welcomeHidden', '1');
    page();
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<aside data-session-hidden="storefront.welcomeHidden" data-reserve-below="">Welcome</aside>',
      );
    await runLoader();
    expect(document.body.style.paddingBottom).toBe('');
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('an island pressed before the loader ran is loaded at once (the press is replayed into it)', async () => {
    page();
    const button = document.querySelector('button')!;
    window.__storefrontEarlyInput = { active: true, presses: [{ kind: 'click', target: button }] };
    await runLoader();
    expect(hydrated.sort()).toEqual(['header', 'product']);
  });

  it('an island whose code cannot be had drops what was pressed in it and tries again on the next use', async () => {
    page();
    const button = document.querySelector('button')!;
    window.__storefrontEarlyInput = { active: true, presses: [{ kind: 'click', target: button }] };
    document.documentElement.setAttribute('data-early-press', '');
    failing.add('header');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await runLoader();
    expect(hydrated).toEqual(['product']);
    expect(window.__storefrontEarlyInput.presses).toEqual([]);
    expect(document.documentElement.hasAttribute('data-early-press')).toBe(false);
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hydrated.sort()).toEqual(['header', 'product']);
  });

  it('a signed-in visitor keeps the islands, those that draw the visitor’s own state loaded at once, the signed-out controls hidden meanwhile', async () => {
    page();
    window.localStorage.setItem('token', 'Bearer x');
    await runLoader();
    expect(startApp).not.toHaveBeenCalled();
    expect(root().hasAttribute('data-islands-armed')).toBe(true);
    // The personal island at once (here the header stands for one), the product (load) at once; the
    // newsletter on first use.
    expect(hydrated.sort()).toEqual(['header', 'product']);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-signed-in');

    // A stored value that is not a bearer token is no sign-in (lib/use-auth.ts): islands on first use.
    window.localStorage.setItem('token', 'garbage');
    page();
    await runLoader();
    expect(hydrated.sort()).toEqual(['header', 'product', 'product']);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
    window.localStorage.clear();
  });

  it('the account’s page: its light list on the light client at once, a failed load says so and a press in it tries again; signed out, the login page and nothing loaded', async () => {
    const accountPage = () => {
      document.documentElement.lang = 'en';
      document.body.innerHTML = `
        <div id="root" data-islands="">
          <div data-island="header" data-island-key="i0" data-island-load="interaction" data-island-props="{}" style="display:contents"><header><button type="button">Menu</button></header></div>
          <main><h1>My requests</h1>
            <div data-island="myRequests" data-island-key="i1" data-island-load="load" data-island-props="{}" data-island-lite data-island-signed-in-only="/app/login?next=%2Fapp%2Faccount%2Frequests%3Flng%3Den&amp;lng=en" style="display:contents"><div>…</div><div data-island-failure="" hidden=""><div role="alert"><button type="button">Try again</button></div></div></div>
          </main>
        </div>`;
    };
    window.history.replaceState(null, '', '/app/account/requests?lng=en');
    drawnLight.length = 0;
    replace.mockClear();

    // Signed out: straight to the login page, with the way back and the URL's language.
    accountPage();
    await runLoader();
    expect(replace).toHaveBeenCalledWith('/app/login?next=%2Fapp%2Faccount%2Frequests%3Flng%3Den&lng=en');
    expect(root().hasAttribute('data-islands-armed')).toBe(false);
    expect(drawnLight).toEqual([]);
    expect(hydrated).toEqual([]);

    // Signed in: the list on the light client at once, not the islands' client.
    window.localStorage.setItem('token', 'Bearer x');
    replace.mockClear();
    failing.add('myRequests');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    accountPage();
    await runLoader();
    expect(replace).not.toHaveBeenCalled();
    const failure = document.querySelector<HTMLElement>('[data-island-failure]')!;
    // Its code could not be had: the note is shown; its button is a use that loads it again.
    expect(failure.hidden).toBe(false);
    expect(drawnLight).toEqual([]);
    failure.querySelector('button')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(drawnLight).toEqual(['myRequests']);
    expect(hydrated).toEqual([]);
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-signed-in');
  });

  it('a visitor whose kept language is not the page’s gets the page in it from the server, and the app if that fails', async () => {
    replace.mockClear();
    page({ lang: 'en' });
    window.localStorage.setItem('i18nextLng', 'fa');
    await runLoader();
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/app/product/1?lng=fa`);
    expect(startApp).not.toHaveBeenCalled();
    expect(root().hasAttribute('data-islands-armed')).toBe(false);
    expect(hydrated).toEqual([]);

    // The page asked for in that language came in another (never again: no loop): the app renders it.
    replace.mockClear();
    window.history.replaceState(null, '', '/app/product/1?lng=fa');
    window.localStorage.setItem('i18nextLng', 'fa');
    page({ lang: 'en' });
    await runLoader();
    expect(replace).not.toHaveBeenCalled();
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(hydrated).toEqual([]);
    window.localStorage.clear();
  });

  it('a page that is not an islands page gets the app', async () => {
    page({ islands: false });
    await runLoader();
    expect(startApp).toHaveBeenCalledTimes(1);
  });
});
