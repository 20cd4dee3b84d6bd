/**
 * Islands (src/app/islands.tsx): the server's render of an islands page and the browser's hydration
 * of its islands, against the real API server of the web tests. The test setup fails any test that
 * logs console.error, which is where a hydration mismatch goes (app/island-client.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Translations } from '@storefront/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ReactDomClient from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../src/entry-server.tsx';
import { hydrateIsland, islandsSettled } from '../src/app/island-client.tsx';
import { ISLAND, LITE_ISLAND } from '../src/app/island-markup.ts';
import { hydrateIsland as drawLiteIsland } from '../src/app/lite-island-client.tsx';
import { apiConfig, apiRequest } from '../src/lib/api-client.ts';
import { page } from '../src/lib/page.ts';
import { tokenStore } from '../src/lib/token-store.ts';
import { registeredUser, signedInUser } from './accounts.ts';

/**
 * Every root the browser's renderer makes here (the islands', the light island's, the toasts'), so
 * that each test ends with none still rendering. React's client renderer works in slices and yields
 * with its providers' values on the context objects, which the server's renderer, in this same realm
 * (never in a real page), would read in the next test's render: a router "inside" another. An
 * unmount is rendered at once, and that first unwinds any render left half done.
 */
const clientRoots = vi.hoisted(() => new Set<{ unmount: () => void }>());
vi.mock('react-dom/client', async (importOriginal) => {
  const client = await importOriginal<typeof ReactDomClient>();
  const kept = <Root extends { unmount: () => void }>(root: Root) => (clientRoots.add(root), root);
  return {
    ...client,
    createRoot: (...args: Parameters<typeof client.createRoot>) => kept(client.createRoot(...args)),
    hydrateRoot: (...args: Parameters<typeof client.hydrateRoot>) => kept(client.hydrateRoot(...args)),
  };
});

const locales = path.resolve(import.meta.dirname, '../public/locales');

function translations(): Translations {
  const all: Translations = {};
  for (const lng of fs.readdirSync(locales)) {
    all[lng] = Object.fromEntries(
      fs
        .readdirSync(path.join(locales, lng))
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(fs.readFileSync(path.join(locales, lng, file), 'utf8')) as Record<string, unknown>,
        ]),
    );
  }
  return all;
}

/** The app's API calls during the render, answered by the real server (as the server's own fetch does). */
const origin = apiConfig.origin;
const serverFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return fetch(url.startsWith('/') ? `${origin}${url}` : url, init);
};

const browserFetch = apiConfig.fetch;

async function renderPage(pathAndQuery: string, language: 'fa' | 'en') {
  const result = await render({
    url: `http://store.test${pathAndQuery}`,
    language,
    translations: translations(),
    fetch: serverFetch,
  });
  // The render sets the API client's fetch for its calls; the browser's part calls the server itself.
  apiConfig.fetch = browserFetch;
  // React's server renderer leaves the last provider values it wrote on the context objects (its next
  // render starts by putting them back); the browser's renderer, in this same realm, would read them
  // (a router "inside" the server's). A render of nothing puts them back here.
  await prerender(<></>);
  if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
  return result;
}

/** The page as the server sends it: the render in #root (marked as the server marks it), its state after. */
function mount(
  result: { html: string; state: string; islands?: boolean },
  language: 'fa' | 'en',
  pathAndQuery: string,
) {
  window.history.replaceState(null, '', pathAndQuery);
  document.documentElement.lang = language;
  document.body.innerHTML = `<div id="root"${result.islands ? ' data-islands=""' : ''}>${result.html}</div>${result.state}`;
}

const island = (name: string) => document.querySelector<HTMLElement>(`[${ISLAND.name}="${name}"]`)!;

/** Until React owns the islands' buttons, links and fields (its hydration passes are done; a mismatch is logged by then). */
async function hydrated(...islands: HTMLElement[]) {
  await waitFor(() => {
    for (const element of islands.flatMap((island) => [...island.querySelectorAll('a, button, input')]))
      expect(Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
  });
}

beforeEach(() => {
  // The server's renderer and the browser's share this realm here (never in a real page): React's
  // development build warns of it on each provider. Every other console.error still fails the test.
  const record = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (/multiple renderers concurrently rendering the same context provider/.test(String(args[0]))) return;
    record?.(...args);
  });
});

afterEach(async () => {
  act(() => {
    for (const root of clientRoots) root.unmount();
  });
  clientRoots.clear();
  document.body.innerHTML = '';
  // A replay still waiting for an island's elements ends once they are gone: before jsdom goes.
  await islandsSettled();
});

