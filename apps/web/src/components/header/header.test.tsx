import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoStoreName } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';

describe('language switcher', () => {
  it('opens on the first item with Enter, Space and ArrowDown, on the last with ArrowUp', async () => {
    const { user } = await renderPage('en');
    const globe = screen.getByRole('button', { name: /Change language/ });
    for (const key of ['{Enter}', ' ', '{ArrowDown}']) {
      globe.focus();
      await user.keyboard(key);
      const menu = screen.getByRole('menu');
      expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(globe).toHaveFocus();
    }
    await user.keyboard('{ArrowUp}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.at(-1)).toHaveFocus();
  });

  it('lists both languages with flag and name, the current one disabled', async () => {
    const { user } = await renderPage('en');
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    const menu = screen.getByRole('menu');
    const [fa, en] = within(menu).getAllByRole('menuitem');
    expect(fa).toHaveTextContent('فارسی');
    expect(fa).toHaveAttribute('lang', 'fa');
    expect(fa).not.toHaveAttribute('aria-disabled');
    expect(en).toHaveTextContent('English');
    expect(en).toHaveAttribute('aria-disabled', 'true');
    expect(fa!.querySelector('svg')).not.toBeNull();
    // The disabled item does nothing.
    await user.click(en!);
    expect(document.documentElement.lang).toBe('en');
  });

  it('closes on Tab and on a click outside', async () => {
    const { user } = await renderPage('en');
    const globe = screen.getByRole('button', { name: /Change language/ });
    await user.click(globe);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).toBeNull();
    globe.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('switches lang, dir, title and every text at once', async () => {
    const { user } = await renderPage('en');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(screen.getByRole('menuitem', { name: 'فارسی' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('fa');
    // The store's own name in Persian, once its identity in Persian has come.
    await waitFor(() => expect(document.title).toBe(demoStoreName('fa')));
    expect(screen.getByRole('navigation', { name: 'منوی اصلی' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `به ${demoStoreName('fa')} خوش آمدید`,
    );
    // The focus is back on the globe button.
    expect(screen.getByRole('button', { name: /تغییر زبان/ })).toHaveFocus();
    // The footer categories come again, in Persian.
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'محصولات کشاورزی صادراتی' })).toBeInTheDocument();
  });
});

describe('mega-menu', () => {
  it('opens on hover with the collections; a collection shows its subcollections, a subcollection its products', async () => {
    const { user } = await renderPage('en');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await user.hover(within(nav).getByRole('link', { name: 'Products' }));
    const toggle = within(nav).getByRole('button', { name: 'Show product categories' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const collection = await within(nav).findByRole('link', { name: 'Nuts & Dried Fruit' });
    expect(collection).toHaveAttribute('href', '/app/collections/search/Nuts%20%26%20Dried%20Fruit');
    await user.hover(collection);
    expect(
      within(nav).getByRole('heading', { name: 'Nuts & Dried Fruit: subcollections' }),
    ).toBeInTheDocument();
    await user.hover(within(nav).getByRole('link', { name: 'Pistachios' }));
    const products = within(nav).getByRole('list', { name: 'Products of Pistachios' });
    for (const link of within(products).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^\/app\/product\/\d+$/);
    }
    await user.unhover(nav);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('works by keyboard: the button opens, Escape closes and returns focus', async () => {
    const { user } = await renderPage('en');
    const toggle = screen.getByRole('button', { name: 'Show product categories' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Agricultural Exports' });
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Agricultural Exports' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('mobile menu', () => {
  it('a click opens it although the pointer hovering opened it a moment before; a later click closes it', async () => {
    const { user } = await renderPage('en');
    const button = screen.getByRole('button', { name: 'Menu' });
    // The click's own mouseenter opens the menu first: the click must not close it again.
    await user.click(button);
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Products', 'About us', 'News']);
    // A click well after the hover (the pointer stays on the button) toggles it closed.
    const later = performance.now() + 5000;
    const clock = vi.spyOn(performance, 'now').mockReturnValue(later);
    try {
      await user.click(button);
      expect(screen.queryByRole('menu')).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});

describe('search box', () => {
  it('goes to /app/products/search/{text} on Enter and on its button', async () => {
    const { user, router } = await renderPage('en');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'saffron{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products/search/saffron'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “saffron”' }),
    ).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.clear(box);
    await user.type(box, 'چای');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/app/products/search/${encodeURIComponent('چای')}`),
    );
  });
});
