import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiOrigin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('product list page', () => {
  it('counts in Persian digits in fa, with breadcrumb and cards', async () => {
    const { user } = await renderApp('/products', { lng: 'fa' });
    expect(await screen.findByText(/^[۰-۹]+ محصول$/)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'مسیر صفحه' });
    expect(within(crumbs).getByRole('link', { name: 'خانه' })).toHaveAttribute('href', '/app');
    expect(within(crumbs).getByText('محصولات')).toHaveAttribute('aria-current', 'page');
    const cards = screen.getAllByRole('article');
    expect(cards.length).toBeGreaterThan(1);
    const firstTitle = within(cards[0]!).getByRole('heading').textContent;
    // The sort toggle: oldest first by default, newest first after a click.
    await user.click(screen.getByRole('button', { name: /تاریخ انتشار/ }));
    await screen.findByRole('button', { name: /جدیدترین/ });
    await waitFor(() =>
      expect(within(screen.getAllByRole('article')[0]!).getByRole('heading').textContent).not.toBe(
        firstTitle,
      ),
    );
  });

  it('counts in Latin digits in en, and a card links to its page and to the request dialog', async () => {
    await renderApp('/products', { lng: 'en' });
    expect(await screen.findByText(/^\d+ products$/)).toBeInTheDocument();
    const card = screen.getAllByRole('article')[0]!;
    const title = within(card).getByRole('link', { name: within(card).getByRole('heading').textContent! });
    const id = /\/app\/product\/(\d+)$/.exec(title.getAttribute('href')!)?.[1];
    expect(id).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      `/app/product/${id}?status=open`,
    );
  });
});

describe('product list paging', () => {
  it('shows the total count, 24 cards, then the rest after load more with focus on the first new card', async () => {
    const total = (
      (await (await fetch(`${apiOrigin()}/en/api/store/products/?limit=1`)).json()) as { count: number }
    ).count;
    expect(total).toBeGreaterThan(24);
    const { user } = await renderApp('/products', { lng: 'en' });
    expect(await screen.findByText(`${total} products`)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText(`24 of ${total} products shown`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(total));
    const cards = screen.getAllByRole('article');
    await waitFor(() => expect(within(cards[24]!).getByRole('heading').querySelector('a')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more products' })).toBeNull();
    // Newest first starts again from the first page, in the other order.
    const sort = screen.getByRole('button', { name: /Order by publish date/ });
    await user.click(sort);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    // The toggle stayed in place (no skeleton in between) and keeps the keyboard.
    expect(sort).toBeInTheDocument();
    expect(sort).toHaveFocus();
    const ids = screen
      .getAllByRole('article')
      .map((card) => Number(/(\d+)$/.exec(within(card).getByRole('heading').querySelector('a')!.href)![1]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('an empty search says so and links to all products', async () => {
    await renderApp('/products/search/zzqqxx-nothing', { lng: 'en' });
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No product matched “zzqqxx-nothing”.');
    expect(within(empty).getByRole('link', { name: 'See all products' })).toHaveAttribute(
      'href',
      '/app/products',
    );
    // (The count and the tab's title come with the same answer, in a later commit on a busy machine.)
    expect(await screen.findByText('0 products')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('zzqqxx-nothing'));
  });
});