describe('islands pages', () => {
  it('a product page is rendered as islands: header, the product panel and the newsletter, each with its props', async () => {
    const result = await renderPage('/app/product/1?lng=en', 'en');
    expect(result.islands).toBe(true);
    mount(result, 'en', '/app/product/1?lng=en');
    const names = [...document.querySelectorAll(`[${ISLAND.name}]`)].map((el) =>
      el.getAttribute(ISLAND.name),
    );
    expect(names.sort()).toEqual(['header', 'newsletter', 'product']);
    expect(JSON.parse(island('product').getAttribute(ISLAND.props)!)).toEqual({ id: 1 });
    expect(island('product').getAttribute(ISLAND.load)).toBe('interaction');
    // What draws a signed-in visitor's own state is marked (loaded at once for them: src/islands.ts).
    // (The header draws both kinds of account controls; CSS shows the visitor's before it hydrates.)
    expect(island('header').hasAttribute(ISLAND.personal)).toBe(false);
    expect(island('header').querySelectorAll('[data-auth-controls]')).toHaveLength(2);
    expect(island('product').hasAttribute(ISLAND.personal)).toBe(true);
    expect(island('newsletter').hasAttribute(ISLAND.personal)).toBe(false);
    // Every slot was filled; the product is drawn inside its island, the footer outside any.
    expect(result.html).not.toContain('data-island-slot');
    expect(island('product').querySelector('h1')?.textContent).toBeTruthy();
    expect(document.querySelector('footer')?.closest(`[${ISLAND.name}]`)).toBeNull();
    // Each island's ids carry its own prefix: two roots never share one.
    const ids = [...island('header').querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toContain(island('header').getAttribute(ISLAND.key)!);
  });

  it('?status=open: the product panel hydrates at once (its request dialog opens)', async () => {
    const result = await renderPage('/app/product/1?lng=en&status=open', 'en');
    mount(result, 'en', '/app/product/1?lng=en');
    expect(island('product').getAttribute(ISLAND.load)).toBe('load');
  });

  it('each island hydrates as the server drew it (no mismatch) and then works', async () => {
    const result = await renderPage('/app/product/1?lng=en', 'en');
    mount(result, 'en', '/app/product/1?lng=en');
    const product = island('product');
    const before = product.innerHTML;
    await hydrateIsland(product);
    expect(product.hasAttribute(ISLAND.hydrated)).toBe(true);
    await hydrated(product);
    // Hydrated means React's: the tabs answer a press.
    const reviewsTab = await screen.findByRole('tab', { name: /review|comment/i });
    await userEvent.click(reviewsTab);
    await waitFor(() => expect(reviewsTab).toHaveAttribute('aria-selected', 'true'));
    expect(before).toContain('role="tablist"');
    await hydrateIsland(island('header'));
    await hydrateIsland(island('newsletter'));
    await hydrated(island('header'), island('newsletter'));
  });

  it('every page is an islands page, the account’s with a light island', async () => {
    const post = await renderPage('/app/news/1?lng=fa', 'fa');
    expect(post.islands).toBe(true);
    const about = await renderPage('/app/aboutus?lng=fa', 'fa');
    expect(about.islands).toBe(true);
    const news = await renderPage('/app/news?lng=fa', 'fa');
    expect(news.islands).toBe(true);
    expect(news.html).toContain('data-island="newsList"');
    const home = await renderPage('/app/?lng=fa', 'fa');
    expect(home.islands).toBe(true);
    for (const name of ['banners', 'recommended', 'welcome'])
      expect(home.html).toContain(`data-island="${name}"`);
    const products = await renderPage('/app/products?lng=fa', 'fa');
    expect(products.html).toContain('data-island="productList"');
    for (const page of ['/app/products/search/saffron?lng=fa', '/app/collections/search/Saffron?lng=fa']) {
      const islands = await renderPage(page, 'fa');
      expect(islands.islands, page).toBe(true);
    }
    const signIn = await renderPage('/app/s?lng=fa', 'fa');
    expect(signIn.html).toContain('data-island="signIn"');
    for (const page of ['/app/login?lng=fa', '/app/register?lng=fa'])
      expect((await renderPage(page, 'fa')).html, page).toContain('data-island="auth"');
    const missing = await renderPage('/app/no-such-page?lng=fa', 'fa');
    expect(missing.islands).toBe(true);
    expect(missing.html).toContain('data-island="header"');
    // The account's page too: its list an island on the light client, loaded at once, drawn by the
    // server as a skeleton with a hidden note for a failed load.
    const account = await renderPage('/app/account/requests?lng=fa', 'fa');
    expect(account.islands).toBe(true);
    expect(account.html).toMatch(
      /<div data-island="myRequests" [^>]*data-island-load="load"[^>]* data-island-lite data-island-signed-in-only="\/app\/login\?next=%2Fapp%2Faccount%2Frequests%3Flng%3Dfa&amp;lng=fa" style="display:contents">/,
    );
    expect(account.html).toMatch(/<div data-island-failure="" hidden=""><div role="alert"/);
    // (Rendered last: a server render and a hydration in one realm would share React's contexts.)
    mount(post, 'fa', '/app/news/1?lng=fa');
    await hydrateIsland(island('header'));
    await hydrated(island('header'));
  });

  it('the account page’s list is drawn by the light client: signed out, the login page with the way back; signed in, the list', async () => {
    const result = await renderPage('/app/account/requests?lng=en', 'en');
    mount(result, 'en', '/app/account/requests?lng=en');
    const list = island('myRequests');
    expect(list.hasAttribute(LITE_ISLAND)).toBe(true);
    const replace = vi.spyOn(page, 'replace').mockImplementation(() => undefined);
    const signedOut = await drawLiteIsland(list);
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/app/login?next=%2Fapp%2Faccount%2Frequests%3Flng%3Den&lng=en'),
    );
    replace.mockRestore();
    // (Its page would be gone: unmounted, it does not answer the sign-in below.)
    act(() => signedOut.unmount());

    const { phone } = await signedInUser();
    await apiRequest('en', 'store/products/2/orders/', {
      method: 'POST',
      body: { phone, email: '', description: 'Twenty cartons, please.' },
    });
    mount(result, 'en', '/app/account/requests?lng=en');
    // The server's skeleton, with its failure note hidden.
    expect(island('myRequests').querySelector('[data-island-failure]')).toHaveAttribute('hidden');
    const signedIn = await drawLiteIsland(island('myRequests'));
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Received');
    expect(island('myRequests').querySelector('[data-island-failure]')).toBeNull();
    // Logged out once the list is shown (the header takes the visitor home after its notice): a note
    // with the way back, and no navigation of its own.
    const kept = vi.spyOn(page, 'replace').mockImplementation(() => undefined);
    act(() => tokenStore.clear());
    expect(
      await screen.findByText('You have logged out: your requests are shown again once you log in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/login?next=%2Fapp%2Faccount%2Frequests%3Flng%3Den&lng=en',
    );
    expect(kept).not.toHaveBeenCalled();
    kept.mockRestore();
    act(() => signedIn.unmount());
  });

  for (const path of [
    '/app/?lng=en',
    '/app/products?lng=fa',
    '/app/news?lng=en',
    '/app/aboutus?lng=fa',
    '/app/s?lng=en&next=%2Fapp%2Fnews',
    '/app/register?lng=fa',
  ]) {
    it(`every island of ${path} hydrates as the server drew it`, async () => {
      const language = path.includes('lng=fa') ? 'fa' : 'en';
      const result = await renderPage(path, language);
      mount(result, language, path);
      const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND.name}]`)];
      expect(islands.length).toBeGreaterThanOrEqual(3);
      for (const island of islands) await hydrateIsland(island);
      await hydrated(...islands);
    });
  }
});

describe('what is typed and pressed while an island hydrates', () => {
  // Last in the file: the early-input script records from here on (its recording is stopped after).
  afterEach(() => {
    window.__storefrontEarlyInput!.active = false;
  });

  it('a login filled and sent after React listens but before it owns the form signs in with what was typed', async () => {
    await import('../src/early-input.ts');
    const input = window.__storefrontEarlyInput!;
    input.active = true;
    input.presses.length = 0;
    const password = 'Quince-Orchard-2026';
    const { phone } = await registeredUser(password);
    const result = await renderPage('/app/login?lng=en&next=%2Fapp%2Faccount%2Frequests', 'en');
    mount(result, 'en', '/app/login?lng=en&next=%2Fapp%2Faccount%2Frequests');
    const auth = island('auth');
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    const sent: unknown[] = [];
    const fetching = vi.spyOn(apiConfig, 'fetch').mockImplementation((url, init) => {
      if (String(url).includes('/auth/jwt/create/')) sent.push(JSON.parse(String(init?.body)));
      return browserFetch(url, init);
    });
    try {
      // The moment hydrateRoot is called (the island is marked in the same task): React listens to
      // the island, and has hydrated none of it yet. The visitor types and sends now (seen in CI: the
      // form was sent empty, 401).
      const typedAndSent = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!auth.hasAttribute(ISLAND.handingOver)) return;
          observer.disconnect();
          const field = (label: string) =>
            within(auth).getByLabelText<HTMLInputElement>(label, { exact: true });
          for (const [label, value] of [
            ['Mobile number', phone],
            ['Password', password],
          ] as const) {
            field(label).value = value;
            field(label).dispatchEvent(new Event('input', { bubbles: true }));
          }
          within(auth)
            .getByRole('button', { name: 'Log in' })
            .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          resolve();
        });
        observer.observe(auth, { attributes: true, attributeFilter: [ISLAND.handingOver] });
      });
      const hydrating = hydrateIsland(auth);
      await typedAndSent;
      await hydrating;
      await waitFor(() => expect(tokenStore.get()).not.toBeNull());
      expect(sent).toEqual([{ username: phone, password }]);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/requests'));
      expect(auth.hasAttribute(ISLAND.handingOver)).toBe(false);
      await islandsSettled();
    } finally {
      assign.mockRestore();
      fetching.mockRestore();
      tokenStore.clear();
    }
  });
});
